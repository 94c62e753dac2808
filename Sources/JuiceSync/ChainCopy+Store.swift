import Foundation
import JuiceMaker
import JuiceWords
import PostgresNIO

extension ChainCopy {
    /// How many entries one query fetches: a first pull of a long journal
    /// is written a page at a time, never held whole.
    static let pageSize = 5_000

    /// Brings one store's files up to its row: its whole history checked
    /// against the database's history hash, the new lines appended (each
    /// checked), or all written afresh when the copy disagrees.
    ///
    /// - Returns: what was done, in one line.
    /// - Throws: ``PullStop`` for this store alone; the database's errors.
    mutating func pull(_ name: String, row: StoreRow, entry: Int, on connection: PostgresConnection) async throws
        -> String
    {
        let files = (inventory: "stores/\(name).yaml", journal: "stores/\(name).yaml.journal")
        let paths = [folder + "/" + files.inventory, folder + "/" + files.journal]
        let links: [String]
        do throws(FileError) {
            links = try replaceLinks(along: files.inventory) + replaceLinks(along: files.journal)
        } catch {
            throw PullStop(store: name, reason: error.text(language))
        }
        let stamps = CopiedStore.stamps(of: paths)
        var held: CopiedStore
        if links.isEmpty, let known = state.stores[name], known.stamps == stamps {
            held = known
        } else {
            held = CopiedStore(reading: try? service.readCopyHistory(inventoryPath: paths[0]), stamps: stamps)
        }
        // The database's history hash is of its last entry: the copy's is
        // compared with it when the copy is written up to there (a push
        // finished), and else only the lines are checked.
        let historyChecked = entry == row.lastEntry
        if !held.isBroken, held.last == entry, held.inventoryDigest != nil, held.inventoryDigest == row.inventoryDigest,
            !historyChecked || held.history == row.history
        {
            state.stores[name] = held
            return upToDate(name, entry)
        }
        guard row.inventoryDigest != nil else {
            // The shop had no inventory file yet: nor has the copy.
            return SyncWord.noEntriesYet.text(language, [name])
        }
        var rewrite =
            held.isBroken || held.last > entry || (held.last == entry && historyChecked && held.history != row.history)
        let first = held.last
        var wrote = held
        if !rewrite, held.last < entry {
            if let appended = try await writeEntries(name, after: held, through: entry, row: row, on: connection) {
                wrote = appended
            } else {
                rewrite = true
            }
        }
        if rewrite {
            warn(SyncWord.journalWrittenAfresh.text(language, [name]))
            guard let fresh = try await writeEntries(name, after: nil, through: entry, row: row, on: connection) else {
                throw PullStop(
                    store: name, reason: SyncWord.historyHashMismatch.text(language, ["\(row.lastEntry)"]))
            }
            wrote = fresh
        }
        let text = try await Deadline.answer(within: queryTimeout, closing: connection) {
            var text = ""
            for try await found in try await connection.query(
                "SELECT inventory FROM juice_stores WHERE store = \(name)", logger: Syncer.logger
            ).decode(String.self) {
                text = found
            }
            return text
        }
        // The database's inventory as this copy last wrote it, and the copy's
        // another: changed in the copy, as Chain.md says, and said.
        if !rewrite, state.stores[name]?.inventoryDigest == row.inventoryDigest, let copied = held.text, copied != text
        {
            warn(SyncWord.inventoryWrittenAfresh.text(language, [name]))
        }
        do throws(FileError) {
            try FileCopy.write(text, to: paths[0])
        } catch {
            throw PullStop(store: name, reason: error.text(language))
        }
        wrote.inventoryDigest = row.inventoryDigest
        wrote.text = nil
        wrote.isBroken = false
        wrote.stamps = CopiedStore.stamps(of: paths)
        state.stores[name] = wrote
        if rewrite { return SyncWord.wroteEntries.text(language, [name, "\(entry)"]) }
        if first == entry, text == held.text {
            return upToDate(name, entry)
        }
        if first == entry { return SyncWord.inventoryUpToDate.text(language, [name, "\(entry)"]) }
        return SyncWord.pulled.text(language, [name, "\(first + 1)", "\(entry)"])
    }

    /// A store whose copy is where the database is, in one line.
    private func upToDate(_ name: String, _ entry: Int) -> String {
        entry == 0
            ? SyncWord.noEntriesYet.text(language, [name])
            : SyncWord.upToDate.text(language, [name, "\(entry)"])
    }

    /// Writes the database's entries after `base` (`nil`: a new journal
    /// from entry 1) up to `entry` to the store's journal, a page at a
    /// time, each row checked; with `entry` the row's last, the history
    /// reached must be the row's.
    ///
    /// - Returns: what the copy then holds; `nil` when the history reached
    ///   is not the database's (the journal is left as it was).
    /// - Throws: ``PullStop`` when a row is not right or an entry is
    ///   missing, or the journal cannot be written (it is left as it was).
    private func writeEntries(
        _ name: String, after base: CopiedStore?, through entry: Int, row: StoreRow, on connection: PostgresConnection
    ) async throws -> CopiedStore? {
        var held = base ?? CopiedStore()
        let journal: JournalCopy
        do throws(FileError) {
            journal = try JournalCopy(path: folder + "/stores/\(name).yaml.journal", appending: held.last > 0)
        } catch {
            throw PullStop(store: name, reason: error.text(language))
        }
        while held.last < entry {
            let after = held.last
            let upTo = min(after + Self.pageSize, entry)
            let page = try await Deadline.answer(within: queryTimeout, closing: connection) {
                var page: [(Int, String, String)] = []
                for try await found in try await connection.query(
                    """
                    SELECT id, hash, line FROM juice_entries WHERE store = \(name) AND id > \(after) AND id <= \(upTo)
                    ORDER BY id
                    """, logger: Syncer.logger
                ).decode((Int, String, String).self) {
                    page.append(found)
                }
                return page
            }
            for (id, hash, line) in page {
                guard id == held.last + 1 else { break }
                let checked: JournalEntry
                switch Self.entry(id, hash: hash, line: line) {
                case .success(let read): checked = read
                case .failure(let problem):
                    journal.abandon()
                    throw PullStop(store: name, reason: problem.word.text(language, ["\(id)"] + problem.arguments))
                }
                do throws(FileError) {
                    try journal.append(line)
                } catch {
                    throw PullStop(store: name, reason: error.text(language))
                }
                held.last = id
                held.hash = hash
                held.history = checked.historyHash(after: held.history)
            }
            guard held.last == upTo else {
                journal.abandon()
                throw PullStop(
                    store: name, reason: SyncWord.entryMissing.text(language, ["\(held.last + 1)", "\(entry)"]))
            }
        }
        if entry == row.lastEntry, held.history != row.history {
            journal.abandon()
            return nil
        }
        do throws(FileError) {
            try journal.commit()
        } catch {
            throw PullStop(store: name, reason: error.text(language))
        }
        return held
    }

    /// The database's entry `id` (its `line` and the `hash` it holds of
    /// it), read as the journal reads it; what is wrong with it when it
    /// is not one line, an entry with that id, whose hash is its line's.
    static func entry(_ id: Int, hash: String, line: String) -> Result<JournalEntry, RowProblem> {
        guard !line.contains(where: \.isNewline) else { return .failure(RowProblem(.entryNotOneLine)) }
        guard let read = JournalEntry(line: line) else { return .failure(RowProblem(.entryNotAnEntry)) }
        guard read.id == id else { return .failure(RowProblem(.entryOtherID, "\(read.id)")) }
        guard read.hash == hash else { return .failure(RowProblem(.entryOtherHash)) }
        return .success(read)
    }

    /// What is wrong with a row of the database: a sentence whose first
    /// argument is the entry's id, and its other arguments.
    struct RowProblem: Error {
        var word: SyncWord
        var arguments: [String]
        init(_ word: SyncWord, _ arguments: String...) {
            self.word = word
            self.arguments = arguments
        }
    }
}

/// Why one store's pull stopped while the others go on: its copy is left
/// as it was (the run exits 65 at the end).
struct PullStop: Error {
    var store: String
    var reason: String

    /// The store, and the reason, in `language` (the reason's own).
    func text(_ language: Language) -> String {
        SyncWord.pullStop.text(language, [store, reason])
    }
}

/// A store's row in `juice_stores`, as a pull reads it: the inventory's
/// digest, not its text, which is read only for a store whose copy moves.
struct StoreRow: Sendable {
    var lastEntry: Int
    var history: String
    var inventoryEntry: Int?
    /// The `md5` of the inventory's text; `nil` when the shop had none.
    var inventoryDigest: String?
    var syncedAt: Date?

    /// Every store's row (of `names` only, when given), by name. A
    /// `synced_at` that is no time (`infinity`) is read as none.
    static func all(only names: Set<String>?, on connection: PostgresConnection) async throws -> [String: StoreRow] {
        var rows: [String: StoreRow] = [:]
        for try await (store, last, history, entry, digest, syncedAt) in try await connection.query(
            """
            SELECT store, last_entry, history, inventory_entry, md5(inventory),
                CASE WHEN isfinite(synced_at) THEN synced_at END
            FROM juice_stores WHERE \(names == nil) OR store = ANY(\((names ?? []).sorted()))
            """, logger: Syncer.logger
        ).decode((String, Int, String, Int?, String?, Date?).self) {
            rows[store] = StoreRow(
                lastEntry: last, history: history, inventoryEntry: entry, inventoryDigest: digest, syncedAt: syncedAt)
        }
        return rows
    }
}
