import Foundation
import TestSupport
import Testing

/// A fresh temporary folder for one test, removed afterwards: the current
/// directory of the `juice` processes the test runs.
struct Sandbox: Sendable {
    let url: URL

    /// The line a command writes on stderr, in text, when the inventory at
    /// `path` does not exist.
    static func absentNote(_ path: String = "inventory.yaml") -> String {
        "note: \(path) does not exist: starting from the menu's initial stock\n"
    }

    /// The line a command writes on stderr, in text, when no shop holds a
    /// menu and it uses the built-in one.
    static let builtinNote =
        "note: no recipes/menu.yaml here or in a parent folder: using the built-in demo menu\n"
    /// ``builtinNote`` in Korean.
    static let builtinNoteKorean = "참고: 이 폴더와 상위 폴더에 recipes/menu.yaml이 없습니다: 내장 데모 메뉴를 씁니다\n"
    /// ``builtinNote`` as one of `stderrLines`.
    static let builtinNoteLine = String(builtinNote.dropLast())

    /// Runs `body` with a new empty folder, in one of ``TestSlots``, then
    /// removes the folder.
    static func with<T>(_ body: (Sandbox) async throws -> T) async throws -> T {
        try await TestSlots.shared.run {
            try await TemporaryFolder.with(prefix: "juice-cli-tests") { url in try await body(Sandbox(url: url)) }
        }
    }

    /// Runs `juice arguments...` here.
    func juice(_ arguments: String..., environment: [String: String?] = [:]) async throws -> ProcessResult {
        try await JuiceProcess.run(arguments, in: url, environment: environment)
    }

    /// Runs `juice arguments...` here, killing it after `timeout` seconds.
    func juice(arguments: [String], environment: [String: String?] = [:], timeout: Double = 120) async throws
        -> ProcessResult
    {
        try await JuiceProcess.run(arguments, in: url, environment: environment, timeout: timeout)
    }

    /// The URL of `path`, relative to this folder.
    func file(_ path: String) -> URL {
        url.appendingPathComponent(path)
    }

    /// Writes `text` (UTF-8) to `path`, creating its folders.
    func write(_ path: String, _ text: String) throws {
        try write(path, bytes: Array(text.utf8))
    }

    /// Writes raw bytes to `path`, creating its folders.
    func write(_ path: String, bytes: [UInt8]) throws {
        let target = file(path)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: target)
    }

    /// Whether `path` exists.
    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: file(path).path)
    }

    /// The contents of `path`, or `nil` when it does not exist.
    /// The line of `fruit` in the inventory at `path` (`kiwi: [{count: 4}]`),
    /// as written; `nil` when it has none.
    func line(of fruit: String, in path: String = "inventory.yaml") throws -> String? {
        let text = String(decoding: try #require(read(path), "\(path) does not exist"), as: UTF8.self)
        return text.split(separator: "\n").first { $0.hasPrefix(fruit + ": ") }.map(String.init)
    }

    func read(_ path: String) -> Data? {
        FileManager.default.contents(atPath: file(path).path)
    }

    /// The stock an inventory file lists: its `fruit: count` lines, comments
    /// and blank lines skipped. Fails the test on any other line.
    func stock(_ path: String = "inventory.yaml", sourceLocation: SourceLocation = #_sourceLocation) throws -> [String:
        Int]
    {
        let data = try #require(read(path), "\(path) does not exist", sourceLocation: sourceLocation)
        var stock: [String: Int] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { continue }
            let parts = text.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let count = try #require(
                parts.count == 2 ? Int(parts[1]) : nil, "not a 'fruit: count' line: \(text)",
                sourceLocation: sourceLocation)
            stock[parts[0]] = count
        }
        return stock
    }
}

/// The stock of every fruit of the built-in menu, ten of each, with `changes`.
func originalStock(_ changes: [String: Int] = [:]) -> [String: Int] {
    var stock = ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 10]
    stock.merge(changes) { _, new in new }
    return stock
}

/// A stock as the JSON object `juice` writes.
func json(_ stock: [String: Int]) -> JSON {
    .object(stock.mapValues { .number(Double($0)) })
}

/// The 1-based line and column (in Unicode scalars) of the `occurrence`-th
/// (1-based) appearance of `needle` in `text`: where a diagnostic about that
/// text must point.
func position(of needle: String, in text: String, occurrence: Int = 1) -> (line: Int, column: Int)? {
    var seen = 0
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        var rest = Substring(line)
        while let range = rest.range(of: needle) {
            seen += 1
            if seen == occurrence {
                return (index + 1, line.unicodeScalars.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
            rest = rest[range.upperBound...]
        }
    }
    return nil
}
