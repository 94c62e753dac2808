import JuiceMaker

// The steps of Documentation/Library.md on a shop: a copy of the repository's
// `recipes/` and `state/` in the folder given as the only argument. Paths are
// printed relative to it, so that the output is the same wherever it is.
guard CommandLine.arguments.count == 2 else { fatalError("usage: LibraryClient SHOP-FOLDER") }
let shop = CommandLine.arguments[1]
let manifest = shop + "/recipes/stores.yaml"

/// `text` with the shop's folder left out of the paths it names.
func shown(_ text: some CustomStringConvertible) -> String {
    text.description.replacing(shop + "/", with: "")
}

// A menu, read and checked on its own, and a pure transaction on its stock.
let loaded = try Menu.load(path: shop + "/recipes/menu.yaml")
guard let menu = loaded.value else { fatalError("the menu has errors") }
print("menu:", menu.recipes.count, "recipes,", loaded.diagnostics.count, "problems")
let after = try Inventory(initialStockOf: menu).making([try menu.order(parsing: "banana=2")])
for item in after.availability(in: menu) where item.recipe.id == "banana" {
    print("banana juice:", item.servings, "servings, limited by", item.limitedBy)
}
do {
    _ = try menu.order(parsing: "bananna=2")
} catch {
    print("order:", error)
}

// The files as `juice validate` checks them.
let service = StoreService(environment: [:])
let validation = service.validate(files: [shop + "/recipes/menu.yaml", manifest], store: nil, manifestPath: nil)
for check in validation.checks {
    print("validate:", shown(check.path), check.diagnostics.map { shown($0) })
}

// A store of the chain, opened through the service: a make, an adjust
// and an undo, each a transaction on its files; then its report.
let gangnam = try service.address(store: "gangnam", manifestPath: manifest)
let store = try service.open(gangnam, forChange: true)
let made = try store.make(try store.orders(parsing: ["strawberry"]))
print("make:", made.before["strawberry"], "->", made.after["strawberry"], "entry", made.entries.map(\.id))
let preview = try store.adjust(try store.stockChanges(parsing: ["kiwi=+5"]), reason: .delivery, dryRun: true)
print("adjust (dry run):", preview.after["kiwi"], "written:", preview.entries.count)
let delivery = try store.adjust(try store.stockChanges(parsing: ["kiwi=+5"]), reason: .delivery)
print("adjust:", delivery.after["kiwi"])
let undone = try store.undo()
print("undo: entry", undone.undone?.id ?? 0, "kiwi", undone.after["kiwi"])
let stock = try store.readStock().inventory
for item in stock.availability(in: store.menu) {
    print("report:", item.recipe.id, item.servings)
}
let (usage, _) = try store.usage()
print("usage: strawberry used", usage.fruits["strawberry"]?.used ?? 0)

// Errors say themselves as `juice` does.
do {
    _ = try service.address(store: "gangman", manifestPath: manifest)
} catch {
    print("error:", shown(error))
}
do {
    _ = try store.make(try store.orders(parsing: ["strawberry=9"]))
} catch {
    print("error:", shown(error))
}

// The chain: every store read through the service, in the manifest's order.
let chain = try service.chain(manifestPath: manifest)
chain.forEachStore { snapshot in
    snapshot.inventory?["banana"] ?? 0
} consume: { summary, bananas in
    print("chain:", summary.store.name, bananas)
    return true
}

// A live store for an app's screen, over the same files.
let live = try FruitStore(store)
try live.make([try store.menu.order(parsing: "banana=1")])
print("live: banana", live.inventory["banana"], "on disk", try store.readStock().inventory["banana"])
