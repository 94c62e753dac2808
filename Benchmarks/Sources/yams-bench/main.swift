// yams-bench FILE RUNS: Yams 5.0.1 composing FILE (read as a String, as a
// Swift program would), RUNS times after one warm-up. Prints one line:
// `ns=<median> min=<min> nodes=<top-level keys> peakKiB=<VmHWM>`.
// With RUNS = 0: one run, no warm-up (a clean peak for the memory column).
//
// yams-bench report MENU INVENTORY: the peer of `juice report --format json`,
// as a Swift developer would write it: Yams composes both files, the menu's
// fruits and recipes are read from the nodes (every form the format allows,
// `x-` keys skipped; no validation, no diagnostics, no `extends`), each
// recipe's servings, limiting fruits and shortfall worked out, and the same
// report written to stdout through JSONEncoder (keys sorted, pretty-printed).
import Foundation
import Yams

func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func peakKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }
    return 0
}

func compose(_ path: String) -> Node? {
    let data = FileManager.default.contents(atPath: path)!
    let text = String(decoding: data, as: UTF8.self)
    return try! Yams.compose(yaml: text)
}

func composeOnce(_ path: String) -> Int {
    guard let node = compose(path) else { return 0 }
    return node.mapping?.count ?? 0
}

// MARK: - The report peer

/// `juice report --format json`'s object.
struct Report: Encodable {
    struct Recipe: Encodable {
        var id: String
        var name: String
        var uses: [String: Int]
        var servings: Int
        var limitedBy: [String]
        var missing: [String: Int]
    }

    var inventory: [String: Int]
    var recipes: [Recipe]
    var diagnostics: [String] = []
}

/// A name as the menu gives it: a string, or a mapping of locale to string;
/// English, else the first one.
func displayName(_ node: Node?) -> String? {
    guard let node else { return nil }
    if let text = node.string { return text }
    guard let names = node.mapping else { return nil }
    if let english = names["en"]?.string { return english }
    return names.first?.value.string
}

func report(menu menuPath: String, inventory inventoryPath: String) -> Report {
    guard let menu = compose(menuPath)?.mapping else { fatalError("no menu") }
    var fruits: [(id: String, stock: Int)] = []
    for (key, value) in menu["fruits"]?.mapping ?? [:] {
        guard let id = key.string, !id.hasPrefix("x-") else { continue }
        fruits.append((id, value.int ?? value.mapping?["stock"]?.int ?? 0))
    }
    var stock = Dictionary(fruits.map { ($0.id, $0.stock) }, uniquingKeysWith: { $1 })
    for (key, value) in compose(inventoryPath)?.mapping ?? [:] {
        if let id = key.string, let count = value.int { stock[id] = count }
    }
    var recipes: [Report.Recipe] = []
    for (key, value) in menu["recipes"]?.mapping ?? [:] {
        guard let id = key.string, !id.hasPrefix("x-"), let entry = value.mapping else { continue }
        let uses = entry["uses"]?.mapping ?? entry
        var ingredients: [(fruit: String, quantity: Int)] = []
        for (fruit, quantity) in uses {
            guard let fruit = fruit.string, !fruit.hasPrefix("x-"), let quantity = quantity.int else { continue }
            ingredients.append((fruit, quantity))
        }
        let servings = ingredients.map { (stock[$0.fruit] ?? 0) / $0.quantity }.min() ?? 0
        var missing: [String: Int] = [:]
        if servings == 0 {
            for item in ingredients where (stock[item.fruit] ?? 0) < item.quantity {
                missing[item.fruit] = item.quantity - (stock[item.fruit] ?? 0)
            }
        }
        recipes.append(
            Report.Recipe(
                id: id, name: displayName(entry["uses"] == nil ? nil : entry["name"]) ?? id,
                uses: Dictionary(ingredients.map { ($0.fruit, $0.quantity) }, uniquingKeysWith: { $1 }),
                servings: servings,
                limitedBy: ingredients.filter { (stock[$0.fruit] ?? 0) / $0.quantity == servings }.map(\.fruit),
                missing: missing))
    }
    return Report(inventory: Dictionary(fruits.map { ($0.id, stock[$0.id] ?? 0) }, uniquingKeysWith: { $1 }), recipes: recipes)
}

// MARK: - Main

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "report" {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    var data = try! encoder.encode(report(menu: arguments[2], inventory: arguments[3]))
    data.append(UInt8(ascii: "\n"))
    FileHandle.standardOutput.write(data)
    exit(0)
}
guard arguments.count == 3, let runs = Int(arguments[2]) else {
    FileHandle.standardError.write("usage: yams-bench FILE RUNS | yams-bench report MENU INVENTORY\n".data(using: .utf8)!)
    exit(64)
}
let path = arguments[1]
var times: [UInt64] = []
var keys = 0
if runs == 0 {
    let start = now()
    keys = composeOnce(path)
    times.append(now() - start)
} else {
    keys = composeOnce(path)
    for _ in 0..<runs {
        let start = now()
        keys = composeOnce(path)
        times.append(now() - start)
    }
}
times.sort()
print("ns=\(times[times.count / 2]) min=\(times[0]) nodes=\(keys) peakKiB=\(peakKiB())")
