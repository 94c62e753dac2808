import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `juice backup` and `juice restore` (SPEC 19), end to end with the real
/// binary: what is copied, the copy's replay, a backup taken while makes
/// run in other processes, a restore refused over newer entries, a chain,
/// and bad input.
@Suite struct BackupTests {
    /// A shop whose menu extends another file, with three entries in its
    /// journal; `realPath` is the sandbox as `juice` sees its folder.
    static func shop(in sandbox: Sandbox) async throws {
        try sandbox.write("recipes/base.yaml", "fruits:\n  banana: 10\n  kiwi: 10\nrecipes:\n  banana: { banana: 2 }\n")
        try sandbox.write("recipes/menu.yaml", "extends: base.yaml\nrecipes:\n  kiwi: { kiwi: 3 }\n")
        #expect(try await sandbox.juice("adjust", "banana=100").exitCode == 0)
        #expect(try await sandbox.juice("make", "banana=2").exitCode == 0)
        #expect(try await sandbox.juice("make", "kiwi").exitCode == 0)
    }

    /// The sandbox's path with its links followed, as the backup records it.
    static func realPath(of sandbox: Sandbox) -> String {
        sandbox.url.resolvingSymlinksInPath().path
    }

    /// Every file under `folder` (relative to it), sorted.
    static func files(under folder: URL) throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        return enumerator.compactMap { $0 as? String }.filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: folder.appendingPathComponent($0).path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    /// The journal's lines at `url`.
    static func lines(_ url: URL) throws -> [String] {
        String(decoding: try Data(contentsOf: url), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// `stock` (the menu's initial stock) changed by each line's `changes`.
    static func replay(_ lines: [String], from stock: [String: Int]) throws -> [String: Int] {
        var stock = stock
        for line in lines {
            guard case .object(let changes) = try JSON(parsing: line)["changes"] else {
                throw JSON.ParseError(text: line)
            }
            for (fruit, change) in changes {
                guard case .number(let delta) = change else { throw JSON.ParseError(text: line) }
                stock[fruit, default: 0] += Int(delta)
            }
        }
        return stock
    }

    @Test func aBackupHoldsTheMenuItsParentTheInventoryAndTheJournalAsTheyAreAndReplays() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shop(in: sandbox)
            let result = try await sandbox.juice("backup", "backups", "--format", "json")
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(result.stderr == "")
            let json = try result.json()
            let folder = try #require(json["folder"]?.string)
            let name = String(folder.dropFirst("backups/".count))
            #expect(folder.hasPrefix("backups/juice-backup-"))
            #expect(name.wholeMatch(of: /juice-backup-\d{4}-\d\d-\d\dT\d{6}Z/) != nil, "\(name)")
            #expect(json["ok"] == true)
            #expect(json["stores"]?[0]?["name"] == "main")
            #expect(json["stores"]?[0]?["lastEntry"] == 3)
            #expect(
                json["stores"]?[0]?["files"]
                    == ["recipes/menu.yaml", "recipes/base.yaml", "inventory.yaml", "inventory.yaml.journal"])
            // Exactly these files, each a copy of its original, at files/ and its absolute path.
            let root = Self.realPath(of: sandbox)
            let copied = ["recipes/menu.yaml", "recipes/base.yaml", "inventory.yaml", "inventory.yaml.journal"]
            #expect(
                try Self.files(under: sandbox.file(folder))
                    == (["juice-backup.json"] + copied.map { "files" + root + "/" + $0 }).sorted())
            for path in copied {
                #expect(sandbox.read(folder + "/files" + root + "/" + path) == sandbox.read(path), "\(path)")
            }
            // The copy's journal replays to its inventory.
            let journal = try Self.lines(sandbox.file(folder + "/files" + root + "/inventory.yaml.journal"))
            #expect(journal.count == 3)
            #expect(
                try Self.replay(journal, from: ["banana": 10, "kiwi": 10])
                    == sandbox.stock(folder + "/files" + root + "/inventory.yaml"))
            #expect(try sandbox.stock(folder + "/files" + root + "/inventory.yaml") == ["banana": 96, "kiwi": 7])

            // In text: the folder, and each store's last entry; --quiet the folder alone.
            let text = try await sandbox.juice("backup", "backups")
            #expect(text.exitCode == 0)
            let second = try #require(text.stdoutLines.first?.split(separator: " ").last.map(String.init))
            #expect(text.stdout == "Backup taken in \(second)\n  main: journal up to entry 3\n")
            #expect(second != folder)
            let quiet = try await sandbox.juice("backup", "backups", "-q")
            #expect(quiet.stdoutLines.count == 1)
            #expect(FileManager.default.fileExists(atPath: sandbox.file(quiet.stdoutLines[0]).path))
        }
    }

    @Test func backupsTakenInTheSameSecondGetFoldersOfTheirOwn() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shop(in: sandbox)
            let runs = try (0..<4).map { _ in
                try JuiceProcess.launch(["backup", "backups", "--format", "json"], in: sandbox.url)
            }
            var folders: [String] = []
            for run in runs {
                let result = await run.result()
                #expect(result.exitCode == 0, "\(result.stderr)")
                folders.append(try #require(try result.json()["folder"]?.string))
            }
            #expect(Set(folders).count == 4)
            for folder in folders {
                #expect(folder.wholeMatch(of: /backups\/juice-backup-\d{4}-\d\d-\d\dT\d{6}Z(-[2-9])?/) != nil)
                #expect(sandbox.exists(folder + "/juice-backup.json"))
            }
            // A name taken in one second gets -2, -3, ... in the order made.
            let bySecond = Dictionary(grouping: folders) { $0.prefix("backups/juice-backup-2026-11-29T185426Z".count) }
            for (_, names) in bySecond where names.count > 1 {
                let suffixes = names.map { $0.dropFirst("backups/juice-backup-2026-11-29T185426Z".count) }.sorted()
                #expect(suffixes == [""] + (2...names.count).map { "-\($0)" })
            }
        }
    }

    @Test func aBackupTakenWhileMakesRunIsConsistentAndRestoresExactly() async throws {
        try await Sandbox.with { sandbox in
            #expect(try await sandbox.juice("adjust", "banana=100000").exitCode == 0)
            let juice = try #require(JuiceProcess.binary).path
            // Four processes, each making 25 bananas one make at a time.
            let loops = try (0..<4).map { _ in
                try RunningProcess(
                    executable: URL(fileURLWithPath: "/bin/sh"),
                    arguments: ["-c", "for i in $(seq 25); do \"$0\" make banana > /dev/null || exit 1; done", juice],
                    directory: sandbox.url, environment: JuiceProcess.environment([:]), timeout: 300)
            }
            // Wait (bounded) for the makes to be under way.
            let journalURL = sandbox.file("inventory.yaml.journal")
            let deadline = ContinuousClock.now + .seconds(60)
            while (try? Self.lines(journalURL).count) ?? 0 < 6, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
            var backups: [String] = []
            for _ in 0..<3 {
                let result = try await sandbox.juice("backup", "backups", "-q")
                #expect(result.exitCode == 0, "\(result.stderr)")
                backups.append(try #require(result.stdoutLines.first))
            }
            for loop in loops {
                let result = await loop.result()
                #expect(result.exitCode == 0, "\(result.stderr)")
            }
            let live = try Self.lines(journalURL)
            #expect(live.count == 1 + 4 * 25)
            let root = Self.realPath(of: sandbox)
            var lastEntries: [Int] = []
            for backup in backups {
                let copy = backup + "/files" + root
                let lines = try Self.lines(sandbox.file(copy + "/inventory.yaml.journal"))
                // Every entry before its last is there, as the store has it.
                #expect(lines == Array(live.prefix(lines.count)))
                // Its journal replays to its inventory.
                #expect(try Self.replay(lines, from: originalStock()) == sandbox.stock(copy + "/inventory.yaml"))
                #expect(
                    String(decoding: try #require(sandbox.read(copy + "/inventory.yaml")), as: UTF8.self)
                        .contains("# journal: entry \(lines.count),"))
                lastEntries.append(lines.count)
            }
            // Taken while the makes ran: not before the first, not after the last.
            #expect(lastEntries[0] >= 6)
            #expect(lastEntries[0] < live.count)
            #expect(lastEntries == lastEntries.sorted())

            // The store has entries the first backup lacks: refused, nothing changed.
            let before = (sandbox.read("inventory.yaml"), sandbox.read("inventory.yaml.journal"))
            let refused = try await sandbox.juice("restore", backups[0])
            #expect(refused.exitCode == 1)
            #expect(
                refused.stderr
                    == "error: store 'main' has journal entries the backup lacks (its last is entry \(live.count), the backup's \(lastEntries[0])): nothing restored; `juice restore --force` puts the backup back over them\n"
            )
            #expect(sandbox.read("inventory.yaml") == before.0)
            #expect(sandbox.read("inventory.yaml.journal") == before.1)
            // Forced: exactly the backup's files.
            let forced = try await sandbox.juice("restore", backups[0], "--force")
            #expect(forced.exitCode == 0, "\(forced.stderr)")
            #expect(
                forced.stdout
                    == "Restored from \(backups[0])\n  main: journal up to entry \(lastEntries[0]), over the store's entries up to \(live.count)\n"
            )
            let copy = backups[0] + "/files" + root
            #expect(sandbox.read("inventory.yaml") == sandbox.read(copy + "/inventory.yaml"))
            #expect(sandbox.read("inventory.yaml.journal") == sandbox.read(copy + "/inventory.yaml.journal"))
            // And the store goes on from there.
            #expect(try await sandbox.juice("make", "banana").exitCode == 0)
            #expect(try Self.lines(journalURL).count == lastEntries[0] + 1)
        }
    }

    @Test func aRestoreOverNewerEntriesIsRefusedInJSONAndAcceptedWithForce() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shop(in: sandbox)
            let backup = try #require(try await sandbox.juice("backup", "backups", "-q").stdoutLines.first)
            // Nothing newer: restored as it is.
            let same = try await sandbox.juice("restore", backup, "--format", "json")
            #expect(same.exitCode == 0, "\(same.stderr)")
            #expect(try same.json()["stores"]?[0]?["replacedLastEntry"] == 3)
            #expect(try same.json()["stores"]?[0]?["lastEntry"] == 3)
            #expect(try await sandbox.juice("make", "banana").exitCode == 0)
            let before = (sandbox.read("inventory.yaml"), sandbox.read("inventory.yaml.journal"))
            let refused = try await sandbox.juice("restore", backup, "--format", "json")
            #expect(refused.exitCode == 1)
            #expect(refused.stderr == "")
            #expect(try refused.json()["error"] == "refused")
            #expect(
                try refused.json()["message"]
                    == "store 'main' has journal entries the backup lacks (its last is entry 4, the backup's 3): nothing restored; `juice restore --force` puts the backup back over them"
            )
            #expect(sandbox.read("inventory.yaml") == before.0)
            #expect(sandbox.read("inventory.yaml.journal") == before.1)
            // Other entries than the backup's, no more of them: refused too.
            #expect(try await sandbox.juice("restore", backup, "--force").exitCode == 0)
            #expect(try await sandbox.juice("make", "kiwi").exitCode == 0)
            let root = Self.realPath(of: sandbox)
            let copiedJournal = try Self.lines(sandbox.file(backup + "/files" + root + "/inventory.yaml.journal"))
            let liveJournal = try Self.lines(sandbox.file("inventory.yaml.journal"))
            #expect(liveJournal.count == 4)
            #expect(Array(liveJournal.prefix(3)) == copiedJournal)
            // Forced over the kiwi: the backup's stock and journal again.
            let forced = try await sandbox.juice("restore", backup, "--force", "--format", "json")
            #expect(forced.exitCode == 0)
            #expect(try forced.json()["stores"]?[0]?["replacedLastEntry"] == 4)
            #expect(try sandbox.stock() == ["banana": 96, "kiwi": 7])
            #expect(try Self.lines(sandbox.file("inventory.yaml.journal")) == copiedJournal)
            #expect(sandbox.read("recipes/menu.yaml") == sandbox.read(backup + "/files" + root + "/recipes/menu.yaml"))
        }
    }

    @Test func aRestoreOverAnotherHistoryOfAsManyEntriesIsRefused() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shop(in: sandbox)
            let earlier = try #require(try await sandbox.juice("backup", "backups", "-q").stdoutLines.first)
            #expect(try await sandbox.juice("make", "banana").exitCode == 0)
            let later = try #require(try await sandbox.juice("backup", "backups", "-q").stdoutLines.first)
            // Back to three entries, and another fourth: as many as the later backup, not its.
            #expect(try await sandbox.juice("restore", earlier, "--force").exitCode == 0)
            #expect(try await sandbox.juice("make", "kiwi").exitCode == 0)
            let before = (sandbox.read("inventory.yaml"), sandbox.read("inventory.yaml.journal"))
            let refused = try await sandbox.juice("restore", later)
            #expect(refused.exitCode == 1)
            #expect(
                refused.stderr
                    == "error: store 'main' has other journal entries than the backup up to its entry 4: nothing restored; `juice restore --force` puts the backup back over them\n"
            )
            #expect(sandbox.read("inventory.yaml") == before.0)
            #expect(sandbox.read("inventory.yaml.journal") == before.1)
        }
    }

    @Test func aRestoreOverAnInventoryEditedByHandSinceIsRefused() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shop(in: sandbox)
            let backup = try #require(try await sandbox.juice("backup", "backups", "-q").stdoutLines.first)
            // No entry since, but the count edited by hand: the restore would lose it.
            _ = try ExampleChain.edit(sandbox, "inventory.yaml", replacing: "kiwi: 7", with: "kiwi: 5")
            let edited = sandbox.read("inventory.yaml")
            let refused = try await sandbox.juice("restore", backup)
            #expect(refused.exitCode == 1)
            #expect(
                refused.stderr
                    == "error: store 'main' has another inventory than the backup's, its journal ending at the same entry 3 (edited by hand since?): nothing restored; `juice restore --force` puts the backup back over it\n"
            )
            #expect(sandbox.read("inventory.yaml") == edited)
            #expect(try await sandbox.juice("restore", backup, "--force").exitCode == 0)
            #expect(try sandbox.stock() == ["banana": 96, "kiwi": 7])
        }
    }

    /// A menu file changed since the backup (one the chain's other stores
    /// read too) was put back without a word, for all of them.
    @Test func aRestoreOverAMenuChangedSinceIsRefusedUnlessForced() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shop(in: sandbox)
            let backup = try #require(try await sandbox.juice("backup", "backups", "-q").stdoutLines.first)
            let base = Self.realPath(of: sandbox) + "/recipes/base.yaml"
            _ = try ExampleChain.edit(sandbox, "recipes/base.yaml", replacing: "kiwi: 10", with: "kiwi: 20")
            let edited = sandbox.read("recipes/base.yaml")
            let refused = try await sandbox.juice("restore", backup)
            #expect(refused.exitCode == 1)
            #expect(
                refused.stderr
                    == "error: store 'main': \(base) is not the backup's copy (changed since, and read by every store whose menu it is): nothing restored; `juice restore --force` puts the backup's back for all of them\n"
            )
            #expect(sandbox.read("recipes/base.yaml") == edited)
            #expect(try await sandbox.juice("restore", backup, "--force").exitCode == 0)
            #expect(sandbox.read("recipes/base.yaml") != edited)
        }
    }

    /// A menu reached through a linked folder is the file the system reads
    /// (`..` after the link's target), not the path's text folded.
    /// Files reached through a linked folder (a menu's `extends`, the
    /// inventory and its journal) are the files the system reads (`..`
    /// after the link's target), not the path's text folded.
    @Test func filesReachedThroughALinkedFolderAreBackedUpWhereTheyAre() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("other/base.yaml", "fruits:\n  banana: 10\nrecipes:\n  banana: { banana: 2 }\n")
            try sandbox.write("other/x/menu.yaml", "extends: ../base.yaml\n")
            try FileManager.default.createDirectory(
                at: sandbox.url.appendingPathComponent("recipes"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: sandbox.url.appendingPathComponent("recipes/S").path, withDestinationPath: "../other/x")
            let files = ["--menu", "recipes/S/menu.yaml", "--inventory", "recipes/S/../stock.yaml"]
            #expect(try await sandbox.juice(arguments: ["make", "banana"] + files).exitCode == 0)
            #expect(sandbox.read("other/stock.yaml") != nil)
            let backup = try #require(
                try await sandbox.juice(arguments: ["backup", "backups", "-q"] + files).stdoutLines.first)
            let record = String(
                decoding: try #require(sandbox.read(backup + "/juice-backup.json")), as: UTF8.self)
            let real = Self.realPath(of: sandbox)
            for file in ["/other/base.yaml", "/other/stock.yaml", "/other/stock.yaml.journal"] {
                #expect(record.contains(real + file), "\(file)")
            }
            #expect(!record.contains("/recipes/base.yaml") && !record.contains("/recipes/stock.yaml"))
            #expect(try await sandbox.juice("restore", backup).exitCode == 0)
            #expect(sandbox.read("recipes/base.yaml") == nil && sandbox.read("recipes/stock.yaml") == nil)
        }
    }

    @Test func aChainsBackupHoldsEveryStoreAndARestoreNamesTheStoreWithNewerEntries() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            #expect(try await sandbox.juice("adjust", "--store", "gangnam", "kiwi=+1").exitCode == 0)
            let result = try await sandbox.juice(
                "backup", "backups", "--stores", "recipes/stores.yaml", "--format", "json")
            #expect(result.exitCode == 0, "\(result.stderr)")
            let stores = try result.json()["stores"]?.items ?? []
            #expect(stores.map { $0["name"]?.string } == ExampleChain.stores)
            let folder = try #require(try result.json()["folder"]?.string)
            let root = Self.realPath(of: sandbox)
            for store in stores {
                for case .string(let path) in store["files"]?.items ?? [] {
                    #expect(
                        sandbox.read(folder + "/files" + root + "/" + path) == sandbox.read(path),
                        "\(store["name"] ?? .null): \(path)")
                }
            }
            // gangnam's inventory was written by hand: the adjust recorded that edit first.
            #expect(stores[0]["lastEntry"] == 2)
            // hongdae has no journal: none is copied.
            #expect(stores[1]["files"] == ["recipes/stores/hongdae.yaml", "recipes/menu.yaml", "state/hongdae.yaml"])
            // --store takes one store of the manifest.
            let one = try await sandbox.juice(
                "backup", "backups", "--store", "hongdae", "--stores", "recipes/stores.yaml", "--format", "json")
            #expect(try one.json()["stores"]?.items.map { $0["name"]?.string } == ["hongdae"])
            // A make at jamsil since: the chain's restore names it and changes nothing.
            #expect(try await sandbox.juice("adjust", "--store", "jamsil", "kiwi=+1").exitCode == 0)
            // The stores' files, their locks left out (a restore takes each lock, making its file).
            func state() throws -> [String: Data?] {
                Dictionary(
                    uniqueKeysWithValues: try Self.files(under: sandbox.file("state")).filter { !$0.hasSuffix(".lock") }
                        .map { ($0, sandbox.read("state/" + $0)) })
            }
            let before = try state()
            let refused = try await sandbox.juice("restore", folder)
            #expect(refused.exitCode == 1)
            #expect(
                refused.stderr
                    == "error: store 'jamsil' has journal entries the backup lacks (its last is entry 1, the backup's 0): nothing restored; `juice restore --force` puts the backup back over them\n"
            )
            #expect(try state() == before)
            // Two stores refused: each is named with its reason (only the
            // first was), and nothing is restored.
            #expect(try await sandbox.juice("adjust", "--store", "gangnam", "kiwi=+1").exitCode == 0)
            let both = try state()
            let twice = try await sandbox.juice("restore", folder)
            #expect(twice.exitCode == 1)
            #expect(
                twice.stderrLines == [
                    "error: store 'gangnam' has journal entries the backup lacks (its last is entry 3, the backup's 2): nothing restored; `juice restore --force` puts the backup back over them",
                    "error: store 'jamsil' has journal entries the backup lacks (its last is entry 1, the backup's 0): nothing restored; `juice restore --force` puts the backup back over them",
                ])
            let json = try await sandbox.juice("restore", folder, "--format", "json")
            #expect(json.exitCode == 1)
            #expect(try json.json()["error"] == "refused")
            #expect(
                try json.json()["message"]
                    == .string(twice.stderrLines.map { String($0.dropFirst("error: ".count)) }.joined(separator: "\n")))
            #expect(try state() == both)
        }
    }

    /// `--store` names the one store to put back: given twice it is a
    /// usage error, nothing restored (the last one given was put back
    /// alone, without a word of the first), said as any option of one
    /// value given twice is.
    @Test func aRestoreWithStoreGivenTwiceIsAUsageError() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            #expect(try await sandbox.juice("adjust", "--store", "gangnam", "kiwi=+1").exitCode == 0)
            let taken = try await sandbox.juice("backup", "backups", "--stores", "recipes/stores.yaml", "--quiet")
            let folder = taken.stdout.trimmingCharacters(in: .newlines)
            try FileManager.default.removeItem(at: sandbox.file("state/gangnam.yaml"))
            try FileManager.default.removeItem(at: sandbox.file("state/gangnam.yaml.journal"))
            let twice = try await sandbox.juice("restore", folder, "--store", "gangnam", "--store=jamsil")
            #expect(twice.exitCode == 64)
            #expect(
                twice.stderrLines.first
                    == "error: --store is given 2 times (gangnam, jamsil): it takes one value; give it once"
            )
            #expect(sandbox.read("state/gangnam.yaml") == nil)
            let json = try await sandbox.juice(
                "restore", folder, "--store", "jamsil", "--store", "jamsil", "--format", "json")
            #expect(json.exitCode == 64)
            #expect(try json.json()["error"] == "usage")
            let korean = try await sandbox.juice("restore", folder, "--store", "a", "--store", "b", "--locale", "ko")
            #expect(
                korean.stderrLines.first
                    == "오류: --store 옵션이 2번 주어졌습니다 (a, b): 값을 하나만 받으니 한 번만 쓰세요")
            // One --store, the folder after `--`: put back.
            let one = try await sandbox.juice("restore", "--store", "gangnam", "--", folder)
            #expect(one.exitCode == 0, "\(one.stderr)")
        }
    }

    /// `--store` puts back one store of a chain's backup while another,
    /// which made entries since, refuses the whole restore.
    @Test func aRestoreOfOneStoreOfAChainsBackupLeavesTheOthersAsTheyAre() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            #expect(try await sandbox.juice("adjust", "--store", "gangnam", "kiwi=+1").exitCode == 0)
            let taken = try await sandbox.juice("backup", "backups", "--stores", "recipes/stores.yaml", "--quiet")
            let folder = taken.stdout.trimmingCharacters(in: .newlines)
            let gangnam = try #require(sandbox.read("state/gangnam.yaml"))
            let gangnamJournal = try #require(sandbox.read("state/gangnam.yaml.journal"))
            // gangnam loses its files; jamsil takes a delivery since the backup.
            try FileManager.default.removeItem(at: sandbox.file("state/gangnam.yaml"))
            try FileManager.default.removeItem(at: sandbox.file("state/gangnam.yaml.journal"))
            #expect(try await sandbox.juice("adjust", "--store", "jamsil", "kiwi=+1").exitCode == 0)
            let jamsil = sandbox.read("state/jamsil.yaml")
            let jamsilJournal = sandbox.read("state/jamsil.yaml.journal")
            #expect(try await sandbox.juice("restore", folder).exitCode == 1)
            #expect(sandbox.read("state/gangnam.yaml") == nil)

            let one = try await sandbox.juice("restore", folder, "--store", "gangnam", "--format", "json")
            #expect(one.exitCode == 0, "\(one.stderr)")
            #expect(try one.json()["stores"]?.items.map { $0["name"]?.string } == ["gangnam"])
            #expect(try one.json()["stores"]?[0]?["lastEntry"] == 2)
            #expect(sandbox.read("state/gangnam.yaml") == gangnam)
            #expect(sandbox.read("state/gangnam.yaml.journal") == gangnamJournal)
            #expect(sandbox.read("state/jamsil.yaml") == jamsil)
            #expect(sandbox.read("state/jamsil.yaml.journal") == jamsilJournal)

            let unknown = try await sandbox.juice("restore", folder, "--store", "gangnan")
            #expect(unknown.exitCode == 64)
            #expect(
                unknown.stderr
                    == "error: no store 'gangnan' in \(folder)/juice-backup.json (did you mean 'gangnam'?); its stores: gangnam, hongdae, jamsil, seoulStation\n"
            )
        }
    }

    @Test func aStoreWhoseInventoryFolderIsMissingIsBackedUpAsItsMenuAlone() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shop(in: sandbox)
            let result = try await sandbox.juice(
                "backup", "backups", "--inventory", "nowhere/inventory.yaml", "--format", "json")
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(try result.json()["stores"]?[0]?["files"] == ["recipes/menu.yaml", "recipes/base.yaml"])
            #expect(try result.json()["stores"]?[0]?["lastEntry"] == 0)
            let folder = try #require(try result.json()["folder"]?.string)
            let restored = try await sandbox.juice("restore", folder)
            #expect(restored.exitCode == 0, "\(restored.stderr)")
            #expect(!sandbox.exists("nowhere"))
        }
    }

    @Test func aFolderThatIsAFileOrReadOnlyTakesNoBackup() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shop(in: sandbox)
            try sandbox.write("afile", "x\n")
            let file = try await sandbox.juice("backup", "afile")
            #expect(file.exitCode == 73)
            #expect(file.stderr.hasPrefix("error: afile/juice-backup-"))
            #expect(file.stderr.hasSuffix(": cannot create or replace: Not a directory\n"))
            #expect(sandbox.read("afile") == Data("x\n".utf8))
            let json = try await sandbox.juice("backup", "afile", "--format", "json")
            #expect(json.exitCode == 73)
            #expect(try json.json()["error"] == "cannot-write")
            try await withSmallFileSystem(in: sandbox) { folder in
                try #require(SystemCommand.status(["/bin/mount", "-o", "remount,ro", folder]) == 0)
                let readOnly = try await sandbox.juice("backup", "small")
                #expect(readOnly.exitCode == 73)
                #expect(readOnly.stderr.hasSuffix(": cannot create or replace: Read-only file system\n"))
                #expect(try Self.files(under: sandbox.file("small")) == [])
            }
        }
    }

    @Test func aStoreWhoseJournalHasALineThatIsNoEntryIsNotBackedUpAndLeavesNoFolder() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shop(in: sandbox)
            var lines = try Self.lines(sandbox.file("inventory.yaml.journal"))
            lines.insert("not an entry", at: 1)
            try sandbox.write("inventory.yaml.journal", lines.joined(separator: "\n") + "\n")
            let result = try await sandbox.juice("backup", "backups")
            #expect(result.exitCode == 65)
            #expect(result.stdout == "")
            #expect(result.stderr == "inventory.yaml.journal:2:2: error: not JSON: unexpected character [syntax]\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.file("backups").path) == [])
        }
    }

    @Test func aFolderThatHoldsNoBackupIsNotRestored() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shop(in: sandbox)
            let empty = try await sandbox.juice("restore", "")
            #expect(empty.exitCode == 64)
            #expect(empty.stderrLines.first == "error: FOLDER needs a file name, not an empty one")
            #expect(try await sandbox.juice("backup", "").exitCode == 64)
            let missing = try await sandbox.juice("restore", "nowhere")
            #expect(missing.exitCode == 66)
            #expect(missing.stderr == "error: nowhere: no such file\n")
            let notBackup = try await sandbox.juice("restore", "recipes")
            #expect(notBackup.exitCode == 66)
            #expect(notBackup.stderr == "error: recipes is not a backup: it has no juice-backup.json\n")
            try sandbox.write("fake/juice-backup.json", "{\"format\": 1}\n")
            // A record there but not one juice wrote: invalid data, not missing.
            let fake = try await sandbox.juice("restore", "fake", "--format", "json")
            #expect(fake.exitCode == 65)
            #expect(try fake.json()["error"] == "invalid-data")
        }
    }

    /// A journal's copy cut short is said to end before the entry the
    /// record names (it was said to end there "or hold other entries").
    @Test func aJournalsCopyCutShortIsSaidToEndEarly() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shop(in: sandbox)
            let backup = try #require(try await sandbox.juice("backup", "backups", "-q").stdoutLines.first)
            let root = Self.realPath(of: sandbox)
            let copy = backup + "/files" + root + "/inventory.yaml.journal"
            let lines = try Self.lines(sandbox.file(copy))
            try #require(lines.count == 3)
            try sandbox.write(copy, lines.dropLast().joined(separator: "\n") + "\n")
            let result = try await sandbox.juice("restore", backup, "--force")
            #expect(result.exitCode == 65)
            #expect(
                result.stderr
                    == copy
                    + ":1:1: error: the journal's copy ends at entry 2 where the backup's record says 3: changed since "
                    + "the backup [invalid-id]\n")
        }
    }

    @Test(arguments: [
        (
            "inventory.yaml", "kiwi: 7", "kiwi: 8",
            "/inventory.yaml:1:1: error: 'kiwi' is +1 off what the journal's copy of ROOT/inventory.yaml.journal, replayed from the menu's initial stock, gives: the copy does not replay (changed since the backup) [invalid-quantity]"
        ),
        (
            "inventory.yaml.journal", "{\"kiwi\":-3}", "{\"kiwi\":-4}",
            "/inventory.yaml.journal:1:1: error: the journal's copy holds other entries than the backup took, through its entry 3: changed since the backup (its record keeps one hash of them all, not which entry changed) [invalid-id]"
        ),
    ])
    func aTamperedCopyIsRefusedAndNothingIsWritten(file: String, old: String, new: String, said: String) async throws {
        try await Sandbox.with { sandbox in
            try await Self.shop(in: sandbox)
            let backup = try #require(try await sandbox.juice("backup", "backups", "-q").stdoutLines.first)
            let root = Self.realPath(of: sandbox)
            let copy = backup + "/files" + root + "/" + file
            let text = String(decoding: try #require(sandbox.read(copy)), as: UTF8.self)
            try #require(text.contains(old), "\(text)")
            try sandbox.write(copy, text.replacingOccurrences(of: old, with: new))
            #expect(try await sandbox.juice("make", "banana").exitCode == 0)
            let before = (sandbox.read("inventory.yaml"), sandbox.read("inventory.yaml.journal"))
            let result = try await sandbox.juice("restore", backup, "--force")
            #expect(result.exitCode == 65)
            #expect(
                result.stderr
                    == backup + "/files" + root + said.replacingOccurrences(of: "ROOT", with: root) + "\n")
            #expect(sandbox.read("inventory.yaml") == before.0)
            #expect(sandbox.read("inventory.yaml.journal") == before.1)
        }
    }
}
