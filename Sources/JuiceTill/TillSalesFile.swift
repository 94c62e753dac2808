import Foundation
import JuiceMaker

/// A till's export read as sales for the store service: its tickets,
/// voids and refunds, and a row that cannot be read said as a diagnostic
/// at the file's path, line and column.
package struct TillSalesFile: TillSales {
    /// The export's path as the user gave it.
    package let path: String
    /// The export's tickets.
    package let export: TillExport
    private let rows: TillRows

    /// The export `rows` read (its `header` read already, when given),
    /// the file the user named `shownPath`; see ``TillExport`` for the rest.
    ///
    /// - Throws: ``TillSalesError`` when the header is missing, no format's,
    ///   or lacks a column.
    package init(
        rows: TillRows, header: (line: Int, fields: [String])? = nil, shownPath: String, format: TillFormat?,
        renamed: [TillColumns.Role: String] = [:],
        timeZone: TimeZone? = nil, localZone: TimeZone = .current,
        toastModifiers: [String: [TillTicket.Modifier]] = [:], location: String? = nil
    ) throws(TillSalesError) {
        path = shownPath
        self.rows = rows
        do {
            export = try TillExport(
                rows: rows, header: header, format: format, renamed: renamed, timeZone: timeZone, localZone: localZone,
                toastModifiers: toastModifiers, location: location)
        } catch {
            throw TillSalesError(error.diagnostic(file: shownPath, rows: rows))
        }
    }

    /// The note that the export was read as the format its header is,
    /// when `--from` did not name it; `nil` when it did.
    package var formatNote: Diagnostic? {
        guard export.formatWasGuessed else { return nil }
        return .note(.formatGuessed, Message(.tillFormatGuessed, "\(export.format.rawValue)"), at: .start(of: path))
    }

    package mutating func next() throws(TillSalesError) -> TillEvent? {
        do {
            return try export.next()
        } catch {
            throw TillSalesError(error.diagnostic(file: path, rows: rows))
        }
    }
}

extension TillRowError {
    /// The error as a diagnostic in `file`, at the place in the row
    /// `rows` last began where the field starts.
    package func diagnostic(file: String, rows: TillRows) -> Diagnostic {
        let place = rows.place(ofField: field)
        let location = SourceLocation(file: file, line: max(line, 1) + place.lines, column: place.column)
        return Diagnostic(.error, code, message, at: location)
    }

    /// The field by its column's name; by its number when the header
    /// names none (the header's own, a field past the header's columns).
    private var fieldName: Message.Argument {
        if let column { return .message(Message(.tillField, "\(column)")) }
        return .message(Message(isInHeader ? .tillHeaderField : .tillFieldNumber, "\(field)"))
    }

    /// The field's text, as the message quotes it.
    private var shownValue: Message.Argument {
        "\(value ?? "")"
    }

    private var code: DiagnosticCode {
        switch problem {
        case .quoteInsideField, .textAfterClosingQuote, .unclosedQuote, .bareCarriageReturn, .notUTF8, .unknownFormat:
            .syntax
        case .rowTooLong: .limit
        case .unreadable, .notARegularFile: .missingFile
        case .missingColumn, .missingField, .emptyTicket: .missingKey
        case .notAWholeNumber, .quantityOutOfRange: .invalidQuantity
        case .notATime, .notATimeZone: .invalidTime
        case .notAnEventType: .unknownKey
        case .ticketApart: .duplicateKey
        case .notATicket: .invalidID
        }
    }

    private var message: Message {
        switch problem {
        case .quoteInsideField: Message(.tillQuoteInsideField, fieldName)
        case .textAfterClosingQuote: Message(.tillTextAfterQuote, fieldName)
        case .unclosedQuote: Message(.tillUnclosedQuote, fieldName)
        case .bareCarriageReturn: Message(.tillBareReturn, fieldName)
        case .rowTooLong(let limit): Message(.tillRowTooLong, "\(limit)")
        case .notUTF8: Message(.tillNotUTF8)
        case .unreadable(let errno): Message(.tillUnreadable, "\(String(cString: strerror(errno)))")
        case .notARegularFile(let kind): Message(.tillUnreadable, notRegularReason(kind))
        case .unknownFormat: Message(.tillUnknownFormat)
        case .missingColumn: Message(.tillMissingColumn, "\(column ?? "")")
        case .missingField: Message(.tillMissingField, fieldName)
        case .emptyTicket: Message(.tillEmptyTicket, fieldName)
        case .notAWholeNumber: Message(.tillNotAWholeNumber, fieldName, shownValue)
        case .quantityOutOfRange(let limit): Message(.tillQuantityTooLarge, fieldName, "\(limit)", shownValue)
        case .notATime: Message(.tillNotATime, fieldName, shownValue)
        case .notATimeZone: Message(.tillNotATimeZone, fieldName, shownValue)
        case .notAnEventType: Message(.tillNotAnEventType, fieldName, shownValue)
        case .ticketApart: Message(.tillTicketApart, fieldName)
        case .notATicket(let limit): Message(.tillNotATicket, fieldName, "\(limit)")
        }
    }
}
