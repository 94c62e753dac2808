import Foundation
import JuiceMaker

/// Loads a menu from text as `menu.yaml`.
func loadMenu(_ text: String) -> Loaded<Menu> {
    MenuLoader().load(text: text, assumingPath: "menu.yaml")
}

/// The diagnostics of a menu text as `line:column code` strings, the compact
/// form the tests compare.
func places(_ text: String) -> [String] {
    places(loadMenu(text).diagnostics)
}

/// Diagnostics as `line:column code` strings.
func places(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code.rawValue)" }
}

/// The repository's root folder, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A fresh empty folder, removed when `body` returns.
func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("juice-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder.path)
}
