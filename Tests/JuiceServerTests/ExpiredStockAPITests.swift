import Foundation
import TestSupport
import Testing

/// SPEC 18 at the counter: the report, the chain of one store, a make's
/// answer and the log of a stock kept in dated lots, each as `juice` says
/// it (expired fruit makes nothing; `expired`, `expiring`, `lots`) and as
/// `openapi.yaml` documents it (every answer is checked against it).
@Suite struct ExpiredStockAPITests {
    /// 10 bananas, of which 8 expired in 2020; 3 kiwis. A banana juice
    /// takes 2 bananas: one serving, not five.
    private let inventory = "banana: [{count: 8, bestBefore: 2020-01-01}, {count: 2}]\nkiwi: 3\n"

    @Test func theReportMakesNothingOfExpiredFruitAndSaysWhatExpired() async throws {
        try await Fixture.with { fixture in
            try fixture.writeInventory(inventory)
            try await fixture.test { client in
                let answer = try await client.call(.get, "/api/stores/main/report")
                #expect(answer.status == 200)
                let report = try JSON(parsing: answer.body)
                #expect(report["inventory"] == .object(["banana": .number(10), "kiwi": .number(3)]))
                #expect(report["expired"] == .object(["banana": .number(8)]))
                #expect(report["expiring"] == .object([:]))
                #expect(
                    report["lots"]
                        == .object([
                            "banana": .array([
                                .object(["bestBefore": .string("2020-01-01"), "count": .number(8)]),
                                .object(["bestBefore": .null, "count": .number(2)]),
                            ])
                        ]))
                let servings = report["recipes"]?.items.map { $0["servings"] }
                #expect(servings == [.number(1), .number(1)])

                let chain = try JSON(parsing: try await client.call(.get, "/api/chain").body)
                let store = chain["stores"]?.items.first
                #expect(store?["expired"] == .object(["banana": .number(8)]))
                #expect(store?["recipes"]?.items.map { $0["servings"] } == [.number(1), .number(1)])
            }
        }
    }

    @Test func aMakeOfADatedStockAnswersItsLotsAndTheLogRecordsThem() async throws {
        try await Fixture.with { fixture in
            try fixture.writeInventory("banana: [{count: 4, bestBefore: 2999-01-01}, {count: 6}]\nkiwi: 3\n")
            try await fixture.test { client in
                let made = try await client.call(.post, "/api/stores/main/make", body: #"{"orders": ["banana"]}"#)
                #expect(made.status == 200)
                #expect(
                    try JSON(parsing: made.body)["lots"]
                        == .object([
                            "banana": .array([
                                .object(["bestBefore": .string("2999-01-01"), "count": .number(2)]),
                                .object(["bestBefore": .null, "count": .number(6)]),
                            ])
                        ]))
                let log = try await client.call(.get, "/api/stores/main/log")
                #expect(log.status == 200)
                let entry = try JSON(parsing: log.body)["entries"]?.items.first
                #expect(
                    entry?["lots"]
                        == .object([
                            "banana": .array([.object(["bestBefore": .string("2999-01-01"), "change": .number(-2)])])
                        ]))
            }
        }
    }

    /// SPEC 18: a make refused for expired fruit says that the fruit has
    /// expired: `expired` beside `missing`, as `juice make --format json`.
    @Test func aMakeRefusedForExpiredFruitSaysWhatExpired() async throws {
        try await Fixture.with { fixture in
            try fixture.writeInventory(inventory)
            try await fixture.test { client in
                let answer = try await client.call(.post, "/api/stores/main/make", body: #"{"orders": ["banana=2"]}"#)
                #expect(answer.status == 409)
                let json = try JSON(parsing: answer.body)
                #expect(json["error"] == .string("insufficient-stock"))
                #expect(json["missing"] == .object(["banana": .number(2)]))
                #expect(json["expired"] == .object(["banana": .number(8)]))
                #expect(fixture.stock() == inventory)
            }
        }
    }

    @Test func wasteExpiredThrowsOutTheExpiredLotsOnceAndAnUndoPutsThemBack() async throws {
        try await Fixture.with { fixture in
            try fixture.writeInventory(inventory)
            try await fixture.test { client in
                let thrown = try await client.call(.post, "/api/stores/main/waste-expired")
                #expect(thrown.status == 200)
                let json = try JSON(parsing: thrown.body)
                #expect(json["thrownOut"] == .object(["banana": .number(8)]))
                // Entry 1 is the hand-written lots, booked as an edit.
                #expect(json["entry"] == .number(2))
                #expect(json["inventory"] == .object(["banana": .number(2), "kiwi": .number(3)]))
                #expect(fixture.stock() == "banana: 2\nkiwi: 3\n")
                let lines = try fixture.journalLines()
                #expect(lines.count == 2)
                #expect(lines.last?.contains(#""kind":"adjust","reason":"expired""#) == true, "\(lines)")
                #expect(
                    lines.last?.hasSuffix(
                        #""changes":{"banana":-8},"lots":{"banana":[{"bestBefore":"2020-01-01","change":-8}]}}"#)
                        == true)

                // Nothing left expired: nothing written.
                let again = try await client.call(.post, "/api/stores/main/waste-expired", body: "{}")
                #expect(again.status == 200)
                #expect(try JSON(parsing: again.body)["thrownOut"] == .object([:]))
                #expect(try JSON(parsing: again.body)["entry"] == nil)
                #expect(try fixture.journalLines().count == 2)

                #expect(try await client.call(.post, "/api/stores/main/undo").status == 200)
                #expect(fixture.stock() == inventory)
            }
        }
    }
}
