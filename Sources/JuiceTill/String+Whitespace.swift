import Foundation

extension String {
    /// The text without the spaces and tabs at its ends, as Foundation's
    /// `trimmingCharacters(in: .whitespaces)` gives it, without Foundation
    /// unless an end is a scalar that may be whitespace other than an ASCII
    /// space or tab: Foundation's trim goes through `NSString`, and an
    /// import trims several fields of each of a million rows.
    var trimmingWhitespace: String {
        // Ends that are ASCII and neither a space nor a tab: most fields.
        if let first = utf8.first, let last = utf8.last, Self.isKeptASCII(first), Self.isKeptASCII(last) {
            return self
        }
        // By scalars: a space may start a character (a combining mark after it).
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, Self.isSpaceOrTab(scalars[start]) { start = scalars.index(after: start) }
        while start < end, Self.isSpaceOrTab(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        guard start < end else { return "" }
        if Self.mayBeWhitespace(scalars[start]) || Self.mayBeWhitespace(scalars[scalars.index(before: end)]) {
            return trimmingCharacters(in: .whitespaces)
        }
        return start == scalars.startIndex && end == scalars.endIndex ? self : String(scalars[start..<end])
    }

    /// Whether `byte` is a whole ASCII character that is no space or tab.
    private static func isKeptASCII(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t")
    }

    private static func isSpaceOrTab(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }

    /// Whether `scalar`, not a space or a tab, may be in
    /// `CharacterSet.whitespaces`: Unicode's space separators (`Zs`) are all
    /// from U+00A0 to U+3000; the byte-order mark and every other scalar in
    /// that range are taken as maybe too, so that the answer never differs
    /// from Foundation's. Hangul and ASCII are not.
    private static func mayBeWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0x3000, 0xFEFF: true
        default: false
        }
    }
}
