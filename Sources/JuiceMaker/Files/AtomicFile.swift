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
    ///
    /// A symbolic link is followed: its target is replaced and the link kept.
    static func replace(_ path: String, with text: String) throws(FileError) {
        let target = linkTarget(of: path)
        let folder = folder(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        var template = Array("\(folder)/.\(name).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .cannotReplace(path: path, reason: errorText(errno)) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var existing = stat()
        let mode = stat(target, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644
        fchmod(descriptor, mode)

        if let failure = writeAll(Array(text.utf8), to: descriptor) ?? (fsync(descriptor) == 0 ? nil : errno) {
            close(descriptor)
            unlink(temporary)
            throw .writeFailed(path: path, reason: errorText(failure))
        }
        close(descriptor)
        guard rename(temporary, target) == 0 else {
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

    /// Removes the temporary files that writers killed midway left beside
    /// `path`. Only call it under the file's lock: then no other writer is
    /// midway.
    static func removeLeftovers(of path: String) {
        let target = linkTarget(of: path)
        let prefix = "." + (target.split(separator: "/").last.map(String.init) ?? target) + ".tmp-"
        let folder = folder(of: target)
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(prefix) {
                unlink(folder + "/" + name)
            }
        }
    }

    /// The file a path names once symbolic links are followed (at most 40,
    /// as the kernel does); `path` itself when it is no link.
    static func linkTarget(of path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return current }
            let destination = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : PathName.resolve(destination, besides: current)
        }
        return current
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
