import Foundation
import TestSupport
import Testing

/// Output written as it is produced: a chain's stores, read on every core,
/// come out in the manifest's order and the same on every run, and output
/// that cannot be written (a full disk, a closed pipe) fails the run.
@Suite struct StreamingTests {
    /// How many stores ``writeChain(in:)`` writes.
    static let storeCount = 40

    /// The name of store `number` (1-based): descending, so that the
    /// manifest's order is not the alphabetical one.
    static func storeName(_ number: Int) -> String {
        "s\(100 - number)"
    }

    /// A chain of ``storeCount`` stores over a base menu (`a` uses 2 apples,
    /// `p` 3 pears, `ap` an apple and a pear); every third store has a menu
    /// of its own without `p`. Store `i` has `i` apples and `2i` pears.
    static func writeChain(in sandbox: Sandbox) throws {
        try sandbox.write(
            "base.yaml",
            "fruits: { apple: 0, pear: 0 }\nrecipes:\n  a: { apple: 2 }\n  p: { pear: 3 }\n  ap: { apple: 1, pear: 1 }\n"
        )
        var manifest = "stores:\n"
        for number in 1...storeCount {
            let name = storeName(number)
            let menu = number % 3 == 0 ? "own/\(name).yaml" : "base.yaml"
            if number % 3 == 0 { try sandbox.write(menu, "extends: ../base.yaml\nrecipes:\n  p: ~\n") }
            try sandbox.write("state/\(name).yaml", "apple: \(number)\npear: \(2 * number)\n")
            manifest += "  \(name): { menu: \(menu), inventory: state/\(name).yaml }\n"
        }
        try sandbox.write("stores.yaml", manifest)
    }

    /// The CSV of the chain, worked out by hand from the stock of each store.
    static var expectedCSV: String {
        var lines = ["store,recipe,servings,limitedBy,missing"]
        for number in 1...storeCount {
            let name = storeName(number)
            let apples = number
            let pears = 2 * number
            lines.append("\(name),a,\(apples / 2),apple,\(apples < 2 ? "apple:\(2 - apples)" : "")")
            if number % 3 != 0 {
                lines.append("\(name),p,\(pears / 3),pear,\(pears < 3 ? "pear:\(3 - pears)" : "")")
            }
            // min(apples, pears) is the apples: only they bind.
            lines.append("\(name),ap,\(apples),apple,")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aChainsCSVIsEveryStoreInTheManifestsOrderWithItsOwnNumbers() async throws {
        try await Sandbox.with { sandbox in
            try Self.writeChain(in: sandbox)
            let result = try await sandbox.juice("report", "--stores", "stores.yaml", "--format", "csv")
            #expect(result.exitCode == 0)
            #expect(result.stdout == Self.expectedCSV)
            #expect(result.stderr == "")
        }
    }

    @Test(arguments: ["json", "csv", "text", "markdown"])
    func aChainsReportIsTheSameOnEveryRun(format: String) async throws {
        try await Sandbox.with { sandbox in
            try Self.writeChain(in: sandbox)
            let first = try await sandbox.juice("report", "--stores", "stores.yaml", "--format", format)
            #expect(first.exitCode == 0)
            for _ in 1...4 {
                let again = try await sandbox.juice("report", "--stores", "stores.yaml", "--format", format)
                #expect(again.exitCode == 0)
                #expect(again.stdout == first.stdout)
            }
            if format == "json" {
                let stores = try first.json()["stores"]?.items.compactMap { $0["store"]?.string }
                #expect(stores == (1...Self.storeCount).map(Self.storeName))
            }
        }
    }

    @Test func aChainsPlanIsEveryStoreInTheManifestsOrder() async throws {
        try await Sandbox.with { sandbox in
            try Self.writeChain(in: sandbox)
            let result = try await sandbox.juice("plan", "ap=3", "--stores", "stores.yaml", "--format", "csv")
            #expect(result.exitCode == 0)
            let expected = (1...Self.storeCount).flatMap { number in
                let name = Self.storeName(number)
                return [
                    "\(name),apple,3,\(number),\(max(0, 3 - number))",
                    "\(name),pear,3,\(2 * number),\(max(0, 3 - 2 * number))",
                ]
            }
            // Then the chain's total: each store's shortfall added up.
            let numbers = 1...Self.storeCount
            let total = [
                "*,apple,\(3 * Self.storeCount),\(numbers.reduce(0, +)),\(numbers.map { max(0, 3 - $0) }.reduce(0, +))",
                "*,pear,\(3 * Self.storeCount),\(numbers.map { 2 * $0 }.reduce(0, +)),\(numbers.map { max(0, 3 - 2 * $0) }.reduce(0, +))",
            ]
            #expect(result.stdoutLines == ["store,fruit,needed,have,buy"] + expected + total)
        }
    }

    @Test(arguments: [
        ["report", "--stores", "stores.yaml", "--format", "json"], ["report", "--stores", "stores.yaml"],
        ["report", "--stores", "stores.yaml", "--format", "csv"], ["plan", "a", "--stores", "stores.yaml"],
    ])
    func aChainsOutputToAFullDeviceIsAnIOError(words: [String]) async throws {
        try await Sandbox.with { sandbox in
            try Self.writeChain(in: sandbox)
            let result = try await Self.shell("exec \"$0\" \"$@\" > /dev/full", words, in: sandbox)
            #expect(result.exitCode == 74)
            #expect(result.stderrLines.last == "error: cannot write the output: No space left on device")
        }
    }

    /// A reader that goes away (`juice report | head -1`) ends the run with
    /// the I/O error, not a silent death by SIGPIPE nor a success.
    @Test(arguments: ["json", "csv", "text"])
    func outputToAClosedPipeIsAnIOError(format: String) async throws {
        try await Sandbox.with { sandbox in
            // Far more output than a pipe holds.
            let recipes = (1...4_000).map { "  juice\($0): { kiwi: \($0 % 7 + 1) }" }.joined(separator: "\n")
            try sandbox.write("menu.yaml", "fruits: { kiwi: 5 }\nrecipes:\n\(recipes)\n")
            let result = try await Self.shell(
                "( \"$0\" \"$@\"; echo \"exit $?\" >&2 ) | true",
                ["report", "--menu", "menu.yaml", "--format", format],
                in: sandbox)
            #expect(result.stderrLines.suffix(2) == ["error: cannot write the output: Broken pipe", "exit 74"])
        }
    }

    /// A chain whose output passes every buffer long before its last store:
    /// the reader going away stops the workers, and the run ends with the
    /// I/O error instead of reading every store.
    @Test(arguments: ["json", "csv"])
    func aChainStopsAtAClosedPipe(format: String) async throws {
        try await Sandbox.with { sandbox in
            try Self.writeChain(in: sandbox)
            let recipes = (1...500).map { "  juice\($0): { apple: \($0 % 5 + 1), pear: 2 }" }.joined(separator: "\n")
            try sandbox.write("base.yaml", "fruits: { apple: 0, pear: 0 }\nrecipes:\n  p: { pear: 3 }\n\(recipes)\n")
            let result = try await Self.shell(
                "( \"$0\" \"$@\"; echo \"exit $?\" >&2 ) | head -c 100 > /dev/null",
                ["report", "--stores", "stores.yaml", "--format", format], in: sandbox)
            #expect(result.stderrLines.suffix(2) == ["error: cannot write the output: Broken pipe", "exit 74"])
        }
    }

    /// Runs `script` in `sh` with `juice` as `$0` and `words` as its
    /// arguments, in the sandbox.
    static func shell(_ script: String, _ words: [String], in sandbox: Sandbox) async throws -> ProcessResult {
        let binary = try #require(JuiceProcess.binary)
        return try await RunningProcess.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script, binary.path] + words,
            directory: sandbox.url, environment: JuiceProcess.environment([:]), timeout: 60
        )
    }
}
