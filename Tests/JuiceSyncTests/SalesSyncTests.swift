import Foundation
import TestSupport
import Testing

/// SPEC 17's sales, shipped by `juice-sync push` to a real PostgreSQL and
/// pulled back: a sale imported after a count but sold before it keeps its
/// fields (`reason`, `key`, `recorded`, `usedBeforeCount`), the copy's
/// journal is the shop's byte for byte, and the copy answers `variance` as
/// the shop does (the sale before the count).
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
struct SalesSyncTests {
    @Test func aSaleImportedAfterACountShipsAndPullsWithItsFields() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let inNorth = ["--store", "north", "--stores", ChainFixture.manifest]
                try await chain.juice(["count", "banana=999990"] + inNorth)
                try "items:\n  Banana Juice: banana\n".write(
                    to: chain.folder.appendingPathComponent("recipes/sales.yaml"), atomically: true, encoding: .utf8)
                // Sold at the start of the year, imported after the count.
                try "time,item,quantity,ticket\n2026-01-01T00:00:00Z,Banana Juice,2,R1\n".write(
                    to: chain.folder.appendingPathComponent("sales.csv"), atomically: true, encoding: .utf8)
                try await chain.juice(["import", "sales.csv"] + inNorth)
                let lines = try String(contentsOf: chain.journal("north"), encoding: .utf8).split(separator: "\n")
                #expect(lines.count == 2)
                #expect(
                    lines.last?.contains(
                        #""reason":"sale","key":"csv:R1","recorded":"#) == true
                        && lines.last?.hasSuffix(#""usedBeforeCount":{"banana":4},"changes":{}}"#) == true,
                    "\(lines)")
                let push = try await chain.sync(["push", "--to", database.text, "--stores", ChainFixture.manifest])
                #expect(push.exitCode == 0, "\(push.stderr)")
                #expect(try await database.entries(of: "north") == chain.expected("north"))
                let pull = try await chain.sync([
                    "pull", "copy", "--from", database.text, "--stores", ChainFixture.manifest,
                ])
                #expect(pull.exitCode == 0, "\(pull.stderr)")
                #expect(
                    try Data(contentsOf: chain.folder.appendingPathComponent("copy/stores/north.yaml.journal"))
                        == Data(contentsOf: chain.journal("north")))
                let shop = try await chain.juice(["variance", "--format", "json"] + inNorth)
                let copy = try await chain.juice([
                    "variance", "--store", "north", "--stores", "copy/stores.yaml", "--format", "json",
                ])
                #expect(copy.stdout == shop.stdout)
                // The count's gap (10) less the sale's 4: a variance of -6.
                let banana = try JSON(parsing: shop.stdout)["fruits"]?.items.first { $0["fruit"] == "banana" }
                #expect(banana?["used"] == 4 && banana?["variance"] == -6, "\(shop.stdout)")
            }
        }
    }
}
