import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One pull at a time in a copy's folder: an exclusive `flock` on
/// `.juice-sync-pull.lock` there, held while a pull writes. Two pulls into
/// one folder (two cron runs that overlap, a pull into a running head
/// office's `--copy`) would otherwise append the same lines twice.
final class PullLock {
    /// The lock file's name in the copy's folder.
    static let name = ".juice-sync-pull.lock"

    private let descriptor: Int32

    /// What taking the lock came to.
    enum Taken {
        /// The lock, held until it is released (deinit); `waited` when
        /// another pull held it first.
        case held(PullLock, waited: Bool)
        /// Another pull held it for all the time waited.
        case busy
        /// The folder or the lock file could not be made or opened: why.
        case failed(String)
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Takes the lock of `folder` (made when missing), waiting at most
    /// `seconds` for a pull that holds it. A link at the lock's place is
    /// not followed.
    static func take(folder: String, waiting seconds: Double) -> Taken {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return .failed("\(folder): cannot make the copy's folder: \(error.localizedDescription)")
        }
        let path = folder + "/" + name
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            return .failed("\(path): cannot open the copy's lock: \(String(cString: strerror(errno)))")
        }
        let deadline = ContinuousClock.now + .seconds(seconds)
        var waited = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            waited = true
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else {
                close(descriptor)
                return .busy
            }
            usleep(100_000)
        }
        return .held(PullLock(descriptor: descriptor), waited: waited)
    }

    deinit {
        close(descriptor)
    }
}
