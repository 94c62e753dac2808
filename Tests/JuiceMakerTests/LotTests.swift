import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

/// SPEC 18's shelf life and lots: dates, the inventory's lots as read and
/// written, and the lots a transaction takes from and adds to.
@Suite struct LotTests {
    static let menuText = """
        fruits:
          strawberry: {stock: 10, shelfLife: 3}
          kiwi: 5
        recipes:
          strawberry_juice: {uses: {strawberry: 4}}
          kiwi_juice: {uses: {kiwi: 2}}

        """

    let menu: Menu

    init() throws {
        menu = try #require(loadMenu(Self.menuText).value)
    }

    func date(_ text: String) throws -> CalendarDate {
        try #require(CalendarDate(parsing: text))
    }

    func load(_ text: String) -> Loaded<Inventory> {
        Inventory.load(text: text, assumingPath: "i.yaml", menu: menu)
    }

    @Test func aDateReadsOnlyAsADayThatExistsAndCountsDays() throws {
        #expect(try date("1970-01-01").days == 0)
        #expect(try date("2026-12-01").days == 20_788)
        #expect(try date("2024-02-29").adding(days: 1).description == "2024-03-01")
        #expect(try date("2026-12-30").adding(days: 3).description == "2027-01-02")
        #expect(try date("0001-01-01").description == "0001-01-01")
        for bad in ["2026-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "26-12-01", "2026/12/01", "0000-01-01", ""] {
            #expect(CalendarDate(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func aMenusShelfLifeIsReadAndItsRangeCheckedAtItsPlace() throws {
        #expect(menu.fruit(id: "strawberry")?.shelfLife == 3)
        #expect(menu.fruit(id: "kiwi")?.shelfLife == nil)
        #expect(
            places("fruits:\n  kiwi: {shelfLife: 0}\n  fig: {shelfLife: 3651}\n  lime: {shelfLife: \"3\"}\n") == [
                "1:1 missing-key", "2:3 unused-fruit", "2:21 invalid-quantity", "3:3 unused-fruit",
                "3:20 invalid-quantity", "4:3 unused-fruit", "4:21 invalid-quantity",
            ])
        #expect(places("fruits:\n  kiwi: {shelfLife: 3650}\nrecipes:\n  k: {uses: {kiwi: 1}}\n").isEmpty)
    }

    @Test func lotsAreReadSortedAndMergedAndTheCountIsTheirSum() throws {
        let inventory = try #require(
            load(
                """
                strawberry: [{count: 4}, {count: 2, bestBefore: 2026-12-03}, 1, {count: 12, bestBefore: "2026-12-01"}, {count: 3, bestBefore: 2026-12-03}]
                kiwi: 7

                """
            ).value)
        #expect(inventory["strawberry"] == 22)
        #expect(
            inventory.lots(of: "strawberry") == [
                Lot(count: 12, bestBefore: try date("2026-12-01")), Lot(count: 5, bestBefore: try date("2026-12-03")),
                Lot(count: 5),
            ])
        #expect(inventory.lots(of: "kiwi") == [Lot(count: 7)])
        #expect(inventory.datedLots.keys.sorted() == ["strawberry"])
        let written = inventory.yamlText(for: menu).split(separator: "\n").dropFirst()
        #expect(
            Array(written) == [
                "strawberry: [{count: 12, bestBefore: 2026-12-01}, {count: 5, bestBefore: 2026-12-03}, {count: 5}]",
                "kiwi: 7",
            ])
        #expect(load(inventory.yamlText(for: menu)).value == inventory)
    }

    @Test func undatedLotsOnlyAreAPlainCountWrittenAsANumber() throws {
        let inventory = try #require(load("strawberry: [{count: 4}, 3, {count: 2, bestBefore: ~}]\n").value)
        #expect(inventory["strawberry"] == 9)
        #expect(inventory.datedLots.isEmpty)
        #expect(inventory == Inventory(counts: ["strawberry": 9, "kiwi": 5]))
        #expect(inventory.yamlText(for: menu).hasSuffix("strawberry: 9\nkiwi: 5\n"))
    }

    @Test func aBadLotIsAnErrorAtItsPlace() {
        let diagnostics = load(
            """
            strawberry: [{count: 2, bestBefore: 2026-02-30}, {count: -1}, {bestBefore: 2026-12-01}, {count: 1, best: 2026-12-01}, [1], {count: 1, bestBefore: 20261201}]
            fig: [{count: 1, bestBefore: 2026-12-01}]
            kiwi: {count: 3}

            """
        ).diagnostics
        #expect(
            places(diagnostics) == [
                "1:37 invalid-date", "1:58 invalid-quantity", "1:63 missing-key", "1:100 unknown-key",
                "1:119 type-mismatch", "1:147 invalid-date", "2:1 unknown-fruit", "3:7 type-mismatch",
            ])
        #expect(
            diagnostics.first?.message.description
                == "invalid best-before '2026-02-30' of lot 1 of fruit 'strawberry': expected a date YYYY-MM-DD, "
                + "a day of the calendar, or null")
        #expect(
            diagnostics.dropFirst(5).first?.message.description
                == "invalid best-before '20261201' of lot 6 of fruit 'strawberry': expected a date YYYY-MM-DD, "
                + "a day of the calendar, or null")
        #expect(
            load("kiwi: [{count: 1, bestBefore: [2026]}]\n").diagnostics.first?.message.description
                == "the best-before of lot 1 of fruit 'kiwi' must be a date YYYY-MM-DD, not a sequence")
        #expect(diagnostics.dropFirst(2).first?.message.description == "lot 3 of fruit 'strawberry' has no 'count'")
    }

    @Test func lotsAbovetheMaximumTogetherAreAnError() {
        let half = Schema.maximumCount / 2 + 1
        #expect(
            places(load("kiwi: [{count: \(half), bestBefore: 2026-12-01}, \(half)]\n").diagnostics) == [
                "1:7 invalid-quantity"
            ])
    }

    @Test func aCheckOfTheStockWithoutLotsIsWhatItWasBeforeLots() {
        let inventory = Inventory(counts: ["strawberry": 10, "kiwi": 5])
        var hash = StableHash()
        hash.combine("strawberry=10\nkiwi=5\n".utf8)
        #expect(InventoryMarker.checksum(of: inventory, menu: menu) == hash.value)
    }

    @Test func aMakeTakesTheEarliestBestBeforeFirstAndUndatedLast() throws {
        let inventory = try #require(
            load("strawberry: [{count: 3}, {count: 2, bestBefore: 2026-12-05}, {count: 3, bestBefore: 2026-12-01}]\n")
                .value)
        let order = try menu.order(parsing: "strawberry_juice=1")
        let after = try inventory.making([order])
        #expect(after["strawberry"] == 4)
        #expect(after.lots(of: "strawberry") == [Lot(count: 1, bestBefore: try date("2026-12-05")), Lot(count: 3)])
        let last = try after.making([order])
        #expect(last["strawberry"] == 0)
        #expect(last.lots(of: "strawberry").isEmpty)
        #expect(last.datedLots.isEmpty)
    }

    @Test func aDecreaseTakesTheEarliestFirstAndAnIncreaseJoinsTheEarliestLot() throws {
        let inventory = try #require(
            load("strawberry: [{count: 3}, {count: 2, bestBefore: 2026-12-05}, {count: 3, bestBefore: 2026-12-01}]\n")
                .value)
        let taken = try inventory.adjusted(by: [StockChange(fruit: "strawberry", .remove(4))])
        #expect(taken.lots(of: "strawberry") == [Lot(count: 1, bestBefore: try date("2026-12-05")), Lot(count: 3)])
        let counted = try inventory.adjusted(by: [StockChange(fruit: "strawberry", .set(10))])
        #expect(
            counted.lots(of: "strawberry") == [
                Lot(count: 5, bestBefore: try date("2026-12-01")), Lot(count: 2, bestBefore: try date("2026-12-05")),
                Lot(count: 3),
            ])
        let delivered = try inventory.adjusted(by: [
            StockChange(fruit: "strawberry", .add(6), destination: .lot(bestBefore: try date("2026-12-03"))),
            StockChange(fruit: "kiwi", .add(2), destination: .lot(bestBefore: try date("2026-12-09"))),
        ])
        #expect(
            delivered.lots(of: "strawberry") == [
                Lot(count: 3, bestBefore: try date("2026-12-01")), Lot(count: 6, bestBefore: try date("2026-12-03")),
                Lot(count: 2, bestBefore: try date("2026-12-05")), Lot(count: 3),
            ])
        #expect(delivered.lots(of: "kiwi") == [Lot(count: 2, bestBefore: try date("2026-12-09")), Lot(count: 5)])
        #expect(delivered["kiwi"] == 7)
    }

    @Test func theLotsAlwaysAddUpToTheCount() throws {
        var inventory = try #require(
            load("strawberry: [{count: 3}, {count: 2, bestBefore: 2026-12-05}, {count: 3, bestBefore: 2026-12-01}]\n")
                .value)
        let steps: [StockChange] = [
            StockChange(fruit: "strawberry", .remove(1)), StockChange(fruit: "strawberry", .add(4)),
            StockChange(fruit: "strawberry", .add(2), destination: .lot(bestBefore: try date("2026-12-02"))),
            StockChange(fruit: "strawberry", .set(1)), StockChange(fruit: "strawberry", .set(30)),
            StockChange(fruit: "strawberry", .remove(30)),
        ]
        for step in steps {
            inventory = try inventory.adjusted(by: [step])
            #expect(inventory.lots(of: "strawberry").reduce(0) { $0 + $1.count } == inventory["strawberry"])
        }
        #expect(inventory.datedLots.isEmpty)
    }

    @Test func expiredFruitMakesNothingAndARefusalSaysItExpired() throws {
        let inventory = try #require(
            load("strawberry: [{count: 3, bestBefore: 2026-12-01}, {count: 2, bestBefore: 2026-12-05}, {count: 1}]\n")
                .value)
        let order = try menu.order(parsing: "strawberry_juice=1")
        let today = try date("2026-12-02")
        #expect(
            throws: StockError.insufficient([Shortage(fruit: "strawberry", needed: 4, available: 3, expired: 3)])
        ) {
            try inventory.making([order], today: today)
        }
        // Without the day, every lot counts (as before lots).
        #expect(try inventory.making([order])["strawberry"] == 2)
        let more = try inventory.adjusted(by: [
            StockChange(fruit: "strawberry", .add(2), destination: .lot(bestBefore: try date("2026-12-04")))
        ])
        let made = try more.making([order], today: today)
        #expect(
            made.lots(of: "strawberry") == [
                Lot(count: 3, bestBefore: try date("2026-12-01")), Lot(count: 1),
            ])
        #expect(
            inventory.usable(on: today).lots(of: "strawberry") == [
                Lot(count: 2, bestBefore: try date("2026-12-05")), Lot(count: 1),
            ])
        #expect(inventory.usable(on: today)["strawberry"] == 3)
        #expect(inventory.expired(on: today) == ["strawberry": 3])
        #expect(inventory.expiring(on: try date("2026-12-04")) == ["strawberry": 2])
        #expect(inventory.expiring(on: try date("2026-12-01")) == ["strawberry": 3])
        #expect(inventory.expiring(on: try date("2026-12-06")) == [:])
    }

    @Test func aChangeThatWouldGoBelowZeroIsRefusedWithTheLotsUntouched() throws {
        let inventory = try #require(load("strawberry: [{count: 3, bestBefore: 2026-12-01}]\n").value)
        #expect(throws: StockError.insufficient([Shortage(fruit: "strawberry", needed: 5, available: 3)])) {
            try inventory.adjusted(by: [StockChange(fruit: "strawberry", .remove(5))])
        }
    }
}
