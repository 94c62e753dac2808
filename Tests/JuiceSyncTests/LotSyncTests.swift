import Foundation
import TestSupport
import Testing

/// SPEC 18's lots across the chain: a shop's dated lots, shipped by
/// `juice-sync push`, are in the pulled copy lot by lot (its files the
/// shop's bytes, every command's answer the shop's, expired fruit making
/// nothing) and in the head office's answers.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
struct LotSyncTests {
    /// Lots changed every way a shop changes them: deliveries with dates
    /// (one expired), makes (the earliest unexpired lot first), waste (the
    /// expired lot first), a count's surplus, a correction, and an undo.
    private func changeLots(_ chain: ChainFixture) async throws {
        let north = ["--store", "north"]
        try await chain.juice(["adjust", "kiwi=+5@2020-01-01", "--reason", "delivery"] + north)
        try await chain.juice(["adjust", "kiwi=+7@2999-01-01", "banana=+4@2999-02-01", "--reason", "delivery"] + north)
        try await chain.juice(["make", "kiwiBanana=3"] + north)
        try await chain.juice(["adjust", "kiwi=-2", "--reason", "waste"] + north)
        try await chain.juice(["make", "banana=1"] + north)
        try await chain.juice(["undo"] + north)
        try await chain.juice(["adjust", "kiwi=+3@2999-03-01", "--reason", "delivery", "--store", "south"])
        try await chain.juice(["make", "kiwiBanana=2", "--store", "south"])
    }

    @Test func aShopsLotsReachThePulledCopyAndTheHeadOfficeLotByLot() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let push = ["push", "--to", database.text, "--stores", ChainFixture.manifest]
                let pull = ["pull", "copy", "--from", database.text, "--stores", ChainFixture.manifest]
                try await changeLots(chain)
                #expect(try await chain.sync(push).exitCode == 0)
                let pulled = try await chain.sync(pull)
                #expect(pulled.exitCode == 0, "\(pulled.stderr)")
                try expectSameFiles(chain)
                let report = try JSON(
                    parsing: try await chain.juice([
                        "report", "--store", "north", "--stores", "copy/stores.yaml", "--format", "json",
                    ]).stdout)
                // 5 expired kiwis, wasted 2 first; 7 fresh ones, 3 made.
                #expect(report["expired"] == .object(["kiwi": .number(3)]))
                #expect(
                    report["lots"]?["kiwi"]
                        == .array([
                            .object(["bestBefore": .string("2020-01-01"), "count": .number(3)]),
                            .object(["bestBefore": .string("2999-01-01"), "count": .number(4)]),
                            .object(["bestBefore": .null, "count": .number(1_000_000)]),
                        ]))
                try await PullTests.expectSameAnswers(chain)

                // A second round: the copy appends, lot by lot still.
                try await chain.juice(["count", "kiwi=1000010", "--store", "north"])
                try await chain.juice(["make", "kiwiBanana=1", "--store", "south"])
                #expect(try await chain.sync(push).exitCode == 0)
                #expect(try await chain.sync(pull).exitCode == 0)
                try expectSameFiles(chain)
                try await PullTests.expectSameAnswers(chain)

                let central = try await CounterProcess.with(
                    chain, ["--central", database.text, "--stores", ChainFixture.manifest], probe: "/api/stores"
                ) { port in
                    try await CentralTests().expectShopsAnswers(chain, port)
                }
                #expect(try #require(central).exitCode == 0)
            }
        }
    }

    /// Each store's inventory and journal in the copy are the shop's bytes.
    private func expectSameFiles(_ chain: ChainFixture) throws {
        for store in ChainFixture.stores {
            for file in ["\(store).yaml", "\(store).yaml.journal"] {
                #expect(
                    try Data(contentsOf: chain.folder.appendingPathComponent("copy/stores/\(file)"))
                        == Data(contentsOf: chain.folder.appendingPathComponent(file)), "\(file)")
            }
        }
    }
}
