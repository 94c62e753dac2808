/// Finding a change made before with the same idempotency key.
extension Journal {
    /// The entry of the last ``IdempotencyKey/window`` seconds before `now`
    /// that carries `key`, and the changes of every entry after it, summed
    /// per fruit; `nil` when none does.
    ///
    /// Read from the end backward, no further than the window: the first
    /// entry older than it ends the search, so the work grows with a day's
    /// entries, never with the journal. Call it under the inventory's lock,
    /// after the settle (every line is then committed).
    ///
    /// - Parameter alongside: given each entry read and where its line
    ///   starts, newest first, then `nil` if the journal's start is reached:
    ///   for another search from the end (an undo's target) to go along.
    func entry(
        withKey key: IdempotencyKey, before now: JournalTime,
        alongside: (_ entry: JournalEntry?, _ start: Int) -> Void = { _, _ in }
    ) throws(Problem) -> (entry: JournalEntry, since: [String: Int])? {
        var scan = try tailScan()
        defer { scan.close() }
        let oldest = now.seconds - IdempotencyKey.window
        var since: [String: Int] = [:]
        while true {
            guard let (entry, start, _) = try scan.previous() else {
                alongside(nil, 0)
                return nil
            }
            alongside(entry, start)
            guard entry.time.seconds >= oldest else { return nil }
            if entry.key == key { return (entry, since) }
            for (fruit, change) in entry.changes {
                since[fruit, default: 0] = since[fruit, default: 0].addingSaturating(change)
            }
        }
    }
}
