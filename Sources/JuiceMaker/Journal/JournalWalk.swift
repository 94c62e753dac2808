/// Reads a journal's entries in order, each with whether it counts in a
/// sum of what happened (an entry undone and an undo count for nothing),
/// and returns the journal's problems: what a report over a journal
/// (variance, the forecast) is given to read it with.
typealias JournalWalk = ((JournalEntry, _ counts: Bool) -> Void) throws(FileError) -> [Diagnostic]
