extension JournalEntry {
    /// The entry's own hash: the ``StableHash`` (FNV-1a, 64 bits) of its
    /// ``line``, as 16 hex digits. The same entry has the same hash on every
    /// machine, so that a copy elsewhere (the head office's database) can
    /// tell an entry it holds from another one with the same id.
    package var hash: String { StableHash.hex(StableHash.of(line)) }

    /// The hash of a journal up to this entry: `previous`, the hash of the
    /// journal up to the entry before (`""` before the first), followed by
    /// this entry's ``hash``. Two journals whose hashes agree at an id hold
    /// the same entries up to it, so that one comparison checks a whole
    /// history.
    package func historyHash(after previous: String) -> String {
        StableHash.hex(StableHash.of(previous + hash))
    }
}
