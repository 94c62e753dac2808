#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file's contents so that a crash at any moment leaves either the
/// old file or the new one: a temporary file in the same folder is written,
/// flushed to disk, renamed over the old one, and the folder is flushed.
enum AtomicFile {
    /// Replaces the contents of `path` with `text` atomically, keeping an existing file's
    /// permissions (new files get 0644).
    ///
    /// - Throws: ``FileError/cannotReplace(path:reason:)`` when the temporary
    ///   file cannot be created or renamed into place,
    ///   ``FileError/writeFailed(path:reason:)`` when writing or flushing it fails.
    static func replace(_ path: String, with text: String) throws(FileError) {
        let folder = folder(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(folder)/.\(name).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .cannotReplace(path: path, reason: errorText(errno)) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var existing = stat()
        let mode = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644
        fchmod(descriptor, mode)

        if let failure = writeAll(Array(text.utf8), to: descriptor) ?? (fsync(descriptor) == 0 ? nil : errno) {
            close(descriptor)
            unlink(temporary)
            throw .writeFailed(path: path, reason: errorText(failure))
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let reason = errorText(errno)
            unlink(temporary)
            throw .cannotReplace(path: path, reason: reason)
        }
        // Flush the folder so that the rename itself survives a power loss.
        let folderDescriptor = open(folder, O_RDONLY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// The folder part of a path: "." for a bare file name.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Writes every byte, retrying short writes; returns the errno of a failure.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
