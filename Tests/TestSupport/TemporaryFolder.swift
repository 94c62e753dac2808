import Foundation

/// A fresh empty folder for one test, removed when the test is done: the
/// one way every test suite makes its scratch space.
package enum TemporaryFolder {
    /// Runs `body` with a new empty folder whose name starts with `prefix`,
    /// then removes the folder.
    package static func with<T>(prefix: String = "juice-tests", _ body: (URL) throws -> T) throws -> T {
        let folder = try make(prefix: prefix)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// ``with(prefix:_:)`` for a test that awaits.
    package static func with<T>(prefix: String = "juice-tests", _ body: (URL) async throws -> T) async throws -> T {
        let folder = try make(prefix: prefix)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(folder)
    }

    /// ``with(prefix:_:)`` for a test that works with paths.
    package static func withPath<T>(prefix: String = "juice-tests", _ body: (String) throws -> T) throws -> T {
        try with(prefix: prefix) { try body($0.path) }
    }

    private static func make(prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
