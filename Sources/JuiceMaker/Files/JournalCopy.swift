#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The journal of a store's copy made elsewhere (`juice-sync pull`'s) as it
/// is written, line by line, so that a write that fails midway leaves the
/// journal as it was: a new journal is written to a temporary file beside
/// it and renamed into place by ``commit()`` (a link there is replaced,
/// never written through); lines appended to a journal are cut off again
/// by ``abandon()``.
///
/// ```swift
/// let journal = try JournalCopy(path: "copy/stores/north.yaml.journal", appending: false)
/// for line in lines { try journal.append(line) }
/// try journal.commit()   // or journal.abandon()
/// ```
package final class JournalCopy {
    /// The journal's path.
    package let path: String
    private var descriptor: Int32
    /// The new journal's temporary file; `nil` when appending.
    private let temporary: String?
    /// The journal's size before the first line appended.
    private let originalSize: off_t
    /// Lines not yet written: written a mebibyte at a time.
    private var pending: [UInt8] = []

    /// Starts a new journal at `path` (`appending` false), or lines
    /// appended to the journal there, which must be a file, not a link.
    ///
    /// - Throws: ``FileError`` when the file cannot be made or opened, or
    ///   is not a file of its own (a hard link to another's, which an
    ///   append would write outside the copy).
    package init(path: String, appending: Bool) throws(FileError) {
        self.path = path
        if appending {
            descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { throw .creating(path: path, errno: errno, replacing: true) }
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1 else {
                close(descriptor)
                throw .cannotReplace(
                    path: path,
                    reason: "it is not a file of its own (another name links to it); remove it and pull again")
            }
            originalSize = info.st_size
            temporary = nil
        } else {
            let folder = SystemPath.folder(of: path)
            var template = Array(
                SystemPath.join(folder, AtomicFile.temporaryPrefix(of: path) + "XXXXXX").utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { throw .creating(path: path, errno: errno, replacing: false) }
            fchmod(descriptor, 0o644)
            temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            originalSize = 0
        }
    }

    deinit {
        if descriptor >= 0 { abandon() }
    }

    /// Adds `line` (without its line feed).
    ///
    /// - Throws: ``FileError/writeFailed(path:reason:replacing:)`` when it
    ///   cannot be written (the disk is full): then ``abandon()``.
    package func append(_ line: String) throws(FileError) {
        pending.append(contentsOf: line.utf8)
        pending.append(10)
        if pending.count >= 1 << 20 { try flush() }
    }

    /// Writes the lines added, flushes them to disk and, for a new
    /// journal, renames it into place and flushes the folder.
    ///
    /// - Throws: ``FileError`` when that fails: the journal is then as
    ///   it was before.
    package func commit() throws(FileError) {
        try flush()
        if fsync(descriptor) != 0 {
            let code = errno
            abandon()
            throw .writeFailed(path: path, reason: errorText(code), replacing: temporary == nil)
        }
        closeDescriptor(descriptor)
        descriptor = -1
        guard let temporary else { return }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .creating(path: path, errno: code, replacing: true)
        }
        let folder = open(SystemPath.folder(of: path), O_RDONLY | O_CLOEXEC)
        guard folder >= 0 else { throw .notFlushed(path: path, reason: errorText(errno)) }
        defer { closeDescriptor(folder) }
        if fsync(folder) != 0, errno != EINVAL { throw .notFlushed(path: path, reason: errorText(errno)) }
    }

    /// Leaves the journal as it was: the new one removed, or the lines
    /// appended cut off.
    package func abandon() {
        guard descriptor >= 0 else { return }
        if let temporary {
            unlink(temporary)
        } else {
            ftruncate(descriptor, originalSize)
            fsync(descriptor)
        }
        closeDescriptor(descriptor)
        descriptor = -1
        pending = []
    }

    private func flush() throws(FileError) {
        if let failure = AtomicFile.writeAll(pending, to: descriptor) {
            abandon()
            throw .writeFailed(path: path, reason: errorText(failure), replacing: temporary == nil)
        }
        pending.removeAll(keepingCapacity: true)
    }
}
