/// A run of libyaml's events copied out of libyaml: what the composer reads,
/// whether the parser ran on this thread or ahead of it on another one.
///
/// An event's texts (a scalar's value, a tag, an anchor) are slices of one
/// run of bytes, so that a batch is two buffers that are filled again, not
/// an allocation per event. The buffers are the batch's own (it cannot be
/// copied), written without the checks of an array's growth: they are
/// filled on libyaml's thread, whose every instruction counts.
struct EventBatch: ~Copyable {
    /// One event.
    struct Event: Sendable {
        enum Kind: UInt8, Sendable {
            case streamStart, streamEnd
            case documentStart, documentEnd
            case alias, scalar
            case sequenceStart, sequenceEnd
            case mappingStart, mappingEnd
        }

        var kind: Kind
        /// Whether a scalar is written plain (no quotes, not a block scalar).
        var isPlain = false
        /// 1-based.
        var line: UInt32
        /// 1-based, in Unicode scalars.
        var column: UInt32
        /// A scalar's value, or an alias's anchor name.
        var value = Text.none
        var tag = Text.none
        var anchor = Text.none
    }

    /// A text of an event, as a range of ``bytes``; ``none`` for a text the
    /// event does not have.
    struct Text: Sendable {
        var start: UInt32
        var count: UInt32

        static let none = Text(start: 0, count: .max)

        var exists: Bool { count != .max }
    }

    /// How a batch ends the stream.
    enum End: Sendable {
        /// The stream's last event is in the batch.
        case finished
        /// libyaml failed after the batch's last event.
        case failed(YAMLProblem)
    }

    /// The events, `count` of them, in room for `capacity`. An event holds
    /// no reference (it is plain data), so events are written over and
    /// dropped without being deinitialised.
    private var eventBase: UnsafeMutablePointer<Event>
    private(set) var count = 0
    private var capacity: Int
    /// The events' texts, `byteCount` of them, in room for `byteCapacity`.
    private var bytes: UnsafeMutablePointer<UInt8>
    private(set) var byteCount = 0
    private var byteCapacity: Int
    /// `nil` while more events follow.
    var end: End?

    /// An empty batch, with room for `eventCapacity` events and
    /// `byteCapacity` bytes of their texts to start with (it grows as it
    /// must).
    init(eventCapacity: Int = 256, byteCapacity: Int = 4 << 10) {
        capacity = max(eventCapacity, 1)
        eventBase = .allocate(capacity: capacity)
        self.byteCapacity = max(byteCapacity, 1)
        bytes = .allocate(capacity: self.byteCapacity)
    }

    deinit {
        eventBase.deallocate()
        bytes.deallocate()
    }

    /// The events, valid while the batch is neither changed nor gone.
    var events: UnsafeBufferPointer<Event> {
        UnsafeBufferPointer(start: eventBase, count: count)
    }

    /// Empties the batch, keeping its room.
    mutating func removeAll() {
        count = 0
        byteCount = 0
        end = nil
    }

    /// Adds `event` last.
    @inline(__always)
    mutating func append(_ event: Event) {
        if count == capacity {
            capacity *= 2
            eventBase = Self.moved(eventBase, count: count, to: capacity)
        }
        (eventBase + count).initialize(to: event)
        count += 1
    }

    /// Keeps `text` and returns where it is; ``Text/none`` for `nil`.
    @inline(__always)
    mutating func append(_ text: UnsafeBufferPointer<UInt8>?) -> Text {
        guard let text else { return .none }
        let offset = byteCount
        if text.count > byteCapacity - offset {
            byteCapacity = max(byteCapacity * 2, offset + text.count)
            bytes = Self.moved(bytes, count: offset, to: byteCapacity)
        }
        if let base = text.baseAddress { (bytes + offset).initialize(from: base, count: text.count) }
        byteCount = offset + text.count
        return Text(start: UInt32(truncatingIfNeeded: offset), count: UInt32(truncatingIfNeeded: text.count))
    }

    /// `count` elements of `old` moved to new room for `capacity`; `old` is
    /// freed.
    private static func moved<T>(_ old: UnsafeMutablePointer<T>, count: Int, to capacity: Int)
        -> UnsafeMutablePointer<T>
    {
        let new = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        new.moveInitialize(from: old, count: count)
        old.deallocate()
        return new
    }

    /// Runs `body` with the bytes of `text` (which exists).
    func withBytes<T>(of text: Text, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        assert(text.exists && Int(text.start) + Int(text.count) <= byteCount, "a text of another batch")
        return body(UnsafeBufferPointer(start: bytes + Int(text.start), count: Int(text.count)))
    }

    /// The text as a string, or `nil` for ``Text/none``.
    func string(_ text: Text) -> String? {
        text.exists ? withBytes(of: text) { String(decoding: $0, as: UTF8.self) } : nil
    }
}
