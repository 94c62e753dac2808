import Foundation
import TestSupport
import Testing

/// The repository's example chain (`recipes/` and `state/`), copied into a
/// sandbox so that a test may break it without touching the repository, and
/// the golden files that the outputs of `juice` are compared with.
enum ExampleChain {
    /// This folder: `Tests/JuiceCLITests`.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// `Tests/JuiceCLITests/Golden`.
    static let goldenFolder = testsFolder.appendingPathComponent("Golden", isDirectory: true)

    /// The four stores of `recipes/stores.yaml`, in its order.
    static let stores = ["gangnam", "hongdae", "jamsil", "seoulStation"]

    /// Copies `recipes/` and `state/` of the repository into `folder` (a path
    /// relative to the sandbox; "" for the sandbox itself).
    static func copy(into sandbox: Sandbox, at folder: String = "") throws {
        let manager = FileManager.default
        let target = folder.isEmpty ? sandbox.url : sandbox.file(folder)
        try manager.createDirectory(at: target, withIntermediateDirectories: true)
        for name in ["recipes", "state"] {
            try manager.copyItem(
                at: Repository.root.appendingPathComponent(name), to: target.appendingPathComponent(name))
        }
    }

    /// Replaces the one occurrence of `old` in the sandbox's file `path` by `new`.
    static func edit(
        _ sandbox: Sandbox, _ path: String, replacing old: String, with new: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let data = try #require(sandbox.read(path), "\(path) does not exist", sourceLocation: sourceLocation)
        let text = String(decoding: data, as: UTF8.self)
        try #require(
            text.components(separatedBy: old).count == 2, "'\(old)' is not in \(path) exactly once",
            sourceLocation: sourceLocation)
        let edited = text.replacingOccurrences(of: old, with: new)
        try sandbox.write(path, edited)
        return edited
    }

    /// Whether golden files are written rather than compared.
    ///
    /// To regenerate every golden file after a deliberate change of output,
    /// run the golden suite with `JUICE_UPDATE_GOLDEN=1`:
    ///
    ///     JUICE_UPDATE_GOLDEN=1 swift test --filter JuiceCLITests.GoldenTests
    ///
    /// then read the diff of `Tests/JuiceCLITests/Golden/` and check every
    /// number by hand (``GoldenTests`` says what each file must show) before
    /// committing it. No test restates a golden file; the tests that derive
    /// an output from one (a broken store left out of the chain's report)
    /// read it, so run the whole target once more without the variable.
    static var updatesGolden: Bool {
        ProcessInfo.processInfo.environment["JUICE_UPDATE_GOLDEN"] == "1"
    }

    /// The golden file `name` in `Golden/`, or `nil` when it does not exist.
    static func golden(_ name: String) -> String? {
        FileManager.default.contents(atPath: goldenFolder.appendingPathComponent(name).path)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// Compares `actual` with the golden file `name` byte for byte, or with
    /// `JUICE_UPDATE_GOLDEN=1` writes `actual` as the new golden file.
    static func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let url = goldenFolder.appendingPathComponent(name)
        if updatesGolden {
            try FileManager.default.createDirectory(at: goldenFolder, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = try #require(
            FileManager.default.contents(atPath: url.path),
            "missing golden file \(url.path); run with JUICE_UPDATE_GOLDEN=1 to write it",
            sourceLocation: sourceLocation)
        // Bytes, not `String ==`, which would take canonically equivalent texts for equal.
        let same = Array(actual.utf8) == Array(expected)
        #expect(same, "output differs from Golden/\(name)", sourceLocation: sourceLocation)
        if !same {
            // The texts too, so that the failure shows the difference readably.
            #expect(actual == String(decoding: expected, as: UTF8.self), sourceLocation: sourceLocation)
        }
    }
}

extension ExampleChain {
    /// The message of the typo that ``breakJamsil(_:)`` makes.
    static let jamsilTypoMessage =
        "unknown fruit 'strawbery' in recipe 'strawberryBanana' (did you mean 'strawberry'?)"

    /// Breaks jamsil's menu with a typo in its own strawberry banana juice and
    /// returns where the diagnostic must point.
    static func breakJamsil(_ sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        line: Int, column: Int
    ) {
        let text = try edit(
            sandbox, "recipes/stores/jamsil.yaml", replacing: "uses: { strawberry: 6", with: "uses: { strawbery: 6",
            sourceLocation: sourceLocation)
        let place = try #require(position(of: "strawbery", in: text), sourceLocation: sourceLocation)
        #expect(place.line == 7 && place.column == 13, sourceLocation: sourceLocation)
        return place
    }

    /// The text diagnostic of ``breakJamsil(_:)``'s typo at `place`.
    static func jamsilTypoLine(_ place: (line: Int, column: Int)) -> String {
        "recipes/stores/jamsil.yaml:\(place.line):\(place.column): error: \(jamsilTypoMessage) [unknown-fruit]"
    }

    /// The golden file `name` split into lines, without the final empty line.
    static func goldenLines(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let text = try #require(golden(name), "missing golden file \(name)", sourceLocation: sourceLocation)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// One diagnostic as `juice` writes it in JSON.
func diagnosticJSON(file: String, line: Int, column: Int, severity: String = "error", code: String, message: String)
    -> JSON
{
    [
        "file": .string(file), "line": .number(Double(line)), "column": .number(Double(column)),
        "severity": .string(severity), "code": .string(code), "message": .string(message),
    ]
}

/// The rows of a CSV output (header excluded), each split at commas: the
/// chain's CSV has no quoted fields.
func csvRows(_ result: ProcessResult) -> [[String]] {
    result.stdoutLines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
}
