// The readers behind the store service (MenuLoader, the manifest's, the
// journal's) are internal to JuiceMaker: the fuzzer reaches them as a test
// does, which the debug build it is made in allows.
@testable import JuiceMaker

/// libFuzzer's entry point: one input, read as a menu, a stores manifest,
/// command-line words, an inventory of the built-in menu and a journal (or,
/// with `JUICE_FUZZ=store`, as a store's files: ``fuzzStore(_:)``). Any input must end in a value or in diagnostics; a
/// trap, an overflow, a stack overflow or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    if fuzzesStore {
        fuzzStore(bytes)
        return 0
    }
    let menu = MenuLoader().load(contents: bytes, assumingPath: "fuzz.yaml")
    check(menu.value == nil || !menu.diagnostics.containsErrors)
    if let loaded = menu.value {
        // A menu that loads must be one the engine can work with.
        let inventory = Inventory(initialStockOf: loaded)
        _ = inventory.availability(in: loaded)
        let orders = loaded.recipes.map { Order($0, servings: Schema.maximumCount) }
        _ = try? inventory.making(orders)
        _ = inventory.shoppingList(for: orders)
    }
    // The same bytes as a stores manifest: stores it keeps are named by
    // valid ids and have a menu path.
    let manifest = StoresManifest.load(contents: bytes, assumingPath: "stores.yaml")
    check(manifest.stores.allSatisfy { Schema.isValidID($0.name) && !$0.menuPath.isEmpty })
    // And as command-line words: an order, a stock change, an order request.
    let word = String(decoding: bytes, as: UTF8.self)
    if let order = try? Menu.builtin.order(parsing: word) {
        check((1...Schema.maximumCount).contains(order.servings))
    }
    if let change = try? Menu.builtin.stockChange(parsing: word) {
        check(Menu.builtin.fruit(id: change.fruit) != nil)
    }
    if let request = try? OrderRequest(parsing: word) {
        check((1...Schema.maximumCount).contains(request.servings))
    }
    let inventory = Inventory.load(contents: bytes, assumingPath: "inventory.yaml", menu: .builtin)
    check(inventory.value == nil || !inventory.diagnostics.containsErrors)
    if let value = inventory.value {
        // What juice writes for a valid inventory reads back the same.
        let text = value.yamlText(for: .builtin)
        check(Inventory.load(text: text, assumingPath: "inventory.yaml", menu: .builtin).value == value)
    }
    // And as a journal: the entries it passes on come in order, and each
    // reads back the same from the line juice would write for it.
    let journal = Journal(path: "fuzz.journal")
    var previous = 0
    let problems = journal.read(contents: bytes) { entry in
        check(entry.id > previous)
        previous = entry.id
        var first = entry
        first.id = 1
        first.undoes = entry.undoes.map { _ in 1 }
        var readBack: [JournalEntry] = []
        let again = journal.read(contents: Array((first.line + "\n").utf8)) { readBack.append($0) }
        check(again.isEmpty && readBack == [first])
    }
    check(problems.count <= Schema.maximumDiagnostics + 1)
    return 0
}

/// A broken invariant is a crash libFuzzer records with its input.
func check(_ condition: Bool) {
    if !condition { fatalError("invariant broken") }
}

/// libFuzzer's driver, which parses the fuzzer's options and runs `fuzz`.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafeRawPointer?, Int) -> CInt
) -> CInt

/// The program's entry point under SwiftPM (which names an executable's
/// `main` after its module): hand over to libFuzzer's driver.
@_cdecl("JuiceFuzz_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return runFuzzerDriver(&argc, &argv) { fuzz($0, $1) }
}
