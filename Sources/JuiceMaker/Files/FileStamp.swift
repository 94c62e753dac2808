#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What tells that a file changed without reading it: its device and inode
/// (the inventory is replaced by a rename), size, modification time and
/// status change time (a `chmod` that makes it unreadable). One `stat`
/// call, which needs no file descriptor.
package struct FileStamp: Sendable, Equatable {
    private var device: UInt64
    private var inode: UInt64
    private var size: Int64
    private var modified: timespec
    private var changed: timespec

    /// The stamp of the file at `path`; `nil` when there is none (yet) or
    /// it cannot be looked at.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The stamp of what is at `path` itself, a link not followed (`lstat`):
    /// for a folder whose links are replaced, not read through.
    package init?(entryAt path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
            modified = info.st_mtimespec
            changed = info.st_ctimespec
        #else
            modified = info.st_mtim
            changed = info.st_ctim
        #endif
    }

    /// The stamp as text, for a state file that keeps it between runs:
    /// device, inode, size and the two times, `:` between them.
    package var text: String {
        [
            device, inode, UInt64(size), UInt64(modified.tv_sec), UInt64(modified.tv_nsec), UInt64(changed.tv_sec),
            UInt64(changed.tv_nsec),
        ].map(String.init).joined(separator: ":")
    }

    /// Whether the two stamps are of the same file, unchanged.
    package static func == (lhs: FileStamp, rhs: FileStamp) -> Bool {
        lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
            && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
            && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }
}
