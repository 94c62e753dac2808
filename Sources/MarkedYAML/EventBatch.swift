/// A run of libyaml's events copied out of libyaml: what the composer reads,
/// whether the parser ran on this thread or ahead of it on another one.
///
/// An event's texts (a scalar's value, a tag, an anchor) are slices of one
/// byte array, so that a batch is two arrays that are filled again, not an
/// allocation per event.
struct EventBatch: Sendable {
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

    var events: [Event] = []
    var bytes: [UInt8] = []
    /// `nil` while more events follow.
    var end: End?

    /// Empties the batch, keeping its room.
    mutating func removeAll() {
        events.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        end = nil
    }

    /// Keeps `text` and returns where it is; ``Text/none`` for `nil`.
    mutating func append(_ text: UnsafeBufferPointer<UInt8>?) -> Text {
        guard let text else { return .none }
        let start = UInt32(truncatingIfNeeded: bytes.count)
        bytes.append(contentsOf: text)
        return Text(start: start, count: UInt32(truncatingIfNeeded: text.count))
    }

    /// Runs `body` with the bytes of `text` (which exists).
    func withBytes<T>(of text: Text, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        bytes.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(text.start)..<Int(text.start + text.count)]))
        }
    }

    /// The text as a string, or `nil` for ``Text/none``.
    func string(_ text: Text) -> String? {
        text.exists ? withBytes(of: text) { String(decoding: $0, as: UTF8.self) } : nil
    }
}
