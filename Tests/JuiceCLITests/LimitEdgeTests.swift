import Foundation
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
            let result = try await sandbox.juice(arguments: ["validate", "huge.yaml"], timeout: 30)
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
                    "inventory.yaml:1:7: error: the stock of 'kiwi' is '1000000001'; it must be a whole number from 0 to 1000000000"
                ))
        }
    }
}

/// The repository's menu, the same as the built-in one.
enum RepositoryMenu {
    static var source: String {
        get throws { try String(contentsOf: BuiltinMenuTests.repositoryMenu, encoding: .utf8) }
    }
}
