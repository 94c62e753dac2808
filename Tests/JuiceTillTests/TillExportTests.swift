import Foundation
import JuiceMaker
import JuiceTill
import Testing

/// Tills' exports read as tickets: Square's, Toast's with its modifiers
/// file, and a generic CSV; times made UTC (the expected seconds are
/// Python's `calendar.timegm` of the UTC time written beside each), voids
/// and refunds set apart, and a bad row refused with its line and column.
@Suite struct TillExportTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    static func events(
        _ text: String, format: TillFormat? = nil, renamed: [TillColumns.Role: String] = [:],
        timeZone: TimeZone? = nil, toastModifiers: [String: [TillTicket.Modifier]] = [:]
    ) throws(TillRowError) -> (TillExport, [TillEvent]) {
        let export = try TillExport(
            rows: TillRows(bytes: Array(text.utf8)), format: format, renamed: renamed, timeZone: timeZone,
            localZone: TimeZone(identifier: "UTC")!, toastModifiers: toastModifiers)
        var events: [TillEvent] = []
        while let event = try export.next() { events.append(event) }
        return (export, events)
    }

    static func line(_ item: String, _ quantity: Int, size: String? = nil, _ modifiers: [String: Int] = [:], at: Int)
        -> TillTicket.Line
    {
        TillTicket.Line(
            item: item, size: size, quantity: quantity,
            modifiers: modifiers.sorted { $0.key < $1.key }.map {
                TillTicket.Modifier(name: $0.key, quantity: $0.value)
            },
            fileLine: at)
    }

    @Test func squaresRowsAreTicketsByTransactionWithTheirZonesAndRefundsApart() throws {
        let export = """
            Date,Time,Time Zone,Category,Item,Qty,Price Point Name,Modifiers Applied,Transaction ID,Event Type,Location
            2026-11-28,13:45:07,Seoul,Juice,Strawberry Juice,2,Regular,"Extra banana, No ice",T1,Payment,gangnam
            2026-11-28,13:45:07,Seoul,Juice,"Mango, Kiwi",1,Large,,T1,Payment,gangnam
            2026-11-28,09:00:00,Pacific Time (US & Canada),Juice,딸기 주스,1,,,T2,Payment,hongdae
            2026-11-28,14:10:00,Asia/Seoul,Juice,Strawberry Juice,-1,Regular,,T3,Refund,gangnam
            2026-11-28,06:00:00,UTC+0,Juice,Strawberry Juice,1.0,,,T4,Payment,

            """
        let (reader, events) = try Self.events(export)
        #expect(reader.format == .square && reader.formatWasGuessed)
        #expect(
            events == [
                // 2026-11-28 04:45:07 UTC.
                .ticket(
                    TillTicket(
                        key: "square:T1", time: 1_795_841_107, location: "gangnam",
                        lines: [
                            Self.line("Strawberry Juice", 2, size: "Regular", ["Extra banana": 1, "No ice": 1], at: 2),
                            Self.line("Mango, Kiwi", 1, size: "Large", at: 3),
                        ])),
                // A ticket is handed on when its last row is read: after the
                // refund read meanwhile.
                .refunded(line: 5, key: "square:T3", item: "Strawberry Juice", quantity: 1, location: "gangnam"),
                // 2026-11-28 17:00:00 UTC (PST, UTC-8).
                .ticket(
                    TillTicket(
                        key: "square:T2", time: 1_795_885_200, location: "hongdae",
                        lines: [Self.line("딸기 주스", 1, at: 4)])),
                // 2026-11-28 06:00:00 UTC.
                .ticket(
                    TillTicket(
                        key: "square:T4", time: 1_795_845_600, location: nil,
                        lines: [Self.line("Strawberry Juice", 1, at: 6)])),
            ])
    }

    @Test func toastsLinesTakeTheirModifiersAndVoidsAreSkippedInTheZoneGiven() throws {
        let modifiersFile = """
            Order Id,Item Selection Id,Modifier,Qty,Void?
            O1,S1,Extra Banana,2.0,false
            O1,S1,Honey,1,true
            O1,S2,No Ice,1,false

            """
        let modifiers = try TillExport.toastModifiers(from: TillRows(bytes: Array(modifiersFile.utf8)))
        #expect(
            modifiers == [
                "S1": [TillTicket.Modifier(name: "Extra Banana", quantity: 2)],
                "S2": [TillTicket.Modifier(name: "No Ice", quantity: 1)],
            ])
        let export = """
            Location,Order Id,Order #,Order Date,Item Selection Id,Menu Item,Qty,Void?
            gangnam,O1,101,11/28/26 1:45 PM,S1,Strawberry Juice,1.0,false
            gangnam,O1,101,11/28/26 1:45 PM,S2,Mango Kiwi,2.0,False
            gangnam,O1,101,11/28/26 1:45 PM,S3,Mango Kiwi,1.0,TRUE
            gangnam,O2,102,2026-11-28 14:10,S4,Strawberry Juice,1.0,false

            """
        let (reader, events) = try Self.events(export, format: .toast, timeZone: Self.seoul, toastModifiers: modifiers)
        #expect(reader.format == .toast && !reader.formatWasGuessed)
        #expect(
            events == [
                .voided(line: 4, item: "Mango Kiwi", quantity: 1, location: "gangnam"),
                // 2026-11-28 04:45:00 UTC.
                .ticket(
                    TillTicket(
                        key: "toast:O1", time: 1_795_841_100, location: "gangnam",
                        lines: [
                            Self.line("Strawberry Juice", 1, ["Extra Banana": 2], at: 2),
                            Self.line("Mango Kiwi", 2, ["No Ice": 1], at: 3),
                        ])),
                // 2026-11-28 05:10:00 UTC.
                .ticket(
                    TillTicket(
                        key: "toast:O2", time: 1_795_842_600, location: "gangnam",
                        lines: [Self.line("Strawberry Juice", 1, at: 5)])),
            ])
    }

    /// Without a ticket column each row is a ticket, keyed by its hash and
    /// its place among identical rows: the same in every run, different for
    /// two identical rows.
    @Test func aGenericCSVsColumnsAreRenamedAndRowsWithoutTicketsAreKeyedByTheirHash() throws {
        let export = """
            Sold At,Product,Count,Extras
            2026-11-28T13:45:00+09:00,Strawberry Juice,1,banana; ice
            2026-11-28T13:45:00+09:00,Strawberry Juice,1,banana; ice
            2026-11-28 06:00,Mango Kiwi,3,

            """
        let renamed: [TillColumns.Role: String] = [
            .dateTime: "Sold At", .item: "Product", .quantity: "Count", .modifiers: "Extras",
        ]
        let (_, events) = try Self.events(export, format: .csv, renamed: renamed)
        let tickets = events.compactMap { if case .ticket(let ticket) = $0 { ticket } else { nil } }
        #expect(tickets.map(\.time) == [1_795_841_100, 1_795_841_100, 1_795_845_600])
        #expect(tickets[0].lines == [Self.line("Strawberry Juice", 1, ["banana": 1, "ice": 1], at: 2)])
        #expect(tickets[0].key.text.hasPrefix("csv:") && tickets[0].key.text.hasSuffix("-1"))
        #expect(tickets[1].key.text == tickets[0].key.text.dropLast(2) + "-2")
        #expect(tickets[2].key != tickets[0].key && tickets[2].key.text.hasSuffix("-1"))
        let (_, again) = try Self.events(export, format: .csv, renamed: renamed)
        #expect(again == events)
    }

    @Test func aBadRowIsRefusedNamingItsLineAndColumn() {
        let header = "Date,Time,Time Zone,Item,Qty,Transaction ID,Event Type\n"
        func refusal(_ rows: String) -> TillRowError? {
            do {
                _ = try Self.events(header + rows)
                return nil
            } catch {
                return error
            }
        }
        let row = "2026-11-28,13:45,Seoul,Juice,"
        for quantity in ["1.5", "1e9", "abc", "-1", ""] {
            #expect(
                refusal("\(row)1,T1,Payment\n\(row)\(quantity),T2,Payment\n")
                    == TillRowError(line: 3, field: 5, column: "Qty", problem: .notAWholeNumber, value: quantity))
        }
        #expect(
            refusal("\(row)1000001,T1,Payment\n")
                == TillRowError(
                    line: 2, field: 5, column: "Qty", problem: .quantityOutOfRange(limit: 1_000_000), value: "1000001"))
        // A day that is none is said at `Date`, a time that is none at `Time`.
        #expect(
            refusal("2026-02-30,13:45,Seoul,Juice,1,T1,Payment\n")
                == TillRowError(line: 2, field: 1, column: "Date", problem: .notATime, value: "2026-02-30"))
        #expect(
            refusal("2026-02-28,24:45,Seoul,Juice,1,T1,Payment\n")
                == TillRowError(line: 2, field: 2, column: "Time", problem: .notATime, value: "24:45"))
        #expect(
            refusal("2026-11-28,13:45,Atlantis,Juice,1,T1,Payment\n")
                == TillRowError(line: 2, field: 3, column: "Time Zone", problem: .notATimeZone, value: "Atlantis"))
        // A long field is quoted by its start.
        let long = String(repeating: "9", count: 50) + "x"
        #expect(
            refusal("\(row)\(long),T1,Payment\n")?.value == String(repeating: "9", count: 40) + "…")
        #expect(
            refusal("\(row)1,T1,Payment\n\(row)1,T2,Payment\n\(row)1,T1,Payment\n")
                == TillRowError(line: 4, field: 6, column: "Transaction ID", problem: .ticketApart))
        #expect(
            refusal("\(row)1\n") == TillRowError(line: 2, field: 6, column: "Transaction ID", problem: .missingField))
        #expect(throws: TillRowError(line: 1, field: 0, column: "Qty", problem: .missingColumn)) {
            try Self.events("Date,Time,Item,Transaction ID\n", format: .square)
        }
        #expect(throws: TillRowError(line: 1, field: 0, problem: .unknownFormat)) {
            try Self.events("a,b,c\n1,2,3\n")
        }
    }

    /// A ticket's rows are told by their field as keys compare (as Swift's
    /// strings do: an accent composed, then not, is the same ticket), the
    /// key written as its first row has it, however the reader compares a
    /// row's field with the last row's bytes; an event type is read
    /// whatever its case and spaces.
    @Test func aTicketsKeyIsItsFirstRowsAndEventTypesAreReadWhateverTheirCase() throws {
        let row = "2026-11-28,13:45:00,Seoul,Juice,1,"
        let (_, events) = try Self.events(
            "Date,Time,Time Zone,Item,Qty,Transaction ID,Event Type\n"
                + "\(row)T\u{E9},Payment\n\(row)Te\u{301}, PAYMENT\n\(row)T\u{E9}x,refund \n")
        let read = events.map { event -> String in
            switch event {
            case .ticket(let ticket): "ticket \(ticket.key.text.unicodeScalars.map(\.value)) \(ticket.lines.count)"
            case .refunded(_, let key, _, _, _): "refund \(key.text.unicodeScalars.map(\.value))"
            case .voided: "void"
            }
        }
        let square = "square:T".unicodeScalars.map(\.value)
        #expect(read == ["refund \(square + [0xE9, 0x78])", "ticket \(square + [0xE9]) 2"])
    }

    @Test func everyZoneNameSquareWritesIsAZoneAndOffsetsAreRead() {
        for name in ["Seoul", "Pacific Time (US & Canada)", "Kyiv", "Greenland", "Rangoon", "Nuku'alofa"] {
            #expect(TillZone.named(name) != nil, "\(name)")
        }
        #expect(TillZone.named("Seoul")?.identifier == "Asia/Seoul")
        #expect(TillZone.named("+09:00")?.secondsFromGMT() == 9 * 3600)
        #expect(TillZone.named("UTC+9")?.secondsFromGMT() == 9 * 3600)
        #expect(TillZone.named("GMT-05:30")?.secondsFromGMT() == -(5 * 3600 + 1800))
        #expect(TillZone.named("-0800")?.secondsFromGMT() == -8 * 3600)
        #expect(TillZone.named("UTC")?.secondsFromGMT() == 0)
        for bad in ["Atlantis", "+15:00", "UTC+9:75", "EST", "", "+"] {
            #expect(TillZone.named(bad) == nil, "\(bad)")
        }
    }
}

/// A ticket's key written as its text in these tests.
extension IdempotencyKey: ExpressibleByStringLiteral {
    /// The ticket's key `text`.
    public init(stringLiteral text: String) {
        self = IdempotencyKey(ticket: text)!
    }
}
