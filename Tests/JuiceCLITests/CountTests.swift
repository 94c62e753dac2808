import Foundation
import TestSupport
import Testing

/// `juice count`: the stock counted at the shelf, one journal entry that
/// keeps every number stated (SPEC 13).
@Suite struct CountTests {
    /// The journal's lines with their times taken out.
    /// Runs `juice arguments...` in `sandbox` on a terminal (`script`
    /// gives it one), `typed` its input, and its terminal's output as
    /// stdout.
    private func onATerminal(_ arguments: String..., typing typed: String, in sandbox: Sandbox) async throws
        -> ProcessResult
    {
        let binary = try #require(JuiceProcess.binary)
        let input = Pipe()
        let command = ([binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = try RunningProcess(
            executable: URL(fileURLWithPath: "/usr/bin/script"), arguments: ["-qec", command, "/dev/null"],
            directory: sandbox.url, environment: JuiceProcess.environment([:]), timeout: 60, standardInput: input)
        input.fileHandleForWriting.write(Data(typed.utf8))
        try input.fileHandleForWriting.close()
        return await process.result()
    }

    private func lines(_ sandbox: Sandbox) throws -> [String] {
        let text = String(decoding: try #require(sandbox.read("inventory.yaml.journal")), as: UTF8.self)
        return text.split(separator: "\n").map { String($0).replacing(/"time":"[^"]+",/, with: "") }
    }

    @Test func aCountIsOneEntryThatKeepsEveryNumberStatedChangedOrNot() async throws {
        try await Sandbox.with { sandbox in
            let count = try await sandbox.juice("count", "kiwi=10", "banana=7")
            #expect(count.exitCode == 0)
            #expect(count.stdoutLines == ["Banana: 10 → 7", "Kiwi: 10 → 10"])
            #expect(
                try lines(sandbox) == [
                    #"{"id":1,"kind":"adjust","reason":"count","counted":{"banana":7,"kiwi":10},"changes":{"banana":-3}}"#
                ])
            #expect(try sandbox.stock() == originalStock(["banana": 7]))

            // A count that matches the book is still on record.
            let same = try await sandbox.juice("count", "바나나=7", "--format", "json")
            #expect(same.exitCode == 0)
            #expect(try same.json()["ok"] == .bool(true))
            #expect(try same.json()["inventory"] == json(originalStock(["banana": 7])))
            #expect(
                try lines(sandbox).last
                    == #"{"id":2,"kind":"adjust","reason":"count","counted":{"banana":7},"changes":{}}"#)

            // The log shows it as a count with its numbers; usage counts only the gaps.
            let text = try await sandbox.juice("log", "--locale", "ko")
            #expect(
                text.stdoutLines.map { $0.split(separator: "  ").dropFirst(2).joined(separator: "  ") } == [
                    "조정 (실사)  바나나 -3; 센 수 바나나 7, 키위 10", "조정 (실사)  변화 없음; 센 수 바나나 7",
                ])
            let log = try await sandbox.juice("log", "--kind", "adjust", "--format", "csv")
            #expect(
                log.stdoutLines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false)[3] } == [
                    "count", "count",
                ])
            let usage = try await sandbox.juice("usage", "--format", "json")
            #expect(
                try usage.json()["fruits"]
                    == .object([
                        "banana": .object([
                            "used": .number(0), "delivered": .number(0), "wasted": .number(0), "counted": .number(-3),
                            "usedCost": .number(0), "wastedCost": .number(0),
                        ])
                    ]))

            // Undone, a count gives the gap back.
            let undo = try await sandbox.juice("undo")
            #expect(undo.stdoutLines.count == 2)
            #expect(undo.stdoutLines.first == "Undid entry 2.")
            #expect(undo.stdoutLines.last?.hasSuffix("  adjust (count)  no change; counted Banana 7") == true)
            let second = try await sandbox.juice("undo").stdoutLines
            #expect(second.first == "Undid entry 1.")
            #expect(second.last == "Banana: 7 → 10")
        }
    }

    /// SPEC 16: any change for `count` is a count, the number that matches
    /// the book and a relative one included: `variance` no longer calls
    /// such a fruit uncounted.
    @Test func anAdjustForCountRecordsEveryFruitItNamesAsCounted() async throws {
        try await Sandbox.with { sandbox in
            let same = try await sandbox.juice("adjust", "kiwi=10", "banana=+1", "--reason", "count")
            #expect(same.exitCode == 0)
            #expect(same.stdoutLines == ["Kiwi: 10 → 10", "Banana: 10 → 11"])
            #expect(
                try lines(sandbox) == [
                    #"{"id":1,"kind":"adjust","reason":"count","counted":{"banana":11,"kiwi":10},"changes":{"banana":1}}"#
                ])
            let variance = try await sandbox.juice("variance", "--format", "json")
            let fruits = try variance.json()["fruits"]?.items ?? []
            let counted = Dictionary(
                uniqueKeysWithValues: fruits.compactMap { fruit in fruit["fruit"]?.string.map { ($0, fruit["counted"]) }
                })
            #expect(counted["kiwi"] == .number(10))
            #expect(counted["banana"] == .number(11))
            #expect(counted["mango"] == .null)
            // Another reason counts nothing.
            #expect(try await sandbox.juice("adjust", "mango=10", "--reason", "correction").exitCode == 0)
            #expect(
                try lines(sandbox).last == #"{"id":2,"kind":"adjust","reason":"correction","changes":{}}"#)
        }
    }

    @Test func aDryRunChangesNothing() async throws {
        try await Sandbox.with { sandbox in
            let dry = try await sandbox.juice("count", "mango=3", "--dry-run", "--format", "json")
            #expect(dry.exitCode == 0)
            #expect(try dry.json()["dryRun"] == .bool(true))
            #expect(try dry.json()["inventory"]?["mango"] == .number(3))
            #expect(!sandbox.exists("inventory.yaml"))
            #expect(!sandbox.exists("inventory.yaml.journal"))
        }
    }

    @Test(arguments: [
        (["count", "banana=+3"], "error: 'banana=+3' is not a count: write FRUIT=N, the number there is"),
        (["count", "banana"], "error: 'banana' is not a count: write FRUIT=N, the number there is"),
        (["count", "bananna=3"], "error: unknown fruit 'bananna' (did you mean 'banana'?)"),
        (
            ["count", "banana=1000000001"],
            "error: invalid count '1000000001' in 'banana=1000000001': expected a whole number from 0 to 1000000000"
        ),
        (["count"], "error: give at least one count (FRUIT=N), or --all to be asked for every fruit"),
        (
            ["count", "--all"],
            "error: --all asks for every fruit on a terminal, and the input is not one: give the counts as FRUIT=N"
        ),
    ])
    func aCountThatIsNotOneIsAUsageError(arguments: [String], message: String) async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice(arguments: arguments)
            #expect(result.exitCode == 64)
            #expect(result.stderrLines.first { $0 != Sandbox.builtinNoteLine } == message)
            #expect(!sandbox.exists("inventory.yaml.journal"))
        }
    }

    /// `--all --blind` (SPEC 16): no number shown, Enter leaves a fruit
    /// uncounted and says so, a fruit given as FRUIT=N is not asked.
    @Test func aBlindCountShowsNoNumberAndEnterCountsNothing() async throws {
        try await Sandbox.with { sandbox in
            // Strawberry: Enter (uncounted); banana: a bad answer, then 6;
            // pineapple: 10, the book's number; mango: Enter.
            let result = try await onATerminal(
                "count", "--all", "--blind", "kiwi=4", typing: "\n+6\n6\n10\n\n", in: sandbox)
            #expect(result.exitCode == 0, "\(result.stdout)")
            #expect(result.stdout.contains("Strawberry: "))
            #expect(!result.stdout.contains("[10]"), "\(result.stdout)")
            // Kiwi, given, is not asked: the questions run on without it.
            #expect(result.stdout.contains("Pineapple: Mango: "), "\(result.stdout)")
            #expect(
                result.stdout.contains(
                    "'+6' is not a count: type a whole number from 0 to 1000000000, or press Enter to leave it uncounted"
                ))
            #expect(result.stdout.contains("note: not counted: Strawberry, Mango"), "\(result.stdout)")
            #expect(
                try lines(sandbox) == [
                    #"{"id":1,"kind":"adjust","reason":"count","counted":{"banana":6,"kiwi":4,"pineapple":10},"changes":{"banana":-4,"kiwi":-6}}"#
                ])
        }
    }

    @Test func aBlindCountOfNothingChangesNothingAndBlindNeedsAll() async throws {
        try await Sandbox.with { sandbox in
            let result = try await onATerminal("count", "--all", "--blind", typing: "\n\n\n\n\n", in: sandbox)
            #expect(result.exitCode == 64, "\(result.stdout)")
            #expect(result.stdout.contains("error: no fruit was counted; nothing changed"), "\(result.stdout)")
            #expect(!sandbox.exists("inventory.yaml.journal"))
            for arguments in [["count", "kiwi=3", "--blind"], ["count", "--blind"]] {
                let alone = try await sandbox.juice(arguments: arguments)
                #expect(alone.exitCode == 64)
                #expect(
                    alone.stderrLines.first { $0 != Sandbox.builtinNoteLine }
                        == "error: --blind asks with --all: give --all too")
            }
        }
    }

    /// `--all` on a terminal (`script` gives it one): every fruit in the
    /// menu's order, Enter keeping the number shown, a bad answer asked
    /// again.
    @Test func allAsksForEveryFruitOnATerminal() async throws {
        try await Sandbox.with { sandbox in
            // Strawberry: Enter keeps 10; banana: a bad answer, then 6;
            // pineapple: 0; kiwi: Enter keeps the 4 given; mango: 12.
            let result = try await onATerminal("count", "--all", "kiwi=4", typing: "\nlots\n6\n0\n\n12\n", in: sandbox)
            #expect(result.exitCode == 0, "\(result.stdout)")
            #expect(result.stdout.contains("Strawberry [10]: "))
            #expect(result.stdout.contains("Kiwi [4]: "))
            #expect(result.stdout.contains("'lots' is not a count"))
            #expect(
                try lines(sandbox) == [
                    #"{"id":1,"kind":"adjust","reason":"count","counted":{"banana":6,"kiwi":4,"mango":12,"pineapple":0,"strawberry":10},"changes":{"banana":-4,"kiwi":-6,"mango":2,"pineapple":-10}}"#
                ])
        }
    }
}
