/// Comma-separated values as RFC 4180 writes them.
enum CSV {
    /// A field, quoted when it holds a comma, a quote or a line break.
    ///
    /// Scalars are checked, not characters: `\r\n` is one `Character`, equal
    /// to neither `\r` nor `\n`.
    static func field(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}
