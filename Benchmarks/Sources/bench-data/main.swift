// bench-data DIR [--seed N] [--shapes [--megabytes N] | --sales ROWS]: writes
// the benchmark data into DIR, the same bytes for the same seed on every
// machine (a SplitMix64 generator, no Foundation, no hashing of strings). With
// --shapes, only the menus of other shapes (DIR/shapes/, 50 MB each unless
// --megabytes says otherwise), for `memory.sh`; with --sales, only a Square
// export of ROWS rows and its shop (DIR/sales/, see Sales.swift), for
// `import.sh`.
//
//   DIR/menu-1mb.yaml, menu-10mb.yaml, menu-50mb.yaml   menus of about that size
//   DIR/menu-10mb.inventory.yaml                        a stock for the 10 MB menu
//   DIR/chain/stores.yaml                               a manifest of 1,000 stores
//   DIR/chain/base.yaml                                 the chain's menu: 200 fruits, 500 recipes
//   DIR/chain/stores/storeNNNN.yaml                     333 store menus extending it
//   DIR/chain/state/storeNNNN.yaml                      one inventory per store
//   DIR/shapes/long-names.yaml                          about 50 MB, names of 200 to 3,000 bytes
//   DIR/shapes/translations.yaml                        about 50 MB, 20 to 60 locales per name
//   DIR/shapes/small-recipes.yaml                       about 50 MB, 1-2 ingredients, short ids
//
// Menus mix every form of the spec: fruit shorthand (`kiwi: 10`), flow and
// block long forms, names as one string or as `en`/`ko` mappings, recipe
// shorthand and long form (`uses` + `name`), `x-` metadata keys, quoted and
// plain scalars, comments.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

import Seeded

/// A message on stderr.
func complain(_ message: String) {
    _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}

let fruitWords: [(en: String, ko: String, id: String)] = [
    ("Strawberry", "딸기", "strawberry"), ("Banana", "바나나", "banana"), ("Pineapple", "파인애플", "pineapple"),
    ("Kiwi", "키위", "kiwi"), ("Mango", "망고", "mango"), ("Apple", "사과", "apple"), ("Pear", "배", "pear"),
    ("Grape", "포도", "grape"), ("Peach", "복숭아", "peach"), ("Watermelon", "수박", "watermelon"),
    ("Melon", "참외", "melon"), ("Tangerine", "귤", "tangerine"), ("Lemon", "레몬", "lemon"),
    ("Grapefruit", "자몽", "grapefruit"), ("Cherry", "체리", "cherry"), ("Blueberry", "블루베리", "blueberry"),
    ("Pomegranate", "석류", "pomegranate"), ("Orange", "오렌지", "orange"), ("Lime", "라임", "lime"),
    ("Coconut", "코코넛", "coconut"),
]
let styles: [(en: String, ko: String)] = [
    ("Juice", "쥬스"), ("Smoothie", "스무디"), ("Ade", "에이드"), ("Shake", "쉐이크"), ("Tea", "티"),
]

/// One fruit: id, English and Korean name.
struct FruitSpec {
    var id: String
    var en: String
    var ko: String
}

func makeFruits(_ count: Int, prefix: String = "") -> [FruitSpec] {
    (0..<count).map { index in
        let word = fruitWords[index % fruitWords.count]
        let number = index / fruitWords.count + 1
        return FruitSpec(id: "\(prefix)\(word.id)\(number)", en: "\(word.en) \(number)", ko: "\(word.ko) \(number)")
    }
}

/// Appends text to a byte buffer.
struct Writer {
    var bytes: [UInt8] = []
    mutating func callAsFunction(_ text: String) { bytes.append(contentsOf: text.utf8) }
}

func writeFruit(_ fruit: FruitSpec, stock: Int, form: Int, to out: inout Writer) {
    switch form {
    case 0:  // shorthand
        out("  \(fruit.id): \(stock)\n")
    case 1:  // flow, two names
        out("  \(fruit.id): { name: { en: \(fruit.en), ko: \(fruit.ko) }, stock: \(stock) }\n")
    case 2:  // flow, one name
        out("  \(fruit.id): { name: \(fruit.en), stock: \(stock) }\n")
    default:  // block, with a metadata key
        out("  \(fruit.id):\n    name:\n      en: \(fruit.en)\n      ko: \"\(fruit.ko)\"\n    stock: \(stock)\n    x-origin: farm \(stock % 17)\n")
    }
}

/// A recipe: 1 to 4 distinct fruits (the first one given), quantities 1 to 20.
func ingredients(first: Int, fruitCount: Int, random: inout SplitMix64) -> [(Int, Int)] {
    var chosen = [first]
    let extra = [0, 1, 1, 2, 2, 3][random.below(6)]
    while chosen.count < 1 + extra && chosen.count < fruitCount {
        let candidate = random.below(fruitCount)
        if !chosen.contains(candidate) { chosen.append(candidate) }
    }
    return chosen.map { ($0, random.within(1...20)) }
}

func writeRecipe(
    id: String, uses: [(Int, Int)], fruits: [FruitSpec], form: Int, style: Int, to out: inout Writer
) {
    let flowUses = uses.map { "\(fruits[$0.0].id): \($0.1)" }.joined(separator: ", ")
    let en = uses.map { fruits[$0.0].en }.joined(separator: " ") + " " + styles[style].en
    let ko = uses.map { fruits[$0.0].ko }.joined(separator: " ") + " " + styles[style].ko
    switch form {
    case 0:  // shorthand, flow
        out("  \(id): { \(flowUses) }\n")
    case 1:  // shorthand, block, with a metadata key
        out("  \(id):\n")
        for (fruit, quantity) in uses { out("    \(fruits[fruit].id): \(quantity)\n") }
        out("    x-note: seasonal\n")
    case 2:  // long form, flow name and uses
        out("  \(id):\n    name: { en: \(en), ko: \(ko) }\n    uses: { \(flowUses) }\n")
    case 3:  // long form, one quoted name
        out("  \(id):\n    name: \"\(en) (house)\"\n    uses: { \(flowUses) }\n")
    default:  // long form, all block
        out("  \(id):\n    name:\n      en: \(en)\n      ko: \(ko)\n    uses:\n")
        for (fruit, quantity) in uses { out("      \(fruits[fruit].id): \(quantity)\n") }
    }
}

/// A menu with `fruitCount` fruits and recipes until it holds about
/// `targetBytes` (or exactly `recipeCount` recipes when given). Every fruit
/// is used by some recipe, so a valid menu has no warnings.
func menu(fruitCount: Int, targetBytes: Int?, recipeCount: Int?, random: inout SplitMix64, title: String) -> (Writer, [FruitSpec], [String]) {
    var out = Writer()
    let fruits = makeFruits(fruitCount)
    out("# \(title), written by bench-data: every form the menu format allows.\n")
    out("x-generator: bench-data\n")
    out("fruits:\n")
    for fruit in fruits {
        writeFruit(fruit, stock: random.within(0...500), form: random.below(4), to: &out)
    }
    out("\nrecipes:\n")
    var ids: [String] = []
    var index = 0
    while true {
        if let recipeCount, index >= recipeCount { break }
        if recipeCount == nil, let targetBytes, out.bytes.count >= targetBytes, index >= fruitCount { break }
        let uses = ingredients(first: index % fruitCount, fruitCount: fruitCount, random: &random)
        let style = random.below(styles.count)
        let id = "\(fruits[uses[0].0].id)\(styles[style].en)\(index)"
        if index % 1000 == 0 { out("  # recipes from \(index)\n") }
        writeRecipe(id: id, uses: uses, fruits: fruits, form: random.below(5), style: style, to: &out)
        ids.append(id)
        index += 1
    }
    return (out, fruits, ids)
}

func inventory(_ fruits: [FruitSpec], random: inout SplitMix64) -> Writer {
    var out = Writer()
    out("# Stock per fruit, written by juice. Edit by hand or with `juice adjust`.\n")
    for fruit in fruits { out("\(fruit.id): \(random.within(0...60))\n") }
    return out
}

func write(_ out: Writer, to path: String) {
    guard let file = fopen(path, "wb") else {
        complain("bench-data: cannot write \(path)\n")
        exit(73)
    }
    _ = out.bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
}

func makeDirectory(_ path: String) {
    if mkdir(path, 0o755) != 0 && errno != EEXIST {
        complain("bench-data: cannot create \(path)\n")
        exit(73)
    }
}

// MARK: - Menus of other shapes

/// Menus whose recipes are shaped unlike `menu(...)`'s (about 120 bytes a
/// recipe, 1 to 4 ingredients, `en`/`ko` names): the peak memory of a
/// 50 MB menu depends on how its bytes split into recipes, names and keys.
enum Shape: String, CaseIterable {
    /// Names of 200 to 3,000 bytes: one string, or `en`/`ko`.
    case longNames = "long-names"
    /// Names in 20 to 60 locales each, short texts.
    case translations
    /// Shorthand recipes of 1 or 2 ingredients with ids of 2 to 5 bytes.
    case smallRecipes = "small-recipes"
}

let nameWords = [
    "fresh", "cold", "pressed", "organic", "morning", "sunrise", "tropical", "garden", "velvet", "golden",
    "island", "mountain", "honey", "mint", "ginger", "vanilla", "citrus", "berry", "summer", "winter",
]
let koWords = ["신선한", "차가운", "착즙", "유기농", "아침", "열대", "정원", "황금", "섬", "꿀", "민트", "생강"]
/// Locale codes, as written in the `name` mappings of the translations shape.
let localeCodes = [
    "en", "ko", "ja", "zh", "zh-Hant", "fr", "de", "es", "es-MX", "pt", "pt-BR", "it", "nl", "sv", "da", "nb",
    "fi", "pl", "cs", "sk", "hu", "ro", "bg", "el", "tr", "ru", "uk", "he", "ar", "fa", "hi", "bn", "ta", "te",
    "th", "vi", "id", "ms", "tl", "sw", "af", "ca", "eu", "gl", "hr", "sr", "sl", "lt", "lv", "et", "is", "ga",
    "cy", "mt", "sq", "mk", "ka", "hy", "az", "kk", "uz", "mn",
]

/// `count` words of `words`, separated by spaces.
func words(_ count: Int, of words: [String], random: inout SplitMix64) -> String {
    (0..<count).map { _ in words[random.below(words.count)] }.joined(separator: " ")
}

/// A short id for a number: a letter, then base 36 digits (`a`, `b0`, `kz9`).
func shortID(_ number: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz")
    var rest = number / 26
    var id = String(letters[number % 26])
    while rest > 0 {
        id.append(digits[rest % 36])
        rest /= 36
    }
    return id
}

/// A menu of `shape` of about `targetBytes`; every fruit is used.
func shapedMenu(_ shape: Shape, targetBytes: Int, random: inout SplitMix64) -> Writer {
    var out = Writer()
    let fruitCount = shape == .smallRecipes ? 100 : 500
    let fruits: [FruitSpec] =
        shape == .smallRecipes
        ? (0..<fruitCount).map { FruitSpec(id: "f\($0)", en: "Fruit \($0)", ko: "과일 \($0)") }
        : makeFruits(fruitCount)
    out("# A menu of \(shape.rawValue), written by bench-data.\n")
    out("fruits:\n")
    for fruit in fruits {
        writeFruit(fruit, stock: random.within(0...500), form: random.below(4), to: &out)
    }
    out("\nrecipes:\n")
    var index = 0
    while out.bytes.count < targetBytes || index < fruitCount {
        let first = index % fruitCount
        switch shape {
        case .longNames:
            let uses = ingredients(first: first, fruitCount: fruitCount, random: &random)
            let flowUses = uses.map { "\(fruits[$0.0].id): \($0.1)" }.joined(separator: ", ")
            let id = "\(fruits[first].id)Blend\(index)"
            let en = words(random.within(30...400), of: nameWords, random: &random)
            switch random.below(3) {
            case 0:  // one plain string
                out("  \(id):\n    name: \(en)\n    uses: { \(flowUses) }\n")
            case 1:  // one quoted string
                out("  \(id):\n    name: \"\(en)\"\n    uses: { \(flowUses) }\n")
            default:  // en and ko, block
                let ko = words(random.within(30...300), of: koWords, random: &random)
                out("  \(id):\n    name:\n      en: \(en)\n      ko: \(ko)\n    uses: { \(flowUses) }\n")
            }
        case .translations:
            let uses = ingredients(first: first, fruitCount: fruitCount, random: &random)
            let flowUses = uses.map { "\(fruits[$0.0].id): \($0.1)" }.joined(separator: ", ")
            let id = "\(fruits[first].id)Mix\(index)"
            let locales = random.within(20...60)
            let base = fruits[first].en
            if random.below(2) == 0 {  // block
                out("  \(id):\n    name:\n")
                for locale in localeCodes.prefix(locales) { out("      \(locale): \(base) \(locale)\n") }
                out("    uses: { \(flowUses) }\n")
            } else {  // flow
                let name = localeCodes.prefix(locales).map { "\($0): \(base) \($0)" }.joined(separator: ", ")
                out("  \(id):\n    name: { \(name) }\n    uses: { \(flowUses) }\n")
            }
        case .smallRecipes:
            let id = shortID(index)
            let second = random.below(fruitCount)
            let quantity = random.within(1...9)
            switch random.below(4) {
            case 0:  // two ingredients, flow
                if second == first {
                    out("  \(id): { \(fruits[first].id): \(quantity) }\n")
                } else {
                    let other = random.within(1...9)
                    out("  \(id): { \(fruits[first].id): \(quantity), \(fruits[second].id): \(other) }\n")
                }
            case 1:  // one, block
                out("  \(id):\n    \(fruits[first].id): \(quantity)\n")
            default:  // one, flow
                out("  \(id): { \(fruits[first].id): \(quantity) }\n")
            }
        }
        index += 1
    }
    return out
}

// MARK: - main

var arguments = Array(CommandLine.arguments.dropFirst())
var seed: UInt64 = 20_240_601
if let flag = arguments.firstIndex(of: "--seed"), flag + 1 < arguments.count, let value = UInt64(arguments[flag + 1]) {
    seed = value
    arguments.removeSubrange(flag...flag + 1)
}
var shapeMegabytes = 50
if let flag = arguments.firstIndex(of: "--megabytes"), flag + 1 < arguments.count, let value = Int(arguments[flag + 1]),
    value > 0
{
    shapeMegabytes = value
    arguments.removeSubrange(flag...flag + 1)
}
var salesRows: Int?
if let flag = arguments.firstIndex(of: "--sales"), flag + 1 < arguments.count, let value = Int(arguments[flag + 1]),
    value > 0
{
    salesRows = value
    arguments.removeSubrange(flag...flag + 1)
}
let onlyShapes = arguments.contains("--shapes")
arguments.removeAll { $0 == "--shapes" }
guard arguments.count == 1 else {
    complain("usage: bench-data DIR [--seed N] [--shapes [--megabytes N] | --sales ROWS]\n")
    exit(64)
}
let directory = arguments[0]
makeDirectory(directory)

if let salesRows {
    writeSales(rows: salesRows, seed: seed, into: directory)
    print("bench-data: wrote \(directory)/sales (\(salesRows) rows, seed \(seed))")
    exit(0)
}

if onlyShapes {
    makeDirectory("\(directory)/shapes")
    for (number, shape) in Shape.allCases.enumerated() {
        var random = SplitMix64(state: seed &+ 5000 &+ UInt64(number))
        let menu = shapedMenu(shape, targetBytes: shapeMegabytes * 1_000_000, random: &random)
        write(menu, to: "\(directory)/shapes/\(shape.rawValue).yaml")
    }
    print("bench-data: wrote \(directory)/shapes (seed \(seed))")
    exit(0)
}

// The single menus.
for (name, megabytes, fruitCount) in [("menu-1mb", 1, 200), ("menu-10mb", 10, 1000), ("menu-50mb", 50, 2000)] {
    var random = SplitMix64(state: seed &+ UInt64(megabytes))
    let (out, fruits, _) = menu(
        fruitCount: fruitCount, targetBytes: megabytes * 1_000_000, recipeCount: nil, random: &random,
        title: "A \(megabytes) MB menu")
    write(out, to: "\(directory)/\(name).yaml")
    if megabytes == 10 {
        write(inventory(fruits, random: &random), to: "\(directory)/\(name).inventory.yaml")
    }
}

// The chain: a base menu, 1,000 stores, a third with their own menu.
let chain = "\(directory)/chain"
makeDirectory(chain)
makeDirectory("\(chain)/stores")
makeDirectory("\(chain)/state")
var random = SplitMix64(state: seed &+ 1000)
let (base, baseFruits, baseRecipes) = menu(
    fruitCount: 200, targetBytes: nil, recipeCount: 500, random: &random, title: "The chain's menu")
write(base, to: "\(chain)/base.yaml")
var manifest = Writer()
manifest("# 1,000 stores, written by bench-data.\nx-generator: bench-data\nstores:\n")
for number in 1...1000 {
    let store = "store" + String(repeating: "0", count: 4 - String(number).count) + String(number)
    var fruits = baseFruits
    var menuPath = "base.yaml"
    if number % 3 == 0 {
        // Its own menu: the base, a few recipes overridden, one removed, one
        // new fruit and a recipe for it.
        menuPath = "stores/\(store).yaml"
        var out = Writer()
        out("# \(store): the chain's menu with its own changes.\nextends: ../base.yaml\n")
        let local = FruitSpec(id: "local\(number)", en: "Local Fruit \(number)", ko: "지역 과일 \(number)")
        fruits.append(local)
        out("fruits:\n")
        writeFruit(local, stock: random.within(5...50), form: 1 + random.below(3), to: &out)
        out("recipes:\n")
        var overridden: [Int] = []
        while overridden.count < 3 {
            let candidate = random.below(baseRecipes.count)
            if !overridden.contains(candidate) { overridden.append(candidate) }
        }
        for recipe in overridden {
            let uses = ingredients(first: random.below(baseFruits.count), fruitCount: baseFruits.count, random: &random)
            writeRecipe(id: baseRecipes[recipe], uses: uses, fruits: baseFruits, form: random.below(5), style: random.below(styles.count), to: &out)
        }
        var removed = random.below(baseRecipes.count)
        while overridden.contains(removed) { removed = random.below(baseRecipes.count) }
        out("  \(baseRecipes[removed]): ~\n")
        var localUses = ingredients(first: 0, fruitCount: baseFruits.count, random: &random)
        localUses[0] = (baseFruits.count, random.within(1...5))
        writeRecipe(id: "local\(number)Juice", uses: localUses, fruits: fruits, form: 2, style: 0, to: &out)
        write(out, to: "\(chain)/\(menuPath)")
    }
    write(inventory(fruits, random: &random), to: "\(chain)/state/\(store).yaml")
    manifest("  \(store): { menu: \(menuPath), inventory: state/\(store).yaml }\n")
}
write(manifest, to: "\(chain)/stores.yaml")
print("bench-data: wrote \(directory) (seed \(seed))")
