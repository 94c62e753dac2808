/// A file could not be read or written; the work stopped.
public enum FileError: Error, Sendable, Hashable {
    /// The file does not exist.
    case notFound(path: String)
    /// Reading failed (permissions, a directory, an I/O error).
    case unreadable(path: String, reason: String)
    /// The file cannot be created or replaced (permissions, a read-only
    /// file system, a missing folder).
    case cannotReplace(path: String, reason: String)
    /// Writing failed midway (the disk is full, an I/O error); the old file
    /// is intact.
    case writeFailed(path: String, reason: String)
    /// Another process held the lock for longer than the wait.
    case locked(lockPath: String, waitedSeconds: Double)
}

extension FileError: CustomStringConvertible {
    /// `path: what went wrong`, for a person.
    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no such file"
        case .unreadable(let path, let reason):
            return "\(path): cannot read: \(reason)"
        case .cannotReplace(let path, let reason):
            return "\(path): cannot create or replace: \(reason)"
        case .writeFailed(let path, let reason):
            return "\(path): cannot write: \(reason); the old file is intact"
        case .locked(let lockPath, let waited):
            let seconds = waited == waited.rounded() ? String(Int(waited)) : String(waited)
            return "\(lockPath): still locked by another process after \(seconds) s; try again"
        }
    }
}
