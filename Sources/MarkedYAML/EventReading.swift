/// How the composer gets libyaml's events: in batches of how many, and
/// whether libyaml parses ahead on a thread of its own.
struct EventReading: Sendable {
    /// Whether libyaml parses ahead on a thread of its own; `nil` decides by
    /// the text's size (``readAheadSize``).
    var readsAhead: Bool?
    /// Events per batch, at most.
    var maxEvents = 4_096
    /// A batch ends once its texts reach this many bytes.
    var maxBytes = 64 << 10

    /// Texts of this many bytes or more are parsed ahead: below it, a thread
    /// costs more than it saves.
    static let readAheadSize = 256 << 10

    /// Ahead or not by the text's size, in batches of 4,096 events.
    static let automatic = EventReading()

    /// Whether libyaml parses a text of `size` bytes ahead.
    func readsAhead(size: Int) -> Bool {
        readsAhead ?? (size >= Self.readAheadSize)
    }
}
