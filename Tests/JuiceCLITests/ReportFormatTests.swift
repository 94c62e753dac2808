import Foundation
import Testing

/// The single-store outputs as the README shows them, line for line, on the
/// built-in menu: ten of each fruit allow 0/5/3/5/1/3/5 servings (16
/// strawberries for one strawberry juice, so 6 are missing).
@Suite struct ReportFormatTests {
    @Test func theTextReportShowsTheStockThenEachJuiceWithWhatLimitsIt() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("report")
            #expect(result.exitCode == 0)
            #expect(
                result.stdoutLines == [
                    "FRUIT       STOCK",
                    "Strawberry     10",
                    "Banana         10",
                    "Pineapple      10",
                    "Kiwi           10",
                    "Mango          10",
                    "",
                    "JUICE                    SERVINGS  LIMITED BY  MISSING",
                    "Strawberry Juice                0  Strawberry  Strawberry 6",
                    "Banana Juice                    5  Banana",
                    "Kiwi Juice                      3  Kiwi",
                    "Pineapple Juice                 5  Pineapple",
                    "Strawberry Banana Juice         1  Strawberry",
                    "Mango Juice                     3  Mango",
                    "Mango Kiwi Juice                5  Mango",
                ])
        }
    }

    @Test func theCSVReportHasOneRowPerRecipeWithIdsAndFruitColonCount() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("report", "--format", "csv")
            #expect(result.exitCode == 0)
            #expect(
                result.stdoutLines == [
                    "recipe,servings,limitedBy,missing",
                    "strawberry,0,strawberry,strawberry:6",
                    "banana,5,banana,",
                    "kiwi,3,kiwi,",
                    "pineapple,5,pineapple,",
                    "strawberryBanana,1,strawberry,",
                    "mango,3,mango,",
                    "mangoKiwi,5,mango,",
                ])
        }
    }

    @Test func theMarkdownReportIsTwoTables() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("report", "--format", "markdown")
            #expect(result.exitCode == 0)
            #expect(
                result.stdoutLines == [
                    "| Fruit | Stock |", "| --- | ---: |",
                    "| Strawberry | 10 |", "| Banana | 10 |", "| Pineapple | 10 |", "| Kiwi | 10 |", "| Mango | 10 |",
                    "",
                    "| Juice | Servings | Limited by | Missing |", "| --- | ---: | --- | --- |",
                    "| Strawberry Juice | 0 | Strawberry | Strawberry 6 |",
                    "| Banana Juice | 5 | Banana |  |",
                    "| Kiwi Juice | 3 | Kiwi |  |",
                    "| Pineapple Juice | 5 | Pineapple |  |",
                    "| Strawberry Banana Juice | 1 | Strawberry |  |",
                    "| Mango Juice | 3 | Mango |  |",
                    "| Mango Kiwi Juice | 5 | Mango |  |",
                ])
        }
    }

    @Test func makeAndAdjustSayWhatTheyDidAndWriteEveryFruitInMenuOrder() async throws {
        try await Sandbox.with { sandbox in
            let make = try await sandbox.juice("make", "banana=2", "mangoKiwi")
            #expect(make.exitCode == 0)
            #expect(
                make.stdoutLines == [
                    "2 × Banana Juice are ready. Enjoy!", "Mango Kiwi Juice is ready. Enjoy!",
                    "Stock: Banana 6, Mango 8, Kiwi 9",
                ])
            let adjust = try await sandbox.juice("adjust", "strawberry=+6")
            #expect(adjust.exitCode == 0)
            #expect(adjust.stdoutLines == ["Strawberry: 10 → 16"])
            let written = try #require(sandbox.read("inventory.yaml"))
            #expect(
                String(decoding: written, as: UTF8.self) == """
                    # Stock per fruit, written by juice. Edit by hand or with `juice adjust`.
                    strawberry: 16
                    banana: 6
                    pineapple: 10
                    kiwi: 9
                    mango: 8

                    """)
        }
    }
}
