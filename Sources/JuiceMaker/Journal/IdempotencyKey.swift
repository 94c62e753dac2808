/// A change's idempotency key: what a client sends so that a retry of the
/// same change (a double tap, a request whose answer was lost) makes it
/// once. 1 to 64 of `A-Z`, `a-z`, `0-9`, `_` and `-`; or a till's ticket
/// (``init(ticket:)``), which an import books once, however often it is
/// imported.
///
/// The key is kept in the change's journal entry (`"key"`). A change that
/// carries a key already in one of the store's entries of the last
/// ``window`` seconds changes nothing and is answered as that entry's
/// change was.
public struct IdempotencyKey: Sendable, Hashable, CustomStringConvertible {
    /// The key as sent.
    public let text: String

    /// The longest key, in characters.
    public static let maximumLength = 64
    /// How long a key is remembered, in seconds: 24 hours.
    public static let window = 24 * 60 * 60

    /// The key `text`, or `nil` when it is empty, longer than
    /// ``maximumLength`` or has a character outside `A-Za-z0-9_-`.
    public init?(_ text: String) {
        guard Self.isValid(text) else { return nil }
        self.text = text
    }

    /// A key read back from where this process kept a valid one (a
    /// ``SpooledList``'s file), not checked again.
    init(kept text: String) {
        self.text = text
    }

    /// The prefixes of a ticket's key, one per till's format.
    public static let ticketPrefixes = ["square:", "toast:", "csv:"]
    /// The longest ticket id after its prefix, in bytes.
    public static let maximumTicketBytes = 128

    /// A till's ticket key `text` (`square:` and a transaction id, `toast:`
    /// and an order id, `csv:` and a ticket), or `nil` when it has no such
    /// prefix, nothing after it, more than ``maximumTicketBytes`` after it,
    /// or a control character (C0, DEL, C1: `ControlCharacter.isControlCode`;
    /// the bidirectional controls and separators text output escapes are
    /// taken, as journals hold keys with them).
    public init?(ticket text: String) {
        guard let prefix = Self.ticketPrefixes.first(where: text.hasPrefix) else { return nil }
        let id = text.utf8.dropFirst(prefix.utf8.count)
        guard (1...Self.maximumTicketBytes).contains(id.count),
            !text.unicodeScalars.contains(where: ControlCharacter.isControlCode)
        else { return nil }
        self.text = text
    }

    /// Whether the key is a till's ticket (``init(ticket:)``).
    public var isTicket: Bool { Self.ticketPrefixes.contains(where: text.hasPrefix) }

    /// Whether `text` has the form of a key.
    static func isValid(_ text: String) -> Bool {
        let bytes = text.utf8
        return (1...maximumLength).contains(bytes.count)
            && bytes.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    true
                default: false
                }
            }
    }

    /// ``text``.
    public var description: String { text }
}
