#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock` on a lock file, held until ``release()`` (or until
/// the process ends: the kernel drops the lock of a killed process).
///
/// The lock file is created if needed and stays behind, empty: removing it
/// would let two processes lock two different files of the same name.
final class FileLock {
    private var descriptor: Int32

    /// Takes the lock, waiting up to `timeout` seconds for another holder.
    ///
    /// A new lock file gets the mode the umask allows; an existing one that
    /// this user may not write (another member of a shop's group made it)
    /// is opened read-only, which `flock` allows as well.
    ///
    /// - Parameters:
    ///   - path: the lock file, as the system resolves it.
    ///   - shownPath: the path to name in errors.
    ///   - timeout: the longest wait, in seconds.
    ///   - whileWaiting: called once when the lock has been held by another
    ///     process for a second, so that a person is told why nothing happens.
    /// - Throws: ``FileError/cannotReplace(path:reason:)`` when the lock file
    ///   cannot be created or `flock` fails, ``FileError/writeFailed(path:reason:replacing:)``
    ///   when the disk is full, ``FileError/unreadable(path:reason:)`` when it
    ///   is not a regular file, ``FileError/locked(lockPath:waitedSeconds:)``
    ///   when the wait runs out.
    init(path: String, shownPath: String, timeout: Double, whileWaiting: () -> Void = {}) throws(FileError) {
        // Anything but a regular file in the lock's place is refused before
        // it is opened (opening a directory read-write fails otherwise);
        // O_NONBLOCK: a FIFO that appears meanwhile must not make us wait.
        try refuseIfNotRegular(path, shownAs: shownPath)
        // O_NOFOLLOW: a link in the lock's place (a shared folder's other
        // user could put one there) must not make juice create a file elsewhere.
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0o666)
        var code = errno
        // A lock file that is there but not ours to write is taken read-only;
        // one that could not be created keeps the reason it could not.
        if descriptor < 0, code == EACCES, access(path, F_OK) == 0 {
            descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
            code = errno
        }
        guard descriptor >= 0 else { throw .creating(path: shownPath, errno: code, replacing: false) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .unreadable(path: shownPath, reason: notRegularReason(info.st_mode & S_IFMT))
        }
        let start = Self.now()
        let deadline = start + timeout
        var hasSaid = false
        var pause = 0.001
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(descriptor)
                throw .cannotReplace(path: shownPath, reason: errorText(code))
            }
            guard Self.now() < deadline else {
                close(descriptor)
                throw .locked(lockPath: shownPath, waitedSeconds: timeout)
            }
            if !hasSaid, Self.now() - start >= 1 {
                hasSaid = true
                whileWaiting()
            }
            // Back off from 1 ms to 50 ms: quick hand-over between short
            // transactions without spinning through a long wait.
            usleep(UInt32(pause * 1_000_000))
            pause = min(pause * 2, 0.05)
        }
        self.descriptor = descriptor
    }

    /// Releases the lock; a second call does nothing.
    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit {
        release()
    }

    /// Seconds on the monotonic clock.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
