#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a till's export could not be read, and where: the file's line the
/// row starts on (1-based, counting the line breaks inside quoted fields),
/// the field (1-based) where reading stopped, and that field's column
/// name when the header gives one. A file with such a row is refused
/// whole.
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
        /// A carriage return outside quotes that is not followed by the
        /// line feed (only CR LF and LF end a row; the CSV library would
        /// end the row there and drop the rest).
        case bareCarriageReturn
        /// A row longer than `limit` bytes (a file that is no CSV, or a
        /// runaway quote): refused before it is held.
        case rowTooLong(limit: Int)
        /// Bytes that are not UTF-8 text.
        case notUTF8
        /// The file could not be read: the system's `errno`.
        case unreadable(errno: Int32)
        /// The path is no regular file: a directory, a FIFO, a device
        /// (`st_mode & S_IFMT`).
        case notARegularFile(kind: mode_t)
        /// The file has no header row, or one that is no format's (when the
        /// format is to be guessed).
        case unknownFormat
        /// The header lacks a column the format needs.
        case missingColumn
        /// The row has fewer fields than the header.
        case missingField
        /// A quantity that is not a whole number (`1.0` is one, `1.5`,
        /// `1e9` and `abc` are not), or is negative.
        case notAWholeNumber
        /// A quantity past `limit`.
        case quantityOutOfRange(limit: Int)
        /// A date or time that is none.
        case notATime
        /// A time zone that is none.
        case notATimeZone
        /// A Square `Event Type` that is neither `Payment` nor `Refund`.
        case notAnEventType
        /// A ticket's rows apart in the file, another ticket between them
        /// (it cannot be booked whole).
        case ticketApart
        /// A row whose ticket is empty.
        case emptyTicket
        /// A ticket id longer than `limit` bytes, or with a control
        /// character: it could not be the journal's key.
        case notATicket(limit: Int)
    }

    /// The line the row starts on; 0 when the file could not be opened.
    package var line: Int
    /// The field where reading stopped, 1-based; 0 for the whole row.
    package var field: Int
    /// The header's name of that field, when known.
    package var column: String?
    /// Whether the row is the header itself (its fields are said by their
    /// number in it: no column is named yet).
    package var isInHeader = false
    /// What was wrong.
    package var problem: Problem
    /// The field's text, for a problem with what it says (a quantity, a
    /// time, a time zone, an event type), quoted by the diagnostic.
    package var value: String?

    package init(line: Int, field: Int, column: String? = nil, problem: Problem, value: String? = nil) {
        self.line = line
        self.field = field
        self.column = column
        self.problem = problem
        self.value = value
    }
}
