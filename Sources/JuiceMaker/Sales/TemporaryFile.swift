#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file of this process's own, for what an import would otherwise hold
/// in memory (``SpooledList``, ``SortedRunSet``): made in a folder (`$TMPDIR`,
/// or `/tmp`, unless said) and unlinked at once, so that nothing is left
/// behind whatever ends the process. Written only at its end; what was
/// written never changes, so copies of a value that holds it may share it.
final class TemporaryFile: @unchecked Sendable {
    private let descriptor: Int32
    /// The bytes written.
    private(set) var length = 0

    /// Makes the file in `folder` (`$TMPDIR`, or `/tmp`, when `nil`); `nil`
    /// when it cannot be made.
    init?(in folder: String?) {
        let folder =
            folder ?? getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/juice-import.XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        descriptor = made
    }

    deinit {
        close(descriptor)
    }

    /// Writes `bytes` at the end; `false` when they cannot all be written
    /// (a full disk): then the length is what it was, and what was written
    /// of them is never read.
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(length + written))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        length += written
        return true
    }

    /// Reads `buffer.count` bytes from `offset`, which were written (the
    /// file is this process's own: a read that fails is the disk's
    /// failure, and stops the process).
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) {
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            precondition(count > 0, "cannot read a temporary file of this process: errno \(errno)")
            done += count
        }
    }
}
