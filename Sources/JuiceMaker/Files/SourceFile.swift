#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads whole files with POSIX calls, so that each failure keeps its errno.
enum SourceFile {
    /// How long a FIFO or device may stay silent before its read fails, in
    /// seconds.
    static let silenceLimit = 10

    /// What reading a file gave.
    enum Contents: Equatable {
        case bytes([UInt8])
        /// The file is larger than the limit; it was not read.
        case tooLarge(size: Int)
    }

    /// Reads `file`, unless it is larger than `limit` bytes.
    ///
    /// - Parameters:
    ///   - onlyRegular: whether anything but a regular file (a
    ///   device, a FIFO, a socket) is refused at once, as for a file that a
    ///   write may follow; otherwise a FIFO is read to its end (a menu given
    ///   as `<(command)`), and one that no process writes to reads as empty.
    ///   - shownPath: the path errors name, if not `path`.
    /// - Throws: ``FileError/notFound(path:)`` or ``FileError/unreadable(path:reason:)``.
    static func contents(
        of file: String, shownAs shownPath: String? = nil, limit: Int, onlyRegular: Bool = false
    ) throws(FileError) -> Contents {
        let path = shownPath ?? file
        // What a write may follow is refused before it is opened: opening a
        // socket fails with a reason that would say nothing of what it is.
        if onlyRegular { try refuseIfNotRegular(file, shownAs: path) }
        // O_NONBLOCK: opening a FIFO that no process writes to would wait
        // forever; this way it reads as empty. Reads block again below.
        let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .notFound(path: path) }
            throw .reading(path: path, errno: code)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .reading(path: path, errno: errno) }
        let kind = info.st_mode & S_IFMT
        guard kind != S_IFDIR, !onlyRegular || kind == S_IFREG else {
            throw .unreadable(path: path, reason: notRegularReason(kind))
        }
        // A regular file is read blocking; a FIFO or a device stays
        // non-blocking and is waited on at most `silenceLimit` seconds at a
        // time, so that a writer that holds it open and writes nothing
        // cannot make juice wait forever.
        let waits = kind != S_IFREG
        if !waits { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
        let size = Int(info.st_size)
        guard size <= limit else { return .tooLarge(size: size) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: max(min(size + 1, 1 << 20), 4096))
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                if waits, code == EAGAIN || code == EWOULDBLOCK {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    let polled = poll(&ready, 1, Int32(silenceLimit * 1000))
                    if polled == 0 {
                        throw .unreadable(
                            path: path,
                            reason: .message(Message(.nothingCameFor, "\(silenceLimit)")))
                    }
                    continue
                }
                throw .reading(path: path, errno: code)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            // A file that grows while it is read still stops at the limit.
            if bytes.count > limit { return .tooLarge(size: bytes.count) }
        }
        return .bytes(bytes)
    }
}

/// Opens the regular file at `file` to read (non-blocking: a FIFO put in
/// its place must not make the open wait).
///
/// - Parameter path: the path errors name, if not `file`.
/// - Returns: the descriptor, which the caller closes, and the file's size;
///   `nil` when nothing is there.
/// - Throws: ``FileError/reading(path:errno:)`` when it cannot be opened,
///   ``FileError/unreadable(path:reason:)`` when it is not a regular file.
func openRegularFile(_ file: String, shownAs path: String? = nil) throws(FileError) -> (
    descriptor: Int32, size: Int
)? {
    let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
        let code = errno
        if code == ENOENT { return nil }
        throw .reading(path: path ?? file, errno: code)
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
        let reason = notRegularReason(info.st_mode & S_IFMT)
        close(descriptor)
        throw .unreadable(path: path ?? file, reason: reason)
    }
    return (descriptor, Int(info.st_size))
}

/// Refuses, with an ``FileError/unreadable(path:reason:)`` that says what
/// it is, anything but a regular file at `file` (a directory, a device, a
/// FIFO, a socket); nothing there is no problem.
func refuseIfNotRegular(_ file: String, shownAs path: String) throws(FileError) {
    var info = stat()
    if stat(file, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
        throw .unreadable(path: path, reason: notRegularReason(info.st_mode & S_IFMT))
    }
}

/// Why a file of this kind (`st_mode & S_IFMT`) that is not a regular
/// file is refused, for a message.
package func notRegularReason(_ kind: mode_t) -> Message.Argument {
    let key: Message.Key =
        switch kind {
        case S_IFDIR: .isADirectory
        case S_IFCHR: .isACharacterDevice
        case S_IFBLK: .isABlockDevice
        case S_IFIFO: .isAFIFO
        case S_IFSOCK: .isASocket
        default: .isNotARegularFile
        }
    return .message(Message(key))
}

/// The C library's text for an errno value, e.g. "Permission denied".
func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
