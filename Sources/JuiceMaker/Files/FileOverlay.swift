/// Files' contents that reads take instead of what is on disk: the
/// documents an editor holds open, unsaved. Keyed by the file the system
/// resolves a path to (``SystemPath/resolve(_:)``), so that a menu reached
/// through `extends` by another path still reads the open text.
///
/// Only reads look here; nothing is ever written from it.
package struct FileOverlay: Sendable {
    private var files: [String: [UInt8]] = [:]

    /// An overlay with no files: every read goes to disk.
    package init() {}

    /// Whether no file is overlaid.
    package var isEmpty: Bool { files.isEmpty }

    /// The file an overlay keeps `path`'s contents under: the absolute
    /// path the system resolves it to, links followed. Two paths with the
    /// same key are the same file, to the overlay and to the loaders.
    package static func key(_ path: String) -> String {
        SystemPath.resolve(path)
    }

    /// Makes reads of `path` give `contents`, or the file on disk again
    /// when `contents` is `nil`.
    package mutating func set(_ path: String, to contents: [UInt8]?) {
        files[Self.key(path)] = contents
    }

    /// The overlaid contents of `path`, `nil` when it is read from disk.
    package func contents(of path: String) -> [UInt8]? {
        files.isEmpty ? nil : files[Self.key(path)]
    }
}
