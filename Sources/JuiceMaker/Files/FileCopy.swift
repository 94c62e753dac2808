internal import MarkedYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies of a chain's files, written atomically: what a copy of the
/// chain elsewhere (`juice-sync pull`) is made of besides each store's
/// journal (``JournalCopy``). A link where a file is written is replaced,
/// never written through.
package enum FileCopy {
    /// Writes `text` to `path` atomically, its folders made when missing;
    /// a file that holds `text` already is left as it is, a link at `path`
    /// replaced by the file.
    ///
    /// - Throws: ``FileError`` when it cannot be written.
    package static func write(_ text: String, to path: String) throws(FileError) {
        try write(Array(text.utf8), to: path)
    }

    /// Copies the file at `source` (a menu: no larger than a menu may be)
    /// to `destination`, as ``write(_:to:)`` writes.
    ///
    /// - Throws: ``FileError`` when it cannot be read or written.
    package static func copy(_ source: String, to destination: String) throws(FileError) {
        guard
            case .bytes(let bytes) = try SourceFile.contents(
                of: source, limit: YAMLLimits.standard.maxInputBytes, onlyRegular: true)
        else { throw .unreadable(path: source, reason: .message(Message(.largerThanAMenu))) }
        try write(bytes, to: destination)
    }

    private static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try makeFolders(SystemPath.folder(of: path), path: path)
        // A link at `path` is replaced, never written through, even when
        // what it leads to holds `bytes`.
        var info = stat()
        let isLink = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
        if !isLink,
            case .bytes(let held)? = try? SourceFile.contents(of: path, limit: bytes.count + 1, onlyRegular: true),
            held == bytes
        {
            return
        }
        try AtomicFile.replace(path, with: bytes, path: path)
    }

    /// Makes the folders of `relative` under `root` real folders, as `git`
    /// and `tar` do where they write: a link among them, or at the file
    /// `relative` itself, is removed (never followed) and a folder made in
    /// its place, so that what is then written at `relative` stays inside
    /// `root`. `root` itself, the user's, is made when missing and may be
    /// a link.
    ///
    /// - Returns: the links removed, relative to `root`.
    /// - Throws: ``FileError`` when a link cannot be removed or a folder made.
    package static func replaceLinks(under root: String, along relative: String) throws(FileError) -> [String] {
        try makeFolders(root, path: root)
        var removed: [String] = []
        let parts = relative.split(separator: "/")
        var current = ""
        for (index, part) in parts.enumerated() {
            current = current.isEmpty ? String(part) : current + "/" + part
            let path = SystemPath.join(root, current)
            var info = stat()
            if lstat(path, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFLNK else { continue }
                guard unlink(path) == 0 else { throw .creating(path: path, errno: errno, replacing: true) }
                removed.append(current)
            } else if errno != ENOENT {
                throw .reading(path: path, errno: errno)
            }
            if index < parts.count - 1, mkdir(path, 0o777) != 0, errno != EEXIST {
                throw .creating(path: path, errno: errno, replacing: false)
            }
        }
        return removed
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
