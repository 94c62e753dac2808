import Foundation
import TestSupport
import Testing

/// What `juice-sync` says and exits with when it cannot start its work:
/// no database needed.
struct ExitStatusTests {
    @Test func anUnreachableDatabaseExits69() async throws {
        try await ChainFixture.with { chain in
            // Port 1: nothing listens there.
            let result = try await chain.sync(["push", "--to", "postgres://juice@127.0.0.1:1/postgres"])
            #expect(result.exitCode == 69)
            #expect(result.stderr.hasPrefix("juice-sync: cannot reach the database at 127.0.0.1:1/postgres: "))
            #expect(result.stderrLines.count == 1)
        }
    }

    @Test(arguments: [
        ["push", "--to", "mysql://juice@127.0.0.1/x"],
        ["push"],
        ["push", "--to", "postgres://juice@127.0.0.1/x", "--stores", "recipes/stores.yaml", "--menu", "m.yaml"],
        // --name names the one store of --menu/--inventory; beside a
        // manifest it was once ignored without a word.
        ["push", "--to", "postgres://juice@127.0.0.1/x", "--stores", "recipes/stores.yaml", "--name", "x"],
        // A name no manifest can hold: never pulled, never served.
        ["push", "--to", "postgres://juice@127.0.0.1/x", "--name", "../../evil"],
        ["push", "--to", "postgres://juice@127.0.0.1/x", "--name", ""],
        ["pull", "copy", "--stores", "recipes/stores.yaml"],
        ["pull", "copy", "--from", "postgres://juice@127.0.0.1/x"],
        ["pull", "copy", "--from", "mysql://juice@127.0.0.1/x", "--stores", "recipes/stores.yaml"],
    ])
    func aUsageErrorExits64(_ arguments: [String]) async throws {
        try await ChainFixture.with { chain in
            let result = try await chain.sync(arguments)
            #expect(result.exitCode == 64, "\(result.stderr)")
        }
    }

    /// An option of one value given twice is a usage error naming it, as
    /// in `juice`: the argument parser kept the last `--to` silently, and
    /// pushed to that database alone.
    @Test func anOptionOfOneValueGivenTwiceIsAUsageError() async throws {
        try await ChainFixture.with { chain in
            let result = try await chain.sync([
                "push", "--to", "postgres://juice@127.0.0.1:1/a", "--to=postgres://juice@127.0.0.1:1/b",
            ])
            #expect(result.exitCode == 64, "\(result.stderr)")
            #expect(
                result.stderrLines.first
                    == "Error: --to is given 2 times (postgres://juice@127.0.0.1:1/a, postgres://juice@127.0.0.1:1/b): "
                    + "it takes one value; give it once", "\(result.stderr)")
        }
    }

    /// A deadline past what a clock holds is the default, not a trap.
    @Test(arguments: ["1e20", "99999999999999999999", "-1", "abc"])
    func aDeadlineOutOfRangeIsTheDefault(_ seconds: String) async throws {
        try await ChainFixture.with { chain in
            for arguments in [
                ["push", "--to", "postgres://juice@127.0.0.1:1/postgres"],
                ["pull", "copy", "--from", "postgres://juice@127.0.0.1:1/postgres", "--stores", ChainFixture.manifest],
            ] {
                let result = try await chain.sync(arguments, environment: ["JUICE_SYNC_TIMEOUT": seconds])
                #expect(result.exitCode == 69, "\(result.stderr)")
                #expect(result.stderr.hasPrefix("juice-sync: cannot reach the database at 127.0.0.1:1/postgres: "))
            }
        }
    }

    @Test func aStoreThatIsNotInTheManifestExits65() async throws {
        try await ChainFixture.with { chain in
            let result = try await chain.sync([
                "push", "--to", "postgres://juice@127.0.0.1:1/postgres", "--store", "east", "--stores",
                ChainFixture.manifest,
            ])
            #expect(result.exitCode == 65)
            #expect(result.stderr.hasPrefix("juice-sync: "))
        }
    }

    @Test func aPullWithTheDatabaseUnreachableExits69AndLeavesTheCopyAsItWas() async throws {
        try await ChainFixture.with { chain in
            let copy = chain.folder.appendingPathComponent("copy")
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
            try "stores: {}\n".write(to: copy.appendingPathComponent("stores.yaml"), atomically: true, encoding: .utf8)
            let result = try await chain.sync([
                "pull", "copy", "--from", "postgres://juice@127.0.0.1:1/postgres", "--stores", ChainFixture.manifest,
            ])
            #expect(result.exitCode == 69)
            #expect(result.stderr.hasPrefix("juice-sync: cannot reach the database at 127.0.0.1:1/postgres: "))
            #expect(try FileManager.default.contentsOfDirectory(atPath: copy.path) == ["stores.yaml"])
            #expect(
                try String(contentsOf: copy.appendingPathComponent("stores.yaml"), encoding: .utf8) == "stores: {}\n")
        }
    }
}
