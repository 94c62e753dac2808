/// Why a row of a till's export could not be read, and where: the file's
/// line the row starts on (1-based, counting the line breaks inside quoted
/// fields), and the field (1-based) where reading stopped.
package struct TillRowError: Error, Sendable, Hashable {
    /// What was wrong.
    package enum Problem: Sendable, Hashable {
        /// A `"` inside a field that did not start with one.
        case quoteInsideField
        /// Text after the closing `"` of a quoted field, before the next
        /// `,` or the line's end.
        case textAfterClosingQuote
        /// A quoted field still open at the end of the file.
        case unclosedQuote
        /// A row longer than `limit` bytes (a file that is no CSV, or a
        /// runaway quote): refused before it is held.
        case rowTooLong(limit: Int)
        /// Bytes that are not UTF-8 text.
        case notUTF8
        /// The file could not be read: the system's `errno`.
        case unreadable(errno: Int32)
    }

    /// The line the row starts on.
    package var line: Int
    /// The field where reading stopped.
    package var field: Int
    /// What was wrong.
    package var problem: Problem

    package init(line: Int, field: Int, problem: Problem) {
        self.line = line
        self.field = field
        self.problem = problem
    }
}
