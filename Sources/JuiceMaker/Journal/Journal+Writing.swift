#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a change does to the journal, under the inventory's lock: settle
/// what a killed writer left, then append.
extension Journal {

    /// Removes what a writer killed midway left: an unfinished last line,
    /// and entries past `committed` (the id of the last entry the inventory
    /// includes), which never took effect. Only the end of the journal is
    /// read.
    ///
    /// - Returns: the id of the last entry left, 0 for none.
    /// - Throws: ``Problem``: the file's error, or the diagnostic of a last
    ///   entry that does not follow the one before it (a change would
    ///   extend a journal out of order).
    func settle(committedThrough committed: Int?) throws(Problem) -> Int {
        let opened: (descriptor: Int32, size: Int)?
        do {
            opened = try openRegularFile(path)
        } catch {
            throw .file(error)
        }
        guard let (descriptor, size) = opened else { return 0 }
        defer { closeDescriptor(descriptor) }
        var end = size
        // A window of the end is read once and its lines taken from the
        // last back: a killed import leaves many lines past the marker.
        window: while end > 0 {
            let count = min(end, Self.maximumLineBytes + 2)
            let base = end - count
            var tail = [UInt8](repeating: 0, count: count)
            let read = tail.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(base)) }
            guard read == count else { throw .file(.reading(path: path, errno: errno)) }
            // An unfinished last line: cut it off.
            if tail[count - 1] != UInt8(ascii: "\n") {
                end = tail.lastIndex(of: UInt8(ascii: "\n")).map { base + $0 + 1 } ?? base
                continue
            }
            // The line feed that ends the line taken.
            var lineEnd = count - 1
            while lineEnd >= 0 {
                let lineStart = tail[..<lineEnd].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
                if lineStart == 0, base > 0 {
                    // The line may start before the window: read again, it last.
                    guard lineEnd < count - 1 else {
                        throw .invalid([
                            .error(
                                .limit, Message(.lineTooLong, "\(Self.maximumLineBytes)"),
                                at: .init(file: path, line: lineNumberInFile(at: end - 1, descriptor), column: 1))
                        ])
                    }
                    end = base + lineEnd + 1
                    continue window
                }
                // An empty line: nothing to read there.
                guard lineStart < lineEnd else {
                    lineEnd -= 1
                    continue
                }
                let result = tail[lineStart..<lineEnd].withUnsafeBufferPointer { bytes in
                    JournalLine(bytes: bytes, file: path, number: 0).entry()
                }
                switch result {
                case .problem(var diagnostic):
                    diagnostic.location.line = lineNumberInFile(at: base + lineStart, descriptor)
                    throw .invalid([diagnostic])
                case .entry(let entry, _):
                    guard let committed, entry.id > committed else {
                        try cut(descriptor, to: base + lineEnd + 1)
                        try checkOrderAtEnd()
                        return entry.id
                    }
                    lineEnd = lineStart - 1
                }
            }
            end = base
        }
        try cut(descriptor, to: 0)
        return 0
    }

    /// Checks that the last entry follows the one before it, as a change
    /// appends after it: ids 1, 2, 3, ... in order at the end.
    private func checkOrderAtEnd() throws(Problem) {
        var scan = try tailScan()
        defer { scan.close() }
        try scan.checkLastFollowsPrevious()
    }

    /// A scan of the journal from its end, which the caller closes.
    func tailScan() throws(Problem) -> JournalTailScan {
        do {
            return try JournalTailScan(path: path)
        } catch {
            throw .file(error)
        }
    }

    /// The id of the entry a change appends after `last`, the settled
    /// journal's last entry (or the entry to be appended before it).
    ///
    /// - Throws: ``Problem/invalid(_:)`` at the journal's last line when
    ///   `last` is the largest id there is: the journal can take no more.
    func id(after last: Int) throws(Problem) -> Int {
        let (next, overflow) = last.addingReportingOverflow(1)
        guard overflow else { return next }
        var line = 1
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if descriptor >= 0 {
            defer { closeDescriptor(descriptor) }
            var info = stat()
            if fstat(descriptor, &info) == 0, info.st_size > 0 {
                line = lineNumberInFile(at: Int(info.st_size) - 1, descriptor)
            }
        }
        throw .invalid([JournalScan.lastID(last, at: SourceLocation(file: path, line: line, column: 1))])
    }

    /// Cuts the journal (open as `descriptor`) to its first `length` bytes,
    /// if it is longer, and flushes that to disk. A journal this user may
    /// not write (another member of a shop's group made it) is replaced
    /// whole instead, as the inventory is: the folder decides.
    private func cut(_ descriptor: Int32, to length: Int) throws(Problem) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int(info.st_size) > length else { return }
        let writable = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
        if writable >= 0 {
            defer { closeDescriptor(writable) }
            guard ftruncate(writable, off_t(length)) == 0, fsync(writable) == 0 else {
                throw .file(.writeFailed(path: path, reason: errorText(errno), replacing: true))
            }
            return
        }
        guard errno == EACCES || errno == EPERM else {
            throw .file(.creating(path: path, errno: errno, replacing: true))
        }
        do {
            try AtomicFile.replace(path, with: try contents(descriptor, count: length), path: path)
        } catch {
            if case .notFlushed = error { return }
            throw .file(error)
        }
    }

    /// The first `count` bytes of the file open as `descriptor`.
    private func contents(_ descriptor: Int32, count: Int) throws(FileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, count - done, off_t(done))
            }
            guard read > 0 else { throw .reading(path: path, errno: errno) }
            done += read
        }
        return bytes
    }

    /// Appends the entries, a line each, and flushes them to disk before
    /// returning: the inventory that includes them is written after.
    func append(_ entries: [JournalEntry]) throws(FileError) {
        var lines: [UInt8] = []
        for entry in entries {
            entry.write(to: &lines)
            lines.append(UInt8(ascii: "\n"))
        }
        try append(lines: lines)
    }

    /// Appends `lines` (whole lines, each with its line feed) as they are,
    /// flushed to disk before returning.
    private func append(lines: [UInt8]) throws(FileError) {
        guard !lines.isEmpty else { return }
        var existing = stat()
        let isNew = stat(path, &existing) != 0
        // Only a journal that is not there is new: any other failure to see
        // it would append to it as if it were.
        if isNew, errno != ENOENT { throw .reading(path: path, errno: errno) }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            guard !isNew, code == EACCES || code == EPERM else {
                throw .creating(path: path, errno: code, replacing: !isNew)
            }
            // Another member of the shop's group made it, and this user may
            // not write it: replace it whole, as the inventory is.
            let reading = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard reading >= 0 else { throw .reading(path: path, errno: errno) }
            defer { closeDescriptor(reading) }
            try AtomicFile.replace(path, with: try contents(reading, count: Int(existing.st_size)) + lines, path: path)
            return
        }
        defer { closeDescriptor(descriptor) }
        var offset = 0
        while offset < lines.count {
            let written = lines.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, lines.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .writeFailed(path: path, reason: errorText(errno), replacing: !isNew)
            }
            offset += written
        }
        guard fsync(descriptor) == 0 else {
            throw .writeFailed(path: path, reason: errorText(errno), replacing: !isNew)
        }
        if isNew {
            // The new journal's name, too, must survive a power loss.
            let folder = open(SystemPath.folder(of: path), O_RDONLY | O_CLOEXEC)
            if folder >= 0 {
                fsync(folder)
                closeDescriptor(folder)
            }
        }
    }
}
