import Foundation
import TestSupport
import Testing

/// A store whose journal disagrees with the database's copy stops, named
/// with the first entry that differs; the other stores go on; nothing in
/// the database is overwritten.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
struct ConflictTests {
    /// Three changes in each store, shipped, then `north`'s files copied
    /// as a backup, two more changes there, shipped again: then `body`
    /// is given the backup's folder.
    private func shippedWithBackup(
        _ body: (TestDatabase, ChainFixture, _ push: [String], _ backup: URL) async throws -> Void
    ) async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let push = ["push", "--to", database.text, "--stores", ChainFixture.manifest]
                for store in ChainFixture.stores {
                    for _ in 0..<3 { try await chain.juice(["make", "banana=1", "--store", store]) }
                }
                #expect(try await chain.sync(push).exitCode == 0)
                let backup = chain.folder.appendingPathComponent("backup")
                try FileManager.default.createDirectory(at: backup, withIntermediateDirectories: true)
                for file in ["north.yaml", "north.yaml.journal"] {
                    try FileManager.default.copyItem(
                        at: chain.folder.appendingPathComponent(file), to: backup.appendingPathComponent(file))
                }
                for _ in 0..<2 { try await chain.juice(["make", "kiwiBanana=1", "--store", "north"]) }
                #expect(try await chain.sync(push).exitCode == 0)
                try await body(database, chain, push, backup)
            }
        }
    }

    /// Puts the backup's files back in place of `north`'s.
    private func restore(_ backup: URL, in chain: ChainFixture) throws {
        for file in ["north.yaml", "north.yaml.journal"] {
            let target = chain.folder.appendingPathComponent(file)
            try FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: backup.appendingPathComponent(file), to: target)
        }
    }

    @Test func aRestoredBackupThatWentOnIsRefusedAtItsFirstNewEntry() async throws {
        try await shippedWithBackup { database, chain, push, backup in
            let held = try await database.entries(of: "north")
            try restore(backup, in: chain)
            try await chain.juice(["make", "banana=3", "--store", "north"])
            try await chain.juice(["make", "banana=1", "--store", "south"])
            let result = try await chain.sync(push)
            #expect(result.exitCode == 65)
            #expect(
                result.stderr
                    == "juice-sync: store 'north': the journal disagrees with the database from entry 4 (entry 4 differs); this store is not synced, and nothing is overwritten\n"
            )
            #expect(result.stdoutLines == ["south: shipped entries 4 to 4"])
            #expect(try await database.entries(of: "north") == held)
            #expect(try await database.entries(of: "south") == chain.expected("south"))
        }
    }

    @Test func aRestoredBackupShorterThanTheCopyIsRefusedAtItsEnd() async throws {
        try await shippedWithBackup { database, chain, push, backup in
            let held = try await database.entries(of: "north")
            try restore(backup, in: chain)
            let result = try await chain.sync(push)
            #expect(result.exitCode == 65)
            #expect(
                result.stderr
                    == "juice-sync: store 'north': the journal disagrees with the database from entry 4 (the journal has no entry 4); this store is not synced, and nothing is overwritten\n"
            )
            #expect(result.stdoutLines == ["south: up to date at entry 3"])
            #expect(try await database.entries(of: "north") == held)
        }
    }

    @Test func aRewrittenLineIsRefusedAtItsEntry() async throws {
        try await shippedWithBackup { database, chain, push, _ in
            let held = try await database.entries(of: "north")
            // Entry 2's orders rewritten by hand, the line still an entry.
            let journal = chain.journal("north")
            var lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(lines[1].contains("\"orders\":{\"banana\":1}"))
            lines[1] = lines[1].replacingOccurrences(of: "\"orders\":{\"banana\":1}", with: "\"orders\":{\"banana\":2}")
            try (lines.joined(separator: "\n") + "\n").write(to: journal, atomically: true, encoding: .utf8)
            try await chain.juice(["make", "banana=1", "--store", "south"])
            let result = try await chain.sync(push)
            #expect(result.exitCode == 65)
            #expect(
                result.stderr
                    == "juice-sync: store 'north': the journal disagrees with the database from entry 2 (entry 2 differs); this store is not synced, and nothing is overwritten\n"
            )
            #expect(result.stdoutLines == ["south: shipped entries 4 to 4"])
            #expect(try await database.entries(of: "north") == held)
            #expect(try await database.entries(of: "south") == chain.expected("south"))
        }
    }
}
