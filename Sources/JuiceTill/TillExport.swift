import Foundation
import JuiceMaker

/// A till's sales export read as tickets (SPEC 17): rows grouped by their
/// ticket (a ticket's rows follow each other, as tills write them), times
/// made UTC, voids and refunds set apart. Streams: it holds one ticket at
/// a time, and a 64-bit hash of each ticket's key to refuse a ticket whose
/// rows stand apart (it could not be booked whole).
package final class TillExport {
    /// The largest quantity of a line taken: a till's line is a few juices,
    /// and `1000000000` a mistake.
    package static let quantityLimit = 1_000_000

    /// The export's format.
    package let format: TillFormat
    /// Whether ``format`` was guessed from the header (and is to be said).
    package let formatWasGuessed: Bool

    private let rows: TillRows
    private let columns: TillColumns
    /// `--time-zone`'s zone, over any the file writes.
    private let zone: TimeZone?
    /// The zone of a local time the file gives none for.
    private let localZone: TimeZone
    private let modifiers: [String: [TillTicket.Modifier]]
    /// `--location`, as compared: the only till location whose rows are taken.
    private let location: String?

    private var current: TillTicket?
    private var finishedKeys = TicketHashes()
    private var identicalRows = RowCounts()
    private var pending: [TillEvent] = []
    /// Reads the tickets' times, keeping the day last read.
    private var clock = TillTime()
    /// The time zone field last read and the zone it names: most rows of
    /// an export name the same.
    private var lastZone: (name: String, zone: TimeZone?)?
    /// The ticket field last read and its key: a ticket's rows share it.
    private var lastKey: (field: String, key: IdempotencyKey)?

    /// Reads the header of `rows` (unless `header` is the row read
    /// already) and readies the rest.
    ///
    /// - Parameters:
    ///   - header: the first row of `rows`, when the caller read it.
    ///   - format: the export's format; guessed from the header when `nil`.
    ///   - renamed: other header names for the generic format's columns
    ///     (`--columns`).
    ///   - timeZone: the zone of every local time (`--time-zone`), over the
    ///     file's own.
    ///   - localZone: the zone of a local time the file names none for.
    ///   - toastModifiers: Toast's modifiers by item selection
    ///     (``toastModifiers(from:)``).
    ///   - location: `--location`: only this till location's rows are taken,
    ///     its tickets, voids and refunds (compared as the till writes it,
    ///     case and spaces aside).
    /// - Throws: ``TillRowError`` when the header is missing, is no format's,
    ///   or lacks a column the format needs.
    package init(
        rows: TillRows, header: (line: Int, fields: [String])? = nil, format: TillFormat?,
        renamed: [TillColumns.Role: String] = [:], timeZone: TimeZone? = nil, localZone: TimeZone = .current,
        toastModifiers: [String: [TillTicket.Modifier]] = [:], location: String? = nil
    ) throws(TillRowError) {
        self.location = location.map(ChainSalesImport.locationKey)
        guard let (line, header) = try Self.header(header, of: rows) else {
            throw TillRowError(line: 1, field: 0, problem: .unknownFormat)
        }
        guard let found = format ?? TillFormat.guess(header: header) else {
            throw TillRowError(line: line, field: 0, problem: .unknownFormat)
        }
        self.format = found
        formatWasGuessed = format == nil
        self.rows = rows
        columns = try TillColumns(header: header, of: .sales(found), renamed: renamed, line: line)
        rows.readOnly(fields: columns.read)
        zone = timeZone
        self.localZone = localZone
        modifiers = toastModifiers
    }

    /// Toast's `ModifiersSelectionDetails.csv`: each item selection's
    /// modifiers (voided ones left out), each with its quantity for each
    /// unit of its line. `header` is the first row of `rows`, when the
    /// caller read it.
    package static func toastModifiers(from rows: TillRows, header: (line: Int, fields: [String])? = nil)
        throws(TillRowError) -> [String: [TillTicket.Modifier]]
    {
        guard let (line, header) = try Self.header(header, of: rows) else { return [:] }
        let columns = try TillColumns(header: header, of: .toastModifiers, line: line)
        rows.readOnly(fields: columns.read)
        var found: [String: [TillTicket.Modifier]] = [:]
        while let (line, row) = try columns.naming(rows.next) {
            if isTrue(try columns.field(.void, of: row, line: line)) { continue }
            let selection = try columns.field(.selection, of: row, line: line) ?? ""
            let name = (try columns.field(.modifier, of: row, line: line) ?? "").trimmingWhitespace
            let quantity = try quantity(of: row, columns, line: line)
            guard quantity > 0, !name.isEmpty else { continue }
            found[selection, default: []].append(TillTicket.Modifier(name: name, quantity: quantity))
        }
        return found
    }

    /// `header` when the caller read it, else the first row of `rows`.
    private static func header(_ header: (line: Int, fields: [String])?, of rows: TillRows) throws(TillRowError)
        -> (line: Int, fields: [String])?
    {
        if let header { return header }
        return try rows.header()
    }

    /// The next ticket, void or refund; `nil` at the end.
    package func next() throws(TillRowError) -> TillEvent? {
        while pending.isEmpty {
            guard let (line, row) = try columns.naming(rows.next) else {
                guard let last = current else { return nil }
                current = nil
                return .ticket(last)
            }
            try take(row, line: line)
        }
        return pending.removeFirst()
    }

    private func take(_ row: [String], line: Int) throws(TillRowError) {
        let rowLocation = try columns.field(.location, of: row, line: line).flatMap(Self.nonEmpty)
        if let location, rowLocation.map(ChainSalesImport.locationKey) != location { return }
        let item = (try columns.field(.item, of: row, line: line) ?? "").trimmingWhitespace
        let quantity = try Self.quantity(of: row, columns, line: line, allowsNegative: format == .square)
        if Self.isTrue(try columns.field(.void, of: row, line: line)) {
            pending.append(.voided(line: line, item: item, quantity: quantity, location: rowLocation))
            return
        }
        let key = try self.key(of: row, line: line)
        if format == .square, let event = try columns.field(.event, of: row, line: line) {
            switch Self.eventType(event) {
            case "payment": break
            case "refund":
                pending.append(
                    .refunded(line: line, key: key, item: item, quantity: abs(quantity), location: rowLocation))
                return
            // Booked as a sale, it could be anything Square adds.
            default: throw columns.problem(.notAnEventType, .event, line: line, value: event)
            }
        }
        guard quantity >= 0 else {
            throw columns.problem(.notAWholeNumber, .quantity, line: line, value: "\(quantity)")
        }
        let sold = TillTicket.Line(
            item: item, size: try columns.field(.size, of: row, line: line).flatMap(Self.nonEmpty), quantity: quantity,
            modifiers: try modifiers(of: row, line: line), fileLine: line, quantityAt: quantityCell(line: line))
        if current?.key == key {
            if quantity > 0 { current?.lines.append(sold) }
            return
        }
        // A row that is its own ticket (``rowsAreTickets``) cannot stand
        // apart from its ticket's other rows.
        if let finished = current {
            if !rowsAreTickets { finishedKeys.insert(finished.key) }
            pending.append(.ticket(finished))
        }
        guard rowsAreTickets || !finishedKeys.contains(key) else {
            throw columns.problem(.ticketApart, .ticket, line: line)
        }
        current = TillTicket(
            key: key, time: try time(of: row, line: line),
            location: rowLocation,
            lines: quantity > 0 ? [sold] : [])
    }

    /// Where the quantity of the row last begun (on `line`) stands.
    private func quantityCell(line: Int) -> TillTicket.Cell {
        let field = columns.field(of: .quantity)
        let place = rows.place(ofField: field.number)
        return TillTicket.Cell(
            place: SourceLocation(file: rows.name ?? "", line: line + place.lines, column: place.column),
            column: field.name ?? "\(field.number)")
    }

    /// Whether each row is a ticket of its own, its key made of its
    /// fields and its place among identical rows: a generic export without
    /// a ticket column.
    private var rowsAreTickets: Bool { format == .csv && !columns.has(.ticket) }

    private func key(of row: [String], line: Int) throws(TillRowError) -> IdempotencyKey {
        guard !rowsAreTickets else {
            var hash = FNV1a()
            for field in row { hash.add(field + "\u{1F}") }
            let seen = identicalRows.meet(hash.value)
            // Hex digits and a count: always a ticket's key.
            return IdempotencyKey(ticket: "csv:" + String(hash.value, radix: 16) + "-\(seen)")!
        }
        let field = try columns.field(.ticket, of: row, line: line) ?? ""
        if let lastKey, lastKey.field.hasSameBytes(as: field) { return lastKey.key }
        guard let id = Self.nonEmpty(field) else {
            throw columns.problem(.emptyTicket, .ticket, line: line)
        }
        guard let key = IdempotencyKey(ticket: format.rawValue + ":" + id) else {
            throw columns.problem(.notATicket(limit: IdempotencyKey.maximumTicketBytes), .ticket, line: line)
        }
        lastKey = (field, key)
        return key
    }

    private func time(of row: [String], line: Int) throws(TillRowError) -> Int {
        let seconds: Int?
        // The text of the field a time that is none is said at.
        let text: String
        switch format {
        case .square:
            var zone = self.zone ?? localZone
            if self.zone == nil, let named = try columns.field(.timeZone, of: row, line: line).flatMap(Self.nonEmpty) {
                if lastZone.map({ !$0.name.hasSameBytes(as: named) }) ?? true {
                    lastZone = (named, TillZone.named(named))
                }
                guard let found = lastZone?.zone else {
                    throw columns.problem(.notATimeZone, .timeZone, line: line, value: named)
                }
                zone = found
            }
            let date = try columns.field(.date, of: row, line: line) ?? ""
            text = try columns.field(.time, of: row, line: line) ?? ""
            seconds = clock.seconds(date: date, time: text, in: zone)
            // Said at the field that is wrong: the date when it is no day.
            if seconds == nil, clock.seconds(date: date, time: "12:00", in: zone) == nil {
                throw columns.problem(.notATime, .date, line: line, value: date)
            }
        case .toast:
            text = try columns.field(.dateTime, of: row, line: line) ?? ""
            seconds = clock.seconds(dateTime: text, in: zone ?? localZone)
        case .csv:
            text = try columns.field(.dateTime, of: row, line: line) ?? ""
            seconds = clock.seconds(rfc3339OrLocal: text, in: zone ?? localZone)
        }
        // Square's time is its `Date` and `Time`: a day that is one, and a
        // time that is none, is said at `Time`.
        guard let seconds else {
            throw columns.problem(.notATime, format == .square ? .time : .dateTime, line: line, value: text)
        }
        return seconds
    }

    private func modifiers(of row: [String], line: Int) throws(TillRowError) -> [TillTicket.Modifier] {
        switch format {
        case .toast:
            guard let selection = try columns.field(.selection, of: row, line: line) else { return [] }
            return modifiers[selection] ?? []
        case .square, .csv:
            // Most lines have none.
            guard let text = try columns.field(.modifiers, of: row, line: line), !text.isEmpty else { return [] }
            let separator: UInt8 = format == .square ? UInt8(ascii: ",") : UInt8(ascii: ";")
            // One modifier: no pieces to cut.
            if !text.utf8.contains(separator) {
                return Self.nonEmpty(text).map { [TillTicket.Modifier(name: $0, quantity: 1)] } ?? []
            }
            return text.split(separator: format == .square ? "," : ";").compactMap {
                Self.nonEmpty(String($0)).map { TillTicket.Modifier(name: $0, quantity: 1) }
            }
        }
    }

    /// A line's quantity: a whole number, `1.0` taken as one (Toast writes
    /// them so); negative only where `allowsNegative` (Square's refunds).
    private static func quantity(
        of row: [String], _ columns: TillColumns, line: Int, allowsNegative: Bool = false
    ) throws(TillRowError) -> Int {
        let text = (try columns.field(.quantity, of: row, line: line) ?? "").trimmingWhitespace
        // Plain digits, below the limit: most lines' quantities.
        if (1...6).contains(text.utf8.count),
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let value = Int(text)
        {
            return value
        }
        var digits = Substring(text)
        let negative = allowsNegative && digits.hasPrefix("-")
        if negative { digits = digits.dropFirst() }
        if let dot = digits.firstIndex(of: ".") {
            guard digits[digits.index(after: dot)...].allSatisfy({ $0 == "0" }) else {
                throw columns.problem(.notAWholeNumber, .quantity, line: line, value: text)
            }
            digits = digits[..<dot]
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else {
            throw columns.problem(.notAWholeNumber, .quantity, line: line, value: text)
        }
        guard digits.count <= 7, let value = Int(digits), value <= quantityLimit else {
            throw columns.problem(.quantityOutOfRange(limit: quantityLimit), .quantity, line: line, value: text)
        }
        return negative ? -value : value
    }

    /// Square's `Event Type` as compared: trimmed and in lower case. As
    /// Square writes it (`Payment`, `Refund`) without Foundation's trim,
    /// which goes through `NSString` and was a twentieth of an import.
    private static func eventType(_ text: String) -> String {
        switch text {
        case "Payment": "payment"
        case "Refund": "refund"
        default: text.trimmingWhitespace.lowercased()
        }
    }

    /// Whether a `Void?` or `void` field says yes.
    private static func isTrue(_ text: String?) -> Bool {
        guard let text else { return false }
        return ["true", "yes", "y", "1", "void", "voided"].contains(
            text.trimmingWhitespace.lowercased())
    }

    private static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// 64-bit FNV-1a, for a row's key that must be the same in every run.
private struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
    }
}
