#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file could not be read or written; the work stopped.
public enum FileError: Error, Sendable, Hashable {
    /// The file does not exist.
    case notFound(path: String)
    /// Reading failed (permissions, a directory, a device, an I/O error).
    case unreadable(path: String, reason: Message.Argument)
    /// The file cannot be created or replaced (permissions, a read-only
    /// file system, a missing folder).
    case cannotReplace(path: String, reason: String)
    /// Writing failed midway (the disk is full, an I/O error); the old file,
    /// if `replacing` one, is intact, else nothing was written.
    case writeFailed(path: String, reason: String, replacing: Bool)
    /// The new file is in place, but its folder could not be flushed to disk,
    /// so a power loss may still undo the change.
    case notFlushed(path: String, reason: String)
    /// Another process held the lock for longer than the wait.
    case locked(lockPath: String, waitedSeconds: Double)
    /// The system ran short while opening or reading a file: too many
    /// open files (in the process or the system), or no memory. Nothing
    /// changed, and the same work may succeed in a moment.
    case shortOfResources(path: String, reason: String)
    /// The inventory at `path` cannot be written: its folder does not exist
    /// (moved or removed). Nothing changed.
    case folderMissing(path: String)
    /// The file at `path` was changed by another hand (an editor, which
    /// takes no lock) while a change was made from it, `times` times in a
    /// row: each time the change was made again from the file as it was
    /// then, and then given up. Nothing changed.
    case changedMeanwhile(path: String, times: Int)
    /// A file is at `path` where a new one was to be created (`juice
    /// init` writes over nothing). Nothing was written.
    case exists(path: String)
}

extension FileError {
    /// `path: what went wrong`, for a person (the system's reason in its
    /// own words).
    public var message: Message {
        switch self {
        case .notFound(let path):
            return Message(.noSuchFile, "\(path)")
        case .unreadable(let path, let reason):
            return Message(.cannotRead, "\(path)", reason)
        case .shortOfResources(let path, let reason):
            return Message(.cannotRead, "\(path)", "\(reason)")
        case .cannotReplace(let path, let reason):
            return Message(.cannotReplace, "\(path)", "\(reason)")
        case .writeFailed(let path, let reason, let replacing):
            return Message(replacing ? .cannotWriteOldIntact : .cannotWriteNothingWritten, "\(path)", "\(reason)")
        case .notFlushed(let path, let reason):
            return Message(.notFlushed, "\(path)", "\(reason)")
        case .folderMissing(let path):
            let shown = SystemPath.shown(path)
            return Message(.inventoryFolderMissing, "\(shown)", "\(SystemPath.folder(of: shown))")
        case .changedMeanwhile(let path, let times):
            return Message(.keptChanging, "\(path)", "\(times)")
        case .exists(let path):
            return Message(.existsAlready, "\(path)")
        case .locked(let lockPath, let waited):
            return Message(.stillLocked, "\(lockPath)", "\(Self.seconds(waited))")
        }
    }
}

extension FileError: CustomStringConvertible {
    /// ``message`` in English.
    public var description: String { message.description }
}

extension FileError {
    /// A wait in seconds as a message shows it: `10`, `0.5`; any value,
    /// infinite or huge ones included, without trapping.
    package static func seconds(_ waited: Double) -> String {
        waited.isFinite && waited == waited.rounded() && abs(waited) < 1e15 ? String(Int(waited)) : String(waited)
    }

    /// Why a file could not be created: a full disk (no space, no inodes,
    /// no quota) or an I/O error is a failed write; anything else (rights,
    /// a read-only file system, a missing folder) means it cannot be created.
    static func creating(path: String, errno code: Int32, replacing: Bool) -> FileError {
        switch code {
        case ENOSPC, EDQUOT, EIO: return .writeFailed(path: path, reason: errorText(code), replacing: replacing)
        case EMFILE, ENFILE, ENOMEM: return reading(path: path, errno: code)
        default: return .cannotReplace(path: path, reason: errorText(code))
        }
    }

    /// Why a file that is there could not be opened or read: the system
    /// running short (see ``shortOfResources(path:reason:)``), or anything
    /// else (``unreadable(path:reason:)``). "Does not exist" is the
    /// caller's to handle first.
    package static func reading(path: String, errno code: Int32) -> FileError {
        switch code {
        case EMFILE, ENFILE, ENOMEM: return .shortOfResources(path: path, reason: errorText(code))
        default: return .unreadable(path: path, reason: .text(errorText(code)))
        }
    }
}
