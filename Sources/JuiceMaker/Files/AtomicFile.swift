#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file's contents so that a crash at any moment leaves either the
/// old file or the new one: a temporary file in the same folder is written,
/// flushed to disk, renamed over the old one, and the folder is flushed.
enum AtomicFile {
    /// Replaces the contents of the file at `target` with `text` atomically.
    ///
    /// The new file keeps the old one's mode, owner and group; a file that
    /// did not exist gets the mode the umask allows, as `touch` would.
    ///
    /// - Parameters:
    ///   - target: the file as the system resolves it (``SystemPath/resolve(_:)``):
    ///     it is replaced, never a link to it.
    ///   - path: the path to name in errors, as the user gave it.
    ///   - written: runs when the new file is written and flushed, just
    ///     before it goes in place.
    ///   - replaced: when given, the check of the file the new one replaces
    ///     (at the path it is given): what it throws undoes the replace (the
    ///     file replaced put back, the new one removed) and is thrown.
    ///     Where the system can swap two names at once (Linux), the file
    ///     checked is the one replaced, so that another process's file
    ///     renamed into place at any moment before is never lost; elsewhere
    ///     (no file there yet, a file system that cannot swap, Darwin), the
    ///     file there just before the rename.
    /// - Throws: ``FileError/cannotReplace(path:reason:)`` when the temporary
    ///   file cannot be created or renamed into place,
    ///   ``FileError/writeFailed(path:reason:replacing:)`` when writing or
    ///   flushing it fails or the disk is full, ``FileError/notFlushed(path:reason:)``
    ///   when the new file is in place but its folder could not be flushed.
    static func replace(
        _ target: String, with text: String, path: String, written: () -> Void = {},
        replaced: ((String) throws(FileError) -> Void)? = nil
    ) throws(FileError) {
        try replace(target, with: Array(text.utf8), path: path, written: written, replaced: replaced)
    }

    /// ``replace(_:with:path:written:replaced:)`` with bytes.
    static func replace(
        _ target: String, with bytes: [UInt8], path: String, written: () -> Void = {},
        replaced: ((String) throws(FileError) -> Void)? = nil
    ) throws(FileError) {
        let folder = SystemPath.folder(of: target)
        var existing = stat()
        let replacing = stat(target, &existing) == 0
        // A file that cannot be looked at is not a new one: its mode, owner
        // and group would be lost.
        if !replacing, errno != ENOENT { throw .reading(path: path, errno: errno) }
        var template = Array(SystemPath.join(folder, temporaryPrefix(of: target) + "XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .creating(path: path, errno: errno, replacing: replacing) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if replacing {
            // Another user of a shared shop folder cannot give the file away:
            // then the group at least is kept, as a setgid folder would. The
            // mode comes after the owner: changing the owner clears the
            // setuid and setgid bits.
            if fchown(descriptor, existing.st_uid, existing.st_gid) != 0 {
                fchown(descriptor, uid_t.max, existing.st_gid)
            }
            fchmod(descriptor, existing.st_mode & 0o7777)
        } else {
            fchmod(descriptor, 0o666 & ~currentUmask())
        }
        if let failure = writeAll(bytes, to: descriptor) ?? (fsync(descriptor) == 0 ? nil : errno) {
            close(descriptor)
            unlink(temporary)
            throw .writeFailed(path: path, reason: errorText(failure), replacing: replacing)
        }
        close(descriptor)
        written()
        if let replaced, try swap(temporary, into: target, checking: replaced) {
            // In place; the file it replaced, now at the temporary name, goes.
            unlink(temporary)
        } else {
            do {
                try replaced?(target)
            } catch {
                unlink(temporary)
                throw error
            }
            guard rename(temporary, target) == 0 else {
                let code = errno
                unlink(temporary)
                throw .creating(path: path, errno: code, replacing: replacing)
            }
        }
        // Flush the folder so that the rename itself survives a power loss.
        let folderDescriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard folderDescriptor >= 0 else { throw .notFlushed(path: path, reason: errorText(errno)) }
        defer { close(folderDescriptor) }
        if fsync(folderDescriptor) != 0, errno != EINVAL {
            throw .notFlushed(path: path, reason: errorText(errno))
        }
    }

    /// Swaps `temporary` and `target` (Linux's `renameat2` with
    /// `RENAME_EXCHANGE`), and swaps them back when `check` of the file
    /// that was at `target` throws; `false` when they cannot be swapped (no
    /// file at `target`, a file system or system that cannot).
    private static func swap(
        _ temporary: String, into target: String, checking check: (String) throws(FileError) -> Void
    ) throws(FileError) -> Bool {
        guard let exchange = Self.exchange, exchange(AT_FDCWD, temporary, AT_FDCWD, target, 2) == 0 else {
            return false
        }
        do {
            try check(temporary)
        } catch {
            // Should the swap back fail, the new file stays: the change is made.
            guard exchange(AT_FDCWD, temporary, AT_FDCWD, target, 2) == 0 else { return true }
            unlink(temporary)
            throw error
        }
        return true
    }

    /// `renameat2(2)`, whose flag 2 (`RENAME_EXCHANGE`) swaps two names at
    /// once; looked up at run time (Glibc's module does not declare it),
    /// `nil` where there is none.
    private static let exchange:
        (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? = {
            #if os(Linux)
                guard let symbol = dlsym(nil, "renameat2") else { return nil }
                return unsafeBitCast(
                    symbol,
                    to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)
                        .self)
            #else
                return nil
            #endif
        }()

    /// Removes the temporary files that writers killed midway left beside
    /// `target`. Only call it under the file's lock: then no other writer of
    /// this file is midway.
    static func removeLeftovers(of target: String) {
        let prefix = temporaryPrefix(of: target)
        let folder = SystemPath.folder(of: target)
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(prefix) {
                unlink(SystemPath.join(folder, name))
            }
        }
    }

    /// The start of the names of `target`'s temporary files: short and of
    /// fixed length (`.j` and 8 hex digits of a hash of the file's name), so
    /// that a name near the system's limit still has room for them, and
    /// distinct per file, so that a writer never removes another file's.
    static func temporaryPrefix(of target: String) -> String {
        ".j" + StableHash.hex(StableHash.of(SystemPath.lastComponent(of: target)), digits: 8) + "."
    }

    /// The process's umask, read without changing it where the system
    /// allows (Linux's `/proc/self/status`), else by setting it back at once.
    private static func currentUmask() -> mode_t {
        if let status = fopen("/proc/self/status", "r") {
            defer { fclose(status) }
            var line = [CChar](repeating: 0, count: 256)
            while fgets(&line, Int32(line.count), status) != nil {
                let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if text.hasPrefix("Umask:"), let value = mode_t(text.dropFirst(6).filter { !$0.isWhitespace }, radix: 8)
                {
                    return value
                }
            }
        }
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    /// Writes every byte, retrying short writes; returns the errno of a failure.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
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
