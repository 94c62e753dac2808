import Foundation
import JuiceMaker
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Where `juice-sync pull` writes: only inside its folder, a link there
/// replaced rather than followed, and each store's journal whole or not
/// at all; against a real PostgreSQL and the real binaries.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
struct PullFolderTests {
    /// Two pulls into one folder take turns: one that finds the folder's
    /// lock held past its deadline writes nothing and exits 75.
    @Test func aPullWaitsForAnotherInTheSameFolderThenSaysSo() async throws {
        try await ChainFixture.withNorthPushed { chain, database, pull in
            let copy = chain.folder.appendingPathComponent("copy").path
            try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
            let held = open(copy + "/.juice-sync-pull.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            try #require(held >= 0 && flock(held, LOCK_EX) == 0)
            let busy = try await chain.sync(pull, environment: ["JUICE_SYNC_TIMEOUT": "1"])
            #expect(busy.exitCode == 75, "\(busy.stderr)")
            #expect(
                busy.stderrLines == [
                    "juice-sync: another pull kept writing copy for 1 seconds: nothing written; try again"
                ])
            #expect(try FileManager.default.contentsOfDirectory(atPath: copy) == [".juice-sync-pull.lock"])
            close(held)
            let done = try await chain.sync(pull)
            #expect(done.exitCode == 0, "\(done.stderr)")
            #expect(FileManager.default.fileExists(atPath: copy + "/stores.yaml"))
        }
    }

    /// A journal of the copy that another name links to (a hard link) is
    /// not appended to: the append would write outside the copy.
    @Test func aJournalHardLinkedFromOutsideIsNotAppendedTo() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let push = ["push", "--to", database.text, "--stores", ChainFixture.manifest]
                let pull = ["pull", "copy", "--from", database.text, "--stores", ChainFixture.manifest]
                try await chain.juice(["make", "banana=1", "--store", "north"])
                #expect(try await chain.sync(push).exitCode == 0)
                #expect(try await chain.sync(pull).exitCode == 0)
                let journal = chain.folder.appendingPathComponent("copy/stores/north.yaml.journal").path
                let outside = chain.folder.appendingPathComponent("outside.journal").path
                try #require(link(journal, outside) == 0)
                let before = try Data(contentsOf: URL(fileURLWithPath: outside))
                try await chain.juice(["make", "banana=1", "--store", "north"])
                #expect(try await chain.sync(push).exitCode == 0)
                let refused = try await chain.sync(pull)
                #expect(refused.exitCode == 65)
                #expect(refused.stderr.contains("is not a file of its own"), "\(refused.stderr)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: outside)) == before)
            }
        }
    }

    /// A store's menu named through a linked folder's `..` is the file the
    /// system reaches, in the shop and in the copy: the copy's layout follows
    /// the system's paths, not the text's (which folded `link/..` away and
    /// copied the menu beside the link instead).
    @Test func aMenuNamedThroughALinkedFoldersParentIsTheOneCopied() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let root = chain.folder.path
                try FileManager.default.createDirectory(
                    atPath: root + "/elsewhere/deep", withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(
                    atPath: root + "/recipes/link", withDestinationPath: "../elsewhere/deep")
                let kiwi = "  kiwiJuice:\n    name: Kiwi Juice\n    uses: { kiwi: 2 }\n"
                try (ChainFixture.menu + kiwi).write(
                    toFile: root + "/elsewhere/menu.yaml", atomically: true, encoding: .utf8)
                try """
                stores:
                  north: { menu: link/../menu.yaml, inventory: ../north.yaml }
                  south: { menu: menu.yaml, inventory: ../south.yaml }

                """.write(toFile: root + "/" + ChainFixture.manifest, atomically: true, encoding: .utf8)
                try await chain.juice(["make", "kiwiJuice=1", "--store", "north"])
                let push = ["push", "--to", database.text, "--stores", ChainFixture.manifest]
                #expect(try await chain.sync(push).exitCode == 0)
                let pulled = try await chain.sync([
                    "pull", "copy", "--from", database.text, "--stores", ChainFixture.manifest,
                ])
                #expect(pulled.exitCode == 0, "\(pulled.stderr)")
                let report = ["report", "--store", "north", "--format", "json", "--stores"]
                let shop = try await chain.juice(report + [ChainFixture.manifest])
                let copy = try await chain.juice(report + ["copy/stores.yaml"])
                #expect(shop.stdout.contains("\"kiwiJuice\""))
                #expect(copy.stdout == shop.stdout)
            }
        }
    }

    @Test func linksPlantedInTheFolderAreReplacedAndWhatTheyLeadToIsLeftAlone() async throws {
        try await ChainFixture.withNorthPushed { chain, database, pull in
            let files = FileManager.default
            let root = chain.folder.path
            // The copy's folders and manifest, links to what is not the copy's.
            for name in ["elsewhere", "copy", "elsewhere/stores", "elsewhere/menus"] {
                try files.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
            }
            try "precious\n".write(toFile: root + "/precious.yaml", atomically: true, encoding: .utf8)
            try files.createSymbolicLink(atPath: root + "/copy/stores", withDestinationPath: "../elsewhere/stores")
            try files.createSymbolicLink(atPath: root + "/copy/menus", withDestinationPath: "../elsewhere/menus")
            try files.createSymbolicLink(
                atPath: root + "/copy/stores.yaml", withDestinationPath: "../precious.yaml")
            let first = try await chain.sync(pull)
            #expect(first.exitCode == 0, "\(first.stderr)")
            #expect(
                first.stderrLines == [
                    "juice-sync: menus in the copy was a link: replaced by a file or folder, not followed",
                    "juice-sync: stores in the copy was a link: replaced by a file or folder, not followed",
                    "juice-sync: stores.yaml in the copy was a link: replaced by a file or folder, not followed",
                ])
            #expect(try files.contentsOfDirectory(atPath: root + "/elsewhere/stores").isEmpty)
            #expect(try files.contentsOfDirectory(atPath: root + "/elsewhere/menus").isEmpty)
            #expect(try String(contentsOfFile: root + "/precious.yaml", encoding: .utf8) == "precious\n")

            // A store's inventory and journal, links to a file elsewhere.
            try await chain.juice(["make", "banana=2", "--store", "north"])
            #expect(
                try await chain.sync(["push", "--to", database.text, "--stores", ChainFixture.manifest]).exitCode == 0)
            for file in ["north.yaml", "north.yaml.journal"] {
                try files.removeItem(atPath: root + "/copy/stores/" + file)
                try files.createSymbolicLink(
                    atPath: root + "/copy/stores/" + file, withDestinationPath: "../../precious.yaml")
            }
            let second = try await chain.sync(pull)
            #expect(second.exitCode == 0, "\(second.stderr)")
            #expect(
                second.stderrLines == [
                    "juice-sync: stores/north.yaml in the copy was a link: replaced by a file or folder, not followed",
                    "juice-sync: stores/north.yaml.journal in the copy was a link: replaced by a file or folder, "
                        + "not followed",
                ])
            #expect(second.stdoutLines.first == "north: pulled entries 1 to 2")
            #expect(try String(contentsOfFile: root + "/precious.yaml", encoding: .utf8) == "precious\n")
            for file in ["north.yaml", "north.yaml.journal"] {
                let path = root + "/copy/stores/" + file
                var info = stat()
                #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG, "\(file) is no file")
                #expect(
                    try Data(contentsOf: URL(fileURLWithPath: path))
                        == Data(contentsOf: chain.folder.appendingPathComponent(file)))
            }
        }
    }

    @Test(.enabled(if: getuid() == 0, "mounts a small tmpfs: needs root (CI runs as root)"))
    func aDiskFullDuringAFirstPullLeavesNoJournalAndNoLeftover() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                try chain.makeBacklog("north", count: 3_000)
                try await chain.juice(["make", "banana=1", "--store", "south"])
                #expect(
                    try await chain.sync(["push", "--to", database.text, "--stores", ChainFixture.manifest]).exitCode
                        == 0)
                let copy = chain.folder.appendingPathComponent("copy").path
                try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: false)
                // Room for the menus, the manifest and south, not for north's journal.
                try #require(Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=96k", "tmpfs", copy]) == 0)
                defer { _ = Self.run("/bin/umount", [copy]) }
                let result = try await chain.sync([
                    "pull", "copy", "--from", database.text, "--stores", ChainFixture.manifest,
                ])
                #expect(result.exitCode == 65, "\(result.stderr)")
                #expect(result.stderrLines.count == 1)
                #expect(result.stderrLines.first?.hasPrefix("juice-sync: store 'north': ") == true)
                #expect(result.stderrLines.first?.hasSuffix("; this store's copy is left as it was") == true)
                #expect(result.stdoutLines == ["south: pulled entries 1 to 1"])
                let stores = try FileManager.default.contentsOfDirectory(atPath: copy + "/stores").sorted()
                #expect(stores == ["south.yaml", "south.yaml.journal"])
                let usage = try await chain.launch(
                    "juice", ["usage", "--store", "north", "--stores", "copy/stores.yaml", "--format", "json"]
                ).result()
                #expect(!usage.stderr.contains("unfinished"), "\(usage.stderr)")
            }
        }
    }

    /// Runs `executable` with `arguments`; its exit status.
    private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
