import Foundation
import Testing

/// The repository's example chain (`recipes/` and `state/`), copied into a
/// sandbox so that a test may break it without touching the repository, and
/// the golden files that the chain's reports are compared with.
enum ExampleChain {
    /// This folder: `Tests/JuiceCLITests`.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// The repository's root, two levels above this file.
    static let repository = testsFolder.deletingLastPathComponent().deletingLastPathComponent()

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
                at: repository.appendingPathComponent(name), to: target.appendingPathComponent(name))
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
    /// run the suite with `JUICE_UPDATE_GOLDEN=1`:
    ///
    ///     JUICE_UPDATE_GOLDEN=1 swift test --scratch-path .build-cli --filter JuiceCLITests.ChainGoldenTests
    ///
    /// then read the diff of `Tests/JuiceCLITests/Golden/` and check every
    /// number by hand before committing it. `ChainGoldenTests` also states the
    /// expected contents by hand (`golden...HasThe...` tests): update those
    /// too, and run once more without the variable (in the writing run they
    /// may read the files before they are written).
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
        #expect(
            Array(actual.utf8) == Array(expected), "stdout differs from Golden/\(name)", sourceLocation: sourceLocation)
        if Array(actual.utf8) != Array(expected) {
            // The texts too, so that the failure shows the difference readably.
            #expect(actual == String(decoding: expected, as: UTF8.self), sourceLocation: sourceLocation)
        }
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
