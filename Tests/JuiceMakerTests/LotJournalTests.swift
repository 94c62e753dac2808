import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

/// SPEC 18's lots in the journal: deliveries dated by `shelfLife` or by
/// `@DATE`, entries that record the lots they moved, undo that puts the
/// same lots back, and a journal that replays to the inventory lot by lot.
@Suite struct LotJournalTests {
    static let menu = """
        fruits:
          strawberry: {stock: 0, shelfLife: 3}
          kiwi: 5
        recipes:
          strawberryJuice: {uses: {strawberry: 4}}
          kiwiJuice: {uses: {kiwi: 2}}

        """

    /// Today's business day (the menu's day starts at midnight) and `days` after it.
    static func today(plus days: Int = 0) throws -> CalendarDate {
        try #require(CalendarDate(parsing: JournalTime.now.localDay)).adding(days: days)
    }

    func date(_ text: String) throws -> CalendarDate {
        try #require(CalendarDate(parsing: text))
    }

    /// The journal's lines, in order.
    func journalLines(_ folder: String) throws -> [String] {
        try String(contentsOfFile: folder + "/i.yaml.journal", encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The inventory file's lines after its two comment lines.
    func stockLines(_ folder: String) throws -> [String] {
        Array(try String(contentsOfFile: folder + "/i.yaml", encoding: .utf8).split(separator: "\n").dropFirst(2))
            .map(String.init)
    }

    /// Whether the journal replays to the inventory on file, lot by lot.
    func replaysToTheInventory(_ store: Store, _ folder: String) throws -> Bool {
        let file = InventoryFile(path: folder + "/i.yaml")
        let inventory = try #require(try file.read(menu: store.menu).value)
        return try InventoryFile.replayed(file.journal, against: inventory, menu: store.menu) == inventory
    }

    @Test func aDeliveryAddsALotBestBeforeTheBusinessDayPlusTheShelfLifeOrTheDateGiven() throws {
        try withStore(menu: Self.menu) { folder, store in
            let due = try Self.today(plus: 3)
            let changes = try store.stockChanges(parsing: ["strawberry=+6", "kiwi=+2", "strawberry=+4@2030-01-02"])
            let delivered = try store.adjust(changes, reason: .delivery)
            #expect(
                delivered.after.lots(of: "strawberry") == [
                    Lot(count: 6, bestBefore: due), Lot(count: 4, bestBefore: try date("2030-01-02")),
                ])
            // A fruit without a shelf life and no date goes to its undated lot.
            #expect(delivered.after.lots(of: "kiwi") == [Lot(count: 7)])
            #expect(
                try stockLines(folder) == [
                    "strawberry: [{count: 6, bestBefore: \(due)}, {count: 4, bestBefore: 2030-01-02}]", "kiwi: 7",
                ])
            #expect(
                try journalLines(folder).last?.hasSuffix(
                    "\"reason\":\"delivery\",\"changes\":{\"kiwi\":2,\"strawberry\":10},\"lots\":{\"strawberry\":["
                        + "{\"bestBefore\":\"\(due)\",\"change\":6},{\"bestBefore\":\"2030-01-02\",\"change\":4}]}}")
                    == true)
            #expect(try replaysToTheInventory(store, folder))
        }
    }

    @Test func aDatedAdditionParsesOnlyWithPlusAndADay() throws {
        let menu = try #require(Menu.load(text: Self.menu, assumingPath: "menu.yaml").value)
        #expect(
            try menu.stockChange(parsing: "kiwi=+3@2026-12-09")
                == StockChange(fruit: "kiwi", .add(3), destination: .lot(bestBefore: try date("2026-12-09"))))
        #expect(
            try menu.arrival(parsing: "kiwi=3@2026-12-09")
                == ReceivedOrder.Line(fruit: "kiwi", units: 3, bestBefore: try date("2026-12-09")))
        #expect(try menu.arrival(parsing: "kiwi=3") == ReceivedOrder.Line(fruit: "kiwi", units: 3))
        #expect(throws: OrderError.datedNotAddition("kiwi=3@2026-12-09")) {
            try menu.stockChange(parsing: "kiwi=3@2026-12-09")
        }
        #expect(throws: OrderError.invalidBestBefore("2026-02-30", change: "kiwi=+3@2026-02-30")) {
            try menu.stockChange(parsing: "kiwi=+3@2026-02-30")
        }
        #expect(throws: OrderError.invalidBestBefore("2026-12-9", change: "kiwi=3@2026-12-9")) {
            try menu.arrival(parsing: "kiwi=3@2026-12-9")
        }
        #expect(throws: OrderError.invalidAmount("+x", change: "kiwi=+x@2026-12-09")) {
            try menu.stockChange(parsing: "kiwi=+x@2026-12-09")
        }
        #expect(throws: OrderError.notAnArrival("kiwi=+3@2026-12-09")) {
            try menu.arrival(parsing: "kiwi=+3@2026-12-09")
        }
    }

    @Test func aMakeRecordsTheLotsItTookAndUndoPutsThemBack() throws {
        try withStore(menu: Self.menu) { folder, store in
            try "strawberry: [{count: 3, bestBefore: 2030-01-01}, {count: 2, bestBefore: 2030-01-05}, {count: 1}]\n"
                .write(toFile: folder + "/i.yaml", atomically: true, encoding: .utf8)
            let before = try #require(try InventoryFile(path: folder + "/i.yaml").read(menu: store.menu).value)
            let made = try store.make([try store.menu.order(parsing: "strawberryJuice")])
            #expect(
                made.after.lots(of: "strawberry") == [Lot(count: 1, bestBefore: try date("2030-01-05")), Lot(count: 1)])
            let lines = try journalLines(folder)
            // The hand-written file is recorded first, as an edit, lots included.
            #expect(
                lines.first?.hasSuffix(
                    "\"kind\":\"edit\",\"changes\":{\"strawberry\":6},\"lots\":{\"strawberry\":["
                        + "{\"bestBefore\":\"2030-01-01\",\"change\":3},{\"bestBefore\":\"2030-01-05\",\"change\":2},"
                        + "{\"bestBefore\":null,\"change\":1}]}}") == true)
            #expect(
                lines.last?.hasSuffix(
                    "\"changes\":{\"strawberry\":-4},\"lots\":{\"strawberry\":["
                        + "{\"bestBefore\":\"2030-01-01\",\"change\":-3},{\"bestBefore\":\"2030-01-05\",\"change\":-1}]}}"
                )
                    == true)
            let undone = try store.undo()
            #expect(undone.after == before)
            #expect(undone.after.lots(of: "strawberry") == before.lots(of: "strawberry"))
            #expect(try replaysToTheInventory(store, folder))
        }
    }

    @Test func anUndoIsRefusedWhenALotItWouldTakeFromHoldsTooFew() throws {
        try withStore(menu: Self.menu) { folder, store in
            _ = try store.adjust(try store.stockChanges(parsing: ["strawberry=+6@2030-01-01"]), reason: .delivery)
            _ = try store.adjust(try store.stockChanges(parsing: ["strawberry=+6@2030-01-09"]), reason: .delivery)
            _ = try store.adjust(try store.stockChanges(parsing: ["strawberry=-4"]), reason: .waste)
            let journal = try journalLines(folder)
            #expect(
                throws: StoreError.refused(
                    .lotHoldsTooFew(fruit: "strawberry", bestBefore: try date("2030-01-01"), holds: 2, needed: 6))
            ) {
                try store.undo(entry: 1)
            }
            #expect(try journalLines(folder) == journal)
            #expect(
                StockError.lotHoldsTooFew(fruit: "strawberry", bestBefore: try date("2030-01-01"), holds: 2, needed: 6)
                    .description == "the lot of 'strawberry' best before 2030-01-01 holds 2, not the 6 it would take")
            // The later delivery's lot is whole: it undoes.
            #expect(
                try store.undo(entry: 2).after.lots(of: "strawberry") == [
                    Lot(count: 2, bestBefore: try date("2030-01-01"))
                ])
        }
    }

    @Test func countsAndCorrectionsMoveTheEarliestLotAndReplayLotByLot() throws {
        try withStore(menu: Self.menu) { folder, store in
            _ = try store.adjust(try store.stockChanges(parsing: ["strawberry=+6@2030-01-01"]), reason: .delivery)
            _ = try store.adjust(try store.stockChanges(parsing: ["strawberry=+6@2030-01-09"]), reason: .delivery)
            let counted = try store.count(["strawberry": 14])
            #expect(
                counted.after.lots(of: "strawberry") == [
                    Lot(count: 8, bestBefore: try date("2030-01-01")),
                    Lot(count: 6, bestBefore: try date("2030-01-09")),
                ])
            let short = try store.count(["strawberry": 9])
            #expect(
                short.after.lots(of: "strawberry") == [
                    Lot(count: 3, bestBefore: try date("2030-01-01")),
                    Lot(count: 6, bestBefore: try date("2030-01-09")),
                ])
            _ = try store.adjust(try store.stockChanges(parsing: ["strawberry=-5"]), reason: .correction)
            _ = try store.make([try store.menu.order(parsing: "strawberryJuice")])
            #expect(try store.readStock().inventory.lots(of: "strawberry") == [])
            #expect(try replaysToTheInventory(store, folder))
        }
    }

    @Test func aHandEditOfALotsDateIsRecordedAsAnEditOfLots() throws {
        try withStore(menu: Self.menu) { folder, store in
            _ = try store.adjust(try store.stockChanges(parsing: ["strawberry=+6@2030-01-01"]), reason: .delivery)
            let path = folder + "/i.yaml"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try text.replacingOccurrences(of: "2030-01-01", with: "2030-01-03").write(
                toFile: path, atomically: true, encoding: .utf8)
            _ = try store.adjust(try store.stockChanges(parsing: ["kiwi=+1"]), reason: .correction)
            let lines = try journalLines(folder)
            #expect(lines.count == 3)
            #expect(
                lines[1].hasSuffix(
                    "\"kind\":\"edit\",\"changes\":{},\"lots\":{\"strawberry\":["
                        + "{\"bestBefore\":\"2030-01-01\",\"change\":-6},{\"bestBefore\":\"2030-01-03\",\"change\":6}]}}"
                ))
            #expect(try replaysToTheInventory(store, folder))
        }
    }

    @Test func aJournalLineWithLotsReadsBackAndABadOneIsAnError() throws {
        let entry = JournalEntry(
            id: 3, time: JournalTime(seconds: 0), kind: .adjust, changes: ["kiwi": 2], reason: .delivery,
            lots: ["kiwi": [.init(bestBefore: try date("2030-01-01"), change: 3), .init(bestBefore: nil, change: -1)]])
        #expect(
            entry.line
                == "{\"id\":3,\"time\":\"1970-01-01T00:00:00Z\",\"kind\":\"adjust\",\"reason\":\"delivery\","
                + "\"changes\":{\"kiwi\":2},\"lots\":{\"kiwi\":[{\"bestBefore\":\"2030-01-01\",\"change\":3},"
                + "{\"bestBefore\":null,\"change\":-1}]}}")
        func read(_ line: String) -> JournalLine.Outcome {
            Array(line.utf8).withUnsafeBufferPointer { JournalLine(bytes: $0, file: "j", number: 1).entry() }
        }
        guard case .entry(let readBack, _) = read(entry.line) else {
            Issue.record("not read back")
            return
        }
        #expect(readBack == entry)
        let bad = entry.line.replacingOccurrences(of: "2030-01-01", with: "2030-02-30")
        guard case .problem(let problem) = read(bad) else {
            Issue.record("a bad date read")
            return
        }
        // Said as a date that is no day of the calendar, at the string (it
        // was said as a lot that must be an object, not a string).
        #expect(problem.code == .invalidDate)
        #expect(
            problem.message.description
                == "invalid best-before '2030-02-30' in 'lots.kiwi[0]': expected a date YYYY-MM-DD, a day of the "
                + "calendar, or null")
        let column = try #require(bad.firstRange(of: "\"2030-02-30\"")).lowerBound
        #expect(problem.location.line == 1)
        #expect(problem.location.column == bad.unicodeScalars.distance(from: bad.startIndex, to: column) + 1)
        // A date not of the form, and a number, are said alike.
        guard case .problem(let word) = read(bad.replacingOccurrences(of: "2030-02-30", with: "soon")),
            case .problem(let number) = read(bad.replacingOccurrences(of: "\"2030-02-30\"", with: "20300230"))
        else {
            Issue.record("a bad date read")
            return
        }
        #expect(word.message.description.hasPrefix("invalid best-before 'soon' in 'lots.kiwi[0]'"))
        #expect(number.code == .typeMismatch)
    }
}
