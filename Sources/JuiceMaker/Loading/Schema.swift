/// The rules every juice file shares: what an id is and what a count may be.
public enum Schema {
    /// The largest stock, recipe quantity or number of servings: one billion.
    public static let maximumCount = 1_000_000_000

    /// Whether `id` follows the id rule: an ASCII letter, then ASCII letters,
    /// digits, `_` or `-`, and not starting with `x-` (which marks a user's
    /// own metadata key).
    public static func isValidID(_ id: String) -> Bool {
        let bytes = id.utf8
        guard let first = bytes.first, isLetter(first), !isExtensionKey(id) else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// The text of the id rule, for messages.
    static let idRule =
        "an id is an ASCII letter followed by ASCII letters, digits, '_' or '-', and does not start with 'x-'"

    /// Whether a key is a user's own metadata key (`x-...`), ignored where
    /// the format allows it.
    static func isExtensionKey(_ key: String) -> Bool {
        var iterator = key.utf8.makeIterator()
        return iterator.next() == UInt8(ascii: "x") && iterator.next() == UInt8(ascii: "-")
    }

    /// Parses a count written as plain decimal digits (leading zeros allowed)
    /// within `range`, or returns `nil`. Never overflows, however long the text.
    public static func parseCount(_ text: some StringProtocol, in range: ClosedRange<Int>) -> Int? {
        parseCount(utf8: text.utf8, in: range)
    }

    /// ``parseCount(_:in:)`` for a count's UTF-8 bytes.
    static func parseCount(utf8 bytes: some Sequence<UInt8>, in range: ClosedRange<Int>) -> Int? {
        var value = 0
        var sawDigit = false
        for byte in bytes {
            guard isDigit(byte) else { return nil }
            sawDigit = true
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            // Stop as soon as it is past the range: no overflow on long input.
            guard value <= range.upperBound else { return nil }
        }
        return sawDigit && range.contains(value) ? value : nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
