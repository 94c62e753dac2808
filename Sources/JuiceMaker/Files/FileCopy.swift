internal import MarkedYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies of a chain's menus and manifest, written atomically: what a copy
/// of the chain elsewhere (`juice-sync pull`) is made of besides each
/// store's inventory and journal.
public enum FileCopy {
    /// Writes `text` to `path` atomically, its folders made when missing;
    /// a file that holds `text` already is left as it is.
    ///
    /// - Throws: ``FileError`` when it cannot be written.
    public static func write(_ text: String, to path: String) throws(FileError) {
        try write(Array(text.utf8), to: path)
    }

    /// Copies the file at `source` (a menu: no larger than a menu may be)
    /// to `destination`, as ``write(_:to:)`` writes.
    ///
    /// - Throws: ``FileError`` when it cannot be read or written.
    public static func copy(_ source: String, to destination: String) throws(FileError) {
        guard
            case .bytes(let bytes) = try SourceFile.contents(
                of: source, limit: YAMLLimits.standard.maxInputBytes, onlyRegular: true)
        else { throw .unreadable(path: source, reason: "it is larger than a menu may be") }
        try write(bytes, to: destination)
    }

    private static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try makeFolders(SystemPath.folder(of: path), path: path)
        if case .bytes(let held)? = try? SourceFile.contents(of: path, limit: bytes.count + 1, onlyRegular: true),
            held == bytes
        {
            return
        }
        try AtomicFile.replace(SystemPath.resolve(path), with: bytes, path: path)
    }

    /// Makes `folder` and its missing parents, as `mkdir -p`.
    ///
    /// - Parameter path: the file written there, as errors name it.
    static func makeFolders(_ folder: String, path: String) throws(FileError) {
        var info = stat()
        guard stat(folder, &info) != 0 else { return }
        let parent = SystemPath.folder(of: folder)
        if parent != folder { try makeFolders(parent, path: path) }
        if mkdir(folder, 0o777) != 0, errno != EEXIST { throw .creating(path: path, errno: errno, replacing: false) }
    }
}
