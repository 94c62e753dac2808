internal import MarkedYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An inventory file's text and the journal's entries its stock includes,
/// read so that they agree: what a copy of the store elsewhere is made of.
public struct InventoryWithJournal: Sendable {
    /// The inventory file's text; `nil` when there is no file yet.
    public var text: String?
    /// The entries the stock includes (up to the text's `# journal:` marker), in order.
    public var entries: [JournalEntry]
    /// The journal's problems.
    public var diagnostics: [Diagnostic]
}

/// What a store's copy holds, as ``InventoryFile/readCopyHistory()`` reads it.
package struct CopyHistory: Sendable {
    /// The inventory file's text; `nil` when there is no file yet.
    package var text: String?
    /// The last entry its stock includes; 0 for none.
    package var last = 0
    /// That entry's hash (``JournalEntry/hash``); `""` for none.
    package var hash = ""
    /// The hash of the history up to it (``JournalEntry/historyHash(after:)``); `""` for none.
    package var history = ""
    /// The journal's problems: a copy with any is not as a pull wrote it.
    package var diagnostics: [Diagnostic] = []
}

extension InventoryFile {
    /// How many times ``readWithJournal()`` reads again when a change
    /// replaced the inventory while the journal was read.
    static let copyReadAttempts = 20

    /// Reads the inventory's text, then the journal's entries up to its
    /// marker, then the inventory again: when a change replaced it
    /// meanwhile, all is read again, so that the text and the entries are
    /// always of one moment (without the lock: a shop's change never waits
    /// for a reader). With no file yet, no entry took effect.
    ///
    /// - Parameter after: when above 0, only the entries from this one on
    ///   are read, from the journal's end backward (entry `after` itself
    ///   first, so that the caller can check it is the one it knows): what
    ///   a reader that keeps the rest needs, at the cost of the new entries
    ///   only. The entries start later when the journal has no entry
    ///   `after` (a journal cut short).
    /// - Throws: ``FileError`` when the inventory or the journal cannot be
    ///   read, or ``FileError/changedMeanwhile(path:times:)`` when changes
    ///   came faster than ``copyReadAttempts`` reads.
    func readWithJournal(after: Int = 0) throws(FileError) -> InventoryWithJournal {
        let target = resolvedPath
        for _ in 0..<Self.copyReadAttempts {
            let before = try copyContents(of: target)
            // No file yet: no entry took effect (a first change writes its
            // entry, then the file); a file without a marker (written by
            // hand): every entry.
            var committed: Int? = 0
            if case .bytes(let bytes)? = before {
                committed = InventoryMarker.parse(bytes.prefix(InventoryMarker.headBytes))?.entry
            }
            var entries: [JournalEntry] = []
            var diagnostics: [Diagnostic]
            if after > 0 {
                (entries, diagnostics) = try journalEnd(committedThrough: committed, from: after)
            } else {
                diagnostics = try journal.read(committedThrough: committed) { entries.append($0) }
            }
            guard try copyContents(of: target) == before else { continue }
            var text: String?
            if case .bytes(let bytes)? = before { text = String(decoding: bytes, as: UTF8.self) }
            return InventoryWithJournal(text: text, entries: entries, diagnostics: diagnostics)
        }
        throw .changedMeanwhile(path: path, times: Self.copyReadAttempts)
    }

    /// The journal's entries from id `first` to `committed` (to the end
    /// when `nil`), read backward from its end; a line that is no entry
    /// ends the read with its error among the diagnostics.
    private func journalEnd(committedThrough committed: Int?, from first: Int) throws(FileError) -> (
        [JournalEntry], [Diagnostic]
    ) {
        var scan = try JournalTailScan(path: journal.path)
        defer { scan.close() }
        var entries: [JournalEntry] = []
        do throws(Journal.Problem) {
            while let (entry, _, _) = try scan.previous() {
                if let committed, entry.id > committed { continue }
                entries.append(entry)
                if entry.id <= first { break }
            }
        } catch {
            switch error {
            case .file(let error): throw error
            case .invalid(let diagnostics): return (entries.reversed(), scan.warnings + diagnostics)
            }
        }
        return (entries.reversed(), scan.warnings)
    }

    /// What a store's copy made elsewhere (`juice-sync pull`'s) holds, read
    /// as a pull checks it: the inventory's text and the hash of the
    /// journal's history up to its marker, the journal streamed (a line
    /// at a time, whatever its length). Only the pull writes the copy, so
    /// it is read once, without a check for changes meanwhile.
    ///
    /// - Throws: ``FileError`` when the inventory or the journal cannot be read.
    func readCopyHistory() throws(FileError) -> CopyHistory {
        let contents = try copyContents(of: path)
        var committed: Int? = 0
        var history = CopyHistory()
        if case .bytes(let bytes)? = contents {
            committed = InventoryMarker.parse(bytes.prefix(InventoryMarker.headBytes))?.entry
            history.text = String(decoding: bytes, as: UTF8.self)
        }
        history.diagnostics = try journal.read(committedThrough: committed) { entry in
            history.last = entry.id
            history.hash = entry.hash
            history.history = entry.historyHash(after: history.history)
        }
        return history
    }

    /// The bytes at `target`; `nil` when there is no file.
    private func copyContents(of target: String) throws(FileError) -> SourceFile.Contents? {
        let contents: SourceFile.Contents
        do {
            contents = try SourceFile.contents(
                of: target, shownAs: path, limit: YAMLLimits.standard.maxInputBytes, onlyRegular: true)
        } catch .notFound {
            return nil
        }
        if case .tooLarge(let size) = contents {
            throw .unreadable(path: path, reason: .message(Message(.largerThanAnInventory, "\(size)")))
        }
        return contents
    }
}
