import Foundation
import TestSupport
import Testing

/// `juice import`'s readings of the tills' fields (SPEC 17): the dates and
/// times Square writes, summer time, rows of a CSV without tickets, and
/// one store of a chain.
@Suite struct ImportFormatTests {
    /// Square's other ways to write a day and a time, and Pacific time in
    /// summer (UTC-7) and in winter (UTC-8): each UTC time by hand.
    @Test func squaresDatesAndTimesInSummerAndWinterAreUTCInTheJournal() async throws {
        try await ImportCommandTests.withShop { shop in
            let header = "Date,Time,Time Zone,Item,Qty,Transaction ID,Event Type\n"
            let rows = [
                ("07/04/2026", "1:30 PM", "Pacific Time (US & Canada)", "2026-07-04T20:30:00Z"),
                ("12/24/26", "11:59:59 PM", "Pacific Time (US & Canada)", "2026-12-25T07:59:59Z"),
                ("2026-11-28", "12:05 AM", "Seoul", "2026-11-27T15:05:00Z"),
                ("2026-11-28", "09:15:30.250", "UTC+9", "2026-11-28T00:15:30Z"),
                ("2026-06-01", "08:00", "America/New_York", "2026-06-01T12:00:00Z"),
                ("2026-01-15", "08:00", "GMT-05:30", "2026-01-15T13:30:00Z"),
            ]
            let text =
                header
                + rows.enumerated().map { "\($1.0),\($1.1),\($1.2),Banana Juice,1,Z\($0),Payment\n" }.joined()
            try shop.sandbox.write("times.csv", text)
            let result = try await shop.sandbox.juice("import", "times.csv", "--from", "square")
            #expect(result.exitCode == 0, "\(result.stderr)")
            let times = try shop.journal().map { $0.firstMatch(of: #/"time":"([^"]+)"/#).map { String($0.1) } }
            #expect(times == rows.map(\.3))
        }
    }

    /// Without a `ticket` column each row is a ticket, keyed by its text and
    /// its place among identical rows: two identical rows are two sales,
    /// and the same file again (or a later export holding the same rows
    /// first) books nothing twice.
    @Test func aCSVWithoutTicketsBooksEachRowOnceIdenticalRowsTwice() async throws {
        try await ImportCommandTests.withShop { shop in
            let row = "2026-11-28T13:45:00+09:00,Banana Juice,1\n"
            let other = "2026-11-28 14:00:00,Kiwi Banana,2\n"
            try shop.sandbox.write("a.csv", "time,item,quantity\n" + row + row + other)
            try shop.sandbox.write("b.csv", "time,item,quantity\n" + row + row + row + other)
            let first = try await shop.sandbox.juice(
                arguments: ["import", "a.csv", "--from", "csv"], environment: ["TZ": "Asia/Seoul"])
            #expect(first.exitCode == 0)
            #expect(
                first.stdoutLines.prefix(2) == [
                    "3 tickets read: 3 booked, 0 already booked, 0 held back, 0 booked short.",
                    "Booked: Banana Juice ×2, Kiwi Banana ×2.",
                ])
            let second = try await shop.sandbox.juice(
                arguments: ["import", "a.csv", "b.csv", "--from", "csv"], environment: ["TZ": "Asia/Seoul"])
            #expect(second.exitCode == 0)
            // b's third identical row is the only new sale.
            #expect(
                second.stdoutLines.prefix(2) == [
                    "7 tickets read: 1 booked, 6 already booked, 0 held back, 0 booked short.",
                    "Booked: Banana Juice ×1.",
                ])
            let journal = try shop.journal()
            #expect(journal.count == 4)
            #expect(Set(ImportFaultTests.keys(journal)).count == 4)
            // 300 - 3 × 2 - 2 × 1; kiwi 300 - 2.
            #expect(try shop.sandbox.stock() == ["strawberry": 300, "banana": 292, "kiwi": 298, "mango": 300])
            // The local time is the process's zone's (Seoul).
            #expect(journal[2].contains(#""time":"2026-11-28T05:00:00Z""#))
        }
    }

    /// One store of a chain: `--store` in `--stores`, the map beside the
    /// manifest, the store's own inventory and journal.
    @Test func oneStoreOfAChainTakesItsLocationsTickets() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "recipes/stores.yaml",
                """
                stores:
                  gangnam: { menu: stores/gangnam.yaml, inventory: ../state/gangnam.yaml }
                  hongdae: { menu: stores/gangnam.yaml, inventory: ../state/hongdae.yaml }

                """)
            try sandbox.write("recipes/stores/gangnam.yaml", TillShop.menu)
            try FileManager.default.createDirectory(at: sandbox.file("state"), withIntermediateDirectories: true)
            try sandbox.write("recipes/sales.yaml", TestSalesMap.shop.yaml)
            let sales = [
                TillSale(id: "C1", utc: ImportCommandTests.at(0), lines: [.init(item: "Banana Juice", quantity: 2)]),
                TillSale(
                    id: "C2", utc: ImportCommandTests.at(1), location: "Hongdae",
                    lines: [.init(item: "딸기 주스", quantity: 1)]),
            ]
            try sandbox.write("square.csv", TillSampleFile.square(sales))
            var replay = TillReplay()
            let expected = replay.importing([sales[0]], prefix: "square")
            let result = try await sandbox.juice(
                "import", "square.csv", "--stores", "recipes/stores.yaml", "--store", "gangnam", "--location",
                "Gangnam",
                "--from", "square", "--format", "json")
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(try result.json() == JSON(parsing: expected.json()))
            #expect(try sandbox.stock("state/gangnam.yaml") == replay.stock)
            #expect(!sandbox.exists("state/hongdae.yaml"))
            // Again, in text: one ticket, said so.
            let again = try await sandbox.juice(
                "import", "square.csv", "--stores", "recipes/stores.yaml", "--store", "gangnam", "--location",
                "Gangnam",
                "--from", "square")
            #expect(
                again.stdoutLines == [
                    "1 ticket read: 0 booked, 1 already booked, 0 held back, 0 booked short.", "Nothing new to book.",
                ])
        }
    }
}
