import Foundation
import TestSupport
import Testing

/// Each documented limit, at its edge and just past it, through the real binary.
@Suite struct LimitEdgeTests {
    /// The built-in menu with an `x-` key whose value nests `depth - 1`
    /// sequences: the root mapping is depth 1.
    func menu(nestedTo depth: Int) throws -> String {
        try RepositoryMenu.source + "x-deep: " + String(repeating: "[", count: depth - 1)
            + String(repeating: "]", count: depth - 1) + "\n"
    }

    @Test func nestingOf256LoadsAnd257IsRefusedNamingTheLimit() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("ok.yaml", menu(nestedTo: 256))
            try sandbox.write("deep.yaml", menu(nestedTo: 257))
            #expect(try await sandbox.juice("validate", "ok.yaml").exitCode == 0)
            let result = try await sandbox.juice("validate", "deep.yaml")
            #expect(result.exitCode == 65)
            let line = try RepositoryMenu.source.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(
                result.stderr.hasPrefix(
                    "deep.yaml:\(line):264: error: nesting deeper than the nesting-depth limit of 256 [limit]"),
                "\(result.stderr)")
        }
    }

    @Test func aFileOneBytePast256MiBIsRefusedNamingTheLimit() async throws {
        try await Sandbox.with { sandbox in
            // A sparse file: no disk space, and juice must not read it.
            let path = sandbox.file("huge.yaml").path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, 256 * 1024 * 1024 + 1) == 0)
            let result = try await Self.juice(["validate", "huge.yaml"], in: sandbox, cpuSeconds: 30)
            #expect(result.exitCode == 65)
            #expect(
                result.stderr.hasPrefix(
                    "huge.yaml:1:1: error: the file is 268435457 bytes, more than the input-size limit of 268435456 bytes [limit]"
                ))
        }
    }

    @Test func anAliasExpansionPastTenTimesTheNodesIsRefusedNamingTheLimit() async throws {
        try await Sandbox.with { sandbox in
            // 1,001 aliases of a 12-node list: about 12,000 nodes from some 1,020.
            let list = "[" + Array(repeating: "x", count: 11).joined(separator: ", ") + "]"
            let aliases = Array(repeating: "*a", count: 1001).joined(separator: ", ")
            try sandbox.write("bomb.yaml", try RepositoryMenu.source + "x-list: &a \(list)\nx-many: [\(aliases)]\n")
            let result = try await sandbox.juice("validate", "bomb.yaml")
            #expect(result.exitCode == 65)
            #expect(result.stderr.contains("alias-expansion"))
            // A few aliases are fine.
            try sandbox.write("few.yaml", try RepositoryMenu.source + "x-list: &a \(list)\nx-some: [*a, *a, *a]\n")
            #expect(try await sandbox.juice("validate", "few.yaml").exitCode == 0)
        }
    }

    @Test func countsUpToABillionAreFineAndOneMoreIsAnInvalidQuantity() async throws {
        try await Sandbox.with { sandbox in
            #expect(try await sandbox.juice("adjust", "kiwi=1000000000").exitCode == 0)
            let past = try await sandbox.juice("adjust", "kiwi=+1")
            #expect(past.exitCode == 1)
            #expect(past.stderr.contains("above the maximum of 1000000000"))
            try sandbox.write("inventory.yaml", "kiwi: 1000000001\n")
            let invalid = try await sandbox.juice("report")
            #expect(invalid.exitCode == 65)
            #expect(
                invalid.stderr.hasPrefix(
                    Sandbox.builtinNote
                        + "inventory.yaml:1:7: error: the stock of 'kiwi' is '1000000001'; it must be a whole number from 0 to 1000000000"
                ))
        }
    }

    // MARK: - Limits that bound the work of hostile input (the CPU limits are
    // far above the fraction of a second each run takes now; before the
    // limits these runs took minutes or died).

    /// Runs `juice arguments...` in `sandbox` with at most `cpuSeconds` of
    /// CPU time, past which the kernel ends it (SIGXCPU): a bound on the work
    /// that a busy machine does not stretch, as it stretched the 60 s
    /// wall-clock kills these runs had. The wall clock only guards against
    /// a run that blocks.
    static func juice(_ arguments: [String], in sandbox: Sandbox, cpuSeconds: Int, redirect: String = "")
        async throws -> ProcessResult
    {
        let binary = try #require(JuiceProcess.binary)
        return try await RunningProcess.run(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "ulimit -t \(cpuSeconds) && exec \"$0\" \"$@\"\(redirect)", binary.path] + arguments,
            directory: sandbox.url, environment: JuiceProcess.environment([:]), timeout: 600
        )
    }

    @Test func twoThousandArgumentsAreTakenAndOneMoreIsAUsageErrorBeforeParsing() async throws {
        try await Sandbox.with { sandbox in
            let atLimit = try await Self.juice(
                ["plan"] + Array(repeating: "banana", count: 1_999), in: sandbox, cpuSeconds: 60)
            #expect(atLimit.exitCode == 0)
            let banana = atLimit.stdoutLines.first { $0.hasPrefix("Banana") }
            #expect(banana?.split(separator: " ") == ["Banana", "3998", "10", "3988"])
            let past = try await Self.juice(
                ["make"] + Array(repeating: "banana", count: 100_000), in: sandbox, cpuSeconds: 60)
            #expect(past.exitCode == 64)
            #expect(
                past.stderr
                    == "error: too many arguments (100001): at most 2000 in one call; split the orders or changes over several calls\n"
            )
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    /// libyaml takes a key of over 1,024 characters only in the explicit
    /// form (`? key`), so that is how a long id reaches the schema.
    @Test func anIDPastTheIDLengthLimitIsALimitErrorNotAQuadraticDidYouMean() async throws {
        try await Sandbox.with { sandbox in
            let long = String(repeating: "k", count: 20_000)
            try sandbox.write("fruit.yaml", "fruits:\n  ? \(long)\n  : 1\nrecipes:\n  r: { kiwi: 1 }\n")
            // Once, a long unknown id beside a long declared one took 11 s and
            // 3 GB: the did-you-mean's table was the product of their lengths.
            try sandbox.write(
                "ingredient.yaml",
                "fruits:\n  kiwi: 1\n  ? \(long.dropLast())\n  : 1\nrecipes:\n  r:\n    ? \(long)\n    : 1\n")
            try sandbox.write("edge.yaml", "fruits: { \(String(repeating: "k", count: 256)): 1 }\nrecipes: {}\n")
            let fruit = try await Self.juice(["validate", "fruit.yaml"], in: sandbox, cpuSeconds: 60)
            #expect(fruit.exitCode == 65)
            #expect(
                fruit.stderrLines.first
                    == "fruit.yaml:2:5: error: the fruit id is 20000 bytes long, past the id-length limit of 256 [limit]"
            )
            let ingredient = try await Self.juice(["validate", "ingredient.yaml"], in: sandbox, cpuSeconds: 60)
            #expect(
                ingredient.stderrLines == [
                    "ingredient.yaml:2:3: warning: fruit 'kiwi' is used by no recipe [unused-fruit]",
                    "ingredient.yaml:3:5: error: the fruit id is 19999 bytes long, past the id-length limit of 256 [limit]",
                    "ingredient.yaml:7:7: error: the fruit id is 20000 bytes long, past the id-length limit of 256 [limit]",
                ])
            let edge = try await sandbox.juice("validate", "edge.yaml")
            #expect(!edge.stderr.contains("[limit]"), "\(edge.stderr)")
            // On the command line, the did-you-mean over a long word is bounded too.
            let order = try await Self.juice(["make", long], in: sandbox, cpuSeconds: 60)
            #expect(order.exitCode == 64)
            #expect(
                order.stderr == Sandbox.builtinNote
                    + "error: unknown recipe '\(long)'; the menu's recipes: juice menu\n")
        }
    }

    /// Fruits `fruit0`, `fruit1`, ... and as many recipes `r0`, `r1`, ...,
    /// recipe `rN` using one of fruit `PREFIXN`: with the prefix `fruit` a
    /// valid menu, with another (`fruut`), a menu whose every recipe names an
    /// unknown fruit one typo away from a declared one.
    static func menu(fruits count: Int, recipesUsing prefix: String) -> String {
        "fruits:\n" + (0..<count).map { "  fruit\($0): 1\n" }.joined() + "recipes:\n"
            + (0..<count).map { "  r\($0): { \(prefix)\($0): 1 }\n" }.joined()
    }

    @Test func aMenuOfThousandsOfUnknownFruitsShowsAHundredErrorsAndCountsTheRest() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.menu(fruits: 2_000, recipesUsing: "fruut"))
            let result = try await Self.juice(["validate", "menu.yaml"], in: sandbox, cpuSeconds: 60)
            #expect(result.exitCode == 65)
            #expect(result.stderrLines.count == 101)
            #expect(result.stderrLines.filter { $0.hasSuffix("[unknown-fruit]") }.count == 100)
            #expect(
                result.stderrLines.first
                    == "menu.yaml:2003:9: error: unknown fruit 'fruut0' in recipe 'r0' (did you mean 'fruit0'?) [unknown-fruit]"
            )
            #expect(
                result.stderrLines.last
                    == "menu.yaml:2:3: error: 3900 more problems are not shown (1900 of them errors), past the diagnostics limit of 100 [limit]"
            )
            #expect(result.stdout == "menu.yaml: 101 errors\n")
        }
    }

    @Test func anInventoryOfThousandsOfUnknownFruitsIsRefusedQuicklyAndLeftAsItWas() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.menu(fruits: 2_000, recipesUsing: "fruit"))
            let inventory = (0..<2_000).map { "fruut\($0): 1\n" }.joined()
            try sandbox.write("inventory.yaml", inventory)
            let result = try await Self.juice(
                ["adjust", "fruit1=+1", "--menu", "menu.yaml", "--format", "json"], in: sandbox, cpuSeconds: 60)
            #expect(result.exitCode == 65)
            guard case .array(let diagnostics)? = try result.json()["diagnostics"] else {
                Issue.record("no diagnostics in \(result.stdout.prefix(300))")
                return
            }
            #expect(diagnostics.count == 101)
            #expect(sandbox.read("inventory.yaml") == Data(inventory.utf8))
        }
    }

    @Test func anOrderThatNoStoreCouldHoldSuggestsNoAdjustThatWouldBeRefused() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "banana: 1000000000\n")
            let result = try await sandbox.juice("make", "banana=1000000000")
            #expect(result.exitCode == 1)
            #expect(
                result.stderrLines == [
                    Sandbox.builtinNoteLine,
                    "error: not enough fruit; nothing was made",
                    "  Banana: 2000000000 needed, 1000000000 in stock, 1000000000 more needed",
                    "No store may hold that many: a fruit's stock is at most 1000000000; order fewer servings",
                ])
        }
    }

    @Test(arguments: ["make", "plan"])
    func ordersWhoseTotalPassesWhatCanBeCountedAreAUsageErrorNotASaturatedNumber(command: String) async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "menu.yaml", "fruits: { melon: 10 }\nrecipes:\n  melon: { melon: 1000000000 }\n")
            let orders = Array(repeating: "melon=1000000000", count: 10)
            let result = try await sandbox.juice(arguments: [command] + orders + ["--menu", "menu.yaml"])
            #expect(result.exitCode == 64)
            #expect(
                result.stderrLines.last
                    == "error: the orders together need more 'melon' than can be counted (over 9223372036854775807); order fewer servings"
            )
            #expect(!result.stderr.contains("9223372036854775807 needed"))
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    @Test(arguments: [["report"], ["report", "--format", "json"], ["plan", "banana"]])
    func outputToAFullDeviceIsAnIOErrorNotASilentSuccess(words: [String]) async throws {
        try await Sandbox.with { sandbox in
            // The shell points juice's stdout at the full device.
            let result = try await Self.juice(words, in: sandbox, cpuSeconds: 60, redirect: " > /dev/full")
            #expect(result.exitCode == 74)
            #expect(result.stderrLines.last == "error: cannot write the output: No space left on device")
        }
    }
}

/// The repository's menu, the same as the built-in one.
enum RepositoryMenu {
    static var source: String {
        get throws { try String(contentsOf: BuiltinMenuCommandTests.repositoryMenu, encoding: .utf8) }
    }
}
