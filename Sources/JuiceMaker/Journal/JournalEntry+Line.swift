extension JournalEntry {
    /// The entry `line` (one journal line, without its line feed) holds, read
    /// as a journal's lines are: `nil` when it is not one (not JSON, a field
    /// missing or wrong, longer than a line may be). What a copy made
    /// elsewhere checks of a line it is given before writing it.
    package init?(line: String) {
        guard !line.contains(where: \.isNewline) else { return nil }
        var bytes = Array(line.utf8)
        let checked = bytes.withUnsafeMutableBufferPointer { buffer in
            JournalLine.check(UnsafeBufferPointer(buffer), isFinished: true, file: "", number: 1)
        }
        guard case .entry(let entry, _) = checked else { return nil }
        self = entry
    }
}
