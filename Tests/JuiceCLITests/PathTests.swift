import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Paths and files as the system sees them: links in folders and at the end
/// of a path, `..` after a linked folder, devices and FIFOs, the modes of new
/// and replaced files, long names, a file system without free inodes, and
/// the inventory a change always writes. Each test proves one defect of the
/// path issue stays fixed; its comment names the defect.
@Suite struct PathTests {
    // MARK: - 1. A link made juice read one file and write another

    /// Defect 1: `work/dirlink -> ../real/sub` and `real/sub/inv.yaml ->
    /// ../other.yaml`: the system reaches `real/other.yaml`; reading the
    /// link's target as text beside `dirlink/inv.yaml` gave `work/other.yaml`,
    /// another file, which was overwritten.
    @Test func aLinkInsideALinkedFolderIsReadAndWrittenAtTheFileTheSystemReaches() async throws {
        try await Sandbox.with { sandbox in
            let decoy = "# another shop's stock: never touched\nkiwi: 99\n"
            try sandbox.write("real/other.yaml", "kiwi: 5\n")
            try sandbox.write("work/other.yaml", decoy)
            try link(sandbox, "work/dirlink", to: "../real/sub")
            try FileManager.default.createDirectory(at: sandbox.file("real/sub"), withIntermediateDirectories: true)
            try link(sandbox, "real/sub/inv.yaml", to: "../other.yaml")
            let work = sandbox.file("work")

            let result = try await JuiceProcess.run(["adjust", "kiwi=+1", "--inventory", "dirlink/inv.yaml"], in: work)
            #expect(result.exitCode == 0)
            #expect(result.stdout == "Kiwi: 5 → 6\n")
            #expect(result.stderr == Sandbox.builtinNote)
            #expect(try sandbox.stock("real/other.yaml") == originalStock(["kiwi": 6]))
            #expect(sandbox.read("work/other.yaml") == Data(decoy.utf8))
            #expect(try destination(sandbox, "work/dirlink") == "../real/sub")
            #expect(try destination(sandbox, "real/sub/inv.yaml") == "../other.yaml")
            // One lock, beside the file finally reached, and no other.
            #expect(kind(sandbox, "real/other.yaml.lock") == S_IFREG)
            #expect(kind(sandbox, "real/sub/inv.yaml.lock") == nil)
            #expect(kind(sandbox, "work/other.yaml.lock") == nil)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: work.path).sorted() == ["dirlink", "other.yaml"])

            let report = try await JuiceProcess.run(
                ["report", "--inventory", "dirlink/inv.yaml", "--format", "json"], in: work)
            #expect(report.exitCode == 0)
            #expect(try report.json()["inventory"] == json(originalStock(["kiwi": 6])))
        }
    }

    /// Defect 1, with `..`: `dirlink/../shop.yaml` is `real/shop.yaml` for the
    /// system (`..` of `real/sub` is `real`), a link to `data/inv.yaml` there.
    /// Folding `dirlink/..` away as text gave `work/data/inv.yaml` instead.
    @Test func aDotDotAfterALinkedFolderIsResolvedAsTheSystemDoes() async throws {
        try await Sandbox.with { sandbox in
            let decoy = "kiwi: 99\n"
            try sandbox.write("real/data/inv.yaml", "kiwi: 5\n")
            try FileManager.default.createDirectory(at: sandbox.file("real/sub"), withIntermediateDirectories: true)
            try link(sandbox, "real/shop.yaml", to: "data/inv.yaml")
            try sandbox.write("work/data/inv.yaml", decoy)
            try link(sandbox, "work/dirlink", to: "../real/sub")

            let result = try await JuiceProcess.run(
                ["adjust", "kiwi=+1", "--inventory", "dirlink/../shop.yaml"], in: sandbox.file("work"))
            #expect(result.exitCode == 0)
            #expect(result.stdout == "Kiwi: 5 → 6\n")
            #expect(result.stderr == Sandbox.builtinNote)
            #expect(try sandbox.stock("real/data/inv.yaml") == originalStock(["kiwi": 6]))
            #expect(sandbox.read("work/data/inv.yaml") == Data(decoy.utf8))
            #expect(try destination(sandbox, "real/shop.yaml") == "data/inv.yaml")
            #expect(kind(sandbox, "real/data/inv.yaml.lock") == S_IFREG)
            #expect(kind(sandbox, "real/shop.yaml.lock") == nil)
            #expect(kind(sandbox, "work/data/inv.yaml.lock") == nil)
        }
    }

    // MARK: - 2. Updates were lost between a link and its target

    /// Defect 2: the lock was `NAME.lock` beside the name given, so a link and
    /// its target had two locks and their writers overwrote each other.
    @Test func changesThroughALinkAndThroughItsTargetAtOnceAreAllCounted() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "kiwi: 10\n")
            try link(sandbox, "link.yaml", to: "inventory.yaml")
            // A generous wait: 60 writers queue for one lock on two cores.
            let environment = ["JUICE_LOCK_TIMEOUT": "100"]
            var processes: [RunningProcess] = []
            for _ in 0..<30 {
                for arguments in [["adjust", "kiwi=+1"], ["adjust", "kiwi=+1", "--inventory", "link.yaml"]] {
                    processes.append(
                        try JuiceProcess.launch(arguments, in: sandbox.url, environment: environment, timeout: 300))
                }
            }
            var results: [ProcessResult] = []
            for process in processes { results.append(await process.result()) }
            #expect(results.map(\.exitCode) == Array(repeating: 0, count: 60), "stderr: \(results.map(\.stderr))")
            #expect(try sandbox.stock() == originalStock(["kiwi": 70]))
            #expect(try destination(sandbox, "link.yaml") == "inventory.yaml")
            #expect(!sandbox.exists("link.yaml.lock"))
        }
    }

    // MARK: - 3. Silent fallback to the built-in menu

    /// Defect 3: a `recipes/menu.yaml` that is there but cannot be read was
    /// taken for no menu at all, and the built-in menu was used instead.
    @Test func aDefaultMenuThatIsADanglingLinkIsAMissingFileNotTheBuiltInMenu() async throws {
        try await Sandbox.with { sandbox in
            try FileManager.default.createDirectory(at: sandbox.file("recipes"), withIntermediateDirectories: true)
            try link(sandbox, "recipes/menu.yaml", to: "gone.yaml")
            let text = try await sandbox.juice("make", "kiwi")
            #expect(text.exitCode == 66)
            #expect(text.stdout == "")
            #expect(text.stderr == "error: recipes/menu.yaml: no such file\n")

            let result = try await sandbox.juice("make", "kiwi", "--format", "json")
            #expect(result.exitCode == 66)
            #expect(result.stderr == "")
            #expect(try result.json()["error"] == "missing-file")
            #expect(try result.json()["message"] == "recipes/menu.yaml: no such file")
            #expect(!sandbox.exists("inventory.yaml"))
            #expect(!sandbox.exists("inventory.yaml.lock"))
        }
    }

    /// Defect 3, with a link that points at itself: root reads everything,
    /// but nobody reads that.
    @Test func aDefaultMenuThatIsALinkLoopIsAnIOErrorNotTheBuiltInMenu() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "kiwi: 4\n")
            try link(sandbox, "recipes/menu.yaml", to: "menu.yaml", makingFolder: true)
            for arguments in [["make", "kiwi"], ["adjust", "kiwi=+1"], ["report"]] {
                let result = try await sandbox.juice(arguments: arguments)
                #expect(result.exitCode == 74, "\(arguments)")
                #expect(result.stdout == "")
                #expect(result.stderr == "error: recipes/menu.yaml: cannot read: Too many levels of symbolic links\n")
            }
            #expect(sandbox.read("inventory.yaml") == Data("kiwi: 4\n".utf8))
        }
    }

    // MARK: - 4. A device node or a FIFO as the inventory

    /// Defect 4: a character device like /dev/null read as an empty
    /// inventory, and a change replaced the device with a regular file.
    @Test(.enabled(if: getuid() == 0, "mknod of a character device needs root"))
    func aCharacterDeviceAsTheInventoryIsRefusedAndLeftAlone() async throws {
        try await Sandbox.with { sandbox in
            let device = sandbox.file("null").path
            try #require(mknod(device, S_IFCHR | 0o666, deviceNumber(major: 1, minor: 3)) == 0, "mknod: \(errno)")
            for arguments in [["adjust", "kiwi=+1"], ["report"], ["make", "kiwi"]] {
                let result = try await sandbox.juice(arguments: arguments + ["--inventory", "./null"])
                #expect(result.exitCode == 74, "\(arguments)")
                #expect(result.stdout == "")
                #expect(
                    result.stderr == Sandbox.builtinNote
                        + "error: ./null: cannot read: it is not a regular file (a character device)\n")
            }
            var info = stat()
            #expect(lstat(device, &info) == 0)
            #expect(info.st_mode & S_IFMT == S_IFCHR)
            #expect(info.st_rdev == deviceNumber(major: 1, minor: 3))
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path) == ["null"])
        }
    }

    /// Defect 4: a FIFO that another process holds open for writing made a
    /// read wait for that writer, forever.
    @Test func aFIFOThatAnotherProcessHoldsOpenForWritingMakesNoCommandWait() async throws {
        try await Sandbox.with { sandbox in
            let fifo = sandbox.file("shop.fifo").path
            try #require(mkfifo(fifo, 0o644) == 0)
            // This process is the other one: it holds the FIFO open for writing.
            let writer = open(fifo, O_RDWR | O_CLOEXEC)
            try #require(writer >= 0)
            defer { close(writer) }
            for arguments in [["report"], ["make", "kiwi"], ["adjust", "kiwi=+1"]] {
                let result = try await sandbox.juice(arguments: arguments + ["--inventory", "shop.fifo"])
                #expect(result.timedOut == false, "\(arguments) waited on the FIFO")
                #expect(result.exitCode == 74, "\(arguments)")
                #expect(
                    result.stderr == Sandbox.builtinNote
                        + "error: shop.fifo: cannot read: it is not a regular file (a FIFO)\n")
            }
            #expect(kind(sandbox, "shop.fifo") == S_IFIFO)
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path) == ["shop.fifo"])
        }
    }

    /// Defect 4: a FIFO in the lock's place was taken as the lock (or waited
    /// on); it is refused, and the inventory is left as it was.
    @Test func aFIFOInTheLocksPlaceIsRefusedWithoutWaiting() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "kiwi: 3\n")
            try #require(mkfifo(sandbox.file("inventory.yaml.lock").path, 0o644) == 0)
            for arguments in [["adjust", "kiwi=+1"], ["make", "kiwi"]] {
                let result = try await sandbox.juice(arguments: arguments)
                #expect(result.timedOut == false, "\(arguments) waited on the FIFO")
                #expect(result.exitCode == 74, "\(arguments)")
                #expect(result.stdout == "")
                #expect(
                    result.stderr == Sandbox.builtinNote
                        + "error: inventory.yaml.lock: cannot read: it is not a regular file (a FIFO)\n")
            }
            #expect(sandbox.read("inventory.yaml") == Data("kiwi: 3\n".utf8))
            #expect(kind(sandbox, "inventory.yaml.lock") == S_IFIFO)
        }
    }

    /// Defect 4, for a socket: every command refuses it at once (74) and
    /// names what it is.
    @Test func aSocketAsTheInventoryIsRefusedAndLeftAlone() async throws {
        try await Sandbox.with { sandbox in
            try makeSocket(at: sandbox.file("sock.yaml").path)
            let refusal = "error: sock.yaml: cannot read: it is not a regular file (a socket)\n"
            for arguments in [
                ["adjust", "kiwi=+1"], ["make", "kiwi"], ["report"], ["adjust", "kiwi=+1", "--dry-run"],
            ] {
                let result = try await sandbox.juice(arguments: arguments + ["--inventory", "sock.yaml"])
                #expect(result.exitCode == 74, "\(arguments)")
                #expect(result.stdout == "")
                #expect(result.stderr == Sandbox.builtinNote + refusal, "\(arguments)")
            }
            #expect(kind(sandbox, "sock.yaml") == S_IFSOCK)
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path) == ["sock.yaml"])
        }
    }

    /// Defect 4, for a directory in the lock's place: the README and the
    /// spec refuse a lock that is not a regular file with 74, a directory
    /// included (it was 73, "cannot create or replace: Is a directory").
    @Test func aDirectoryInTheLocksPlaceIsRefusedAsNotARegularFile() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "kiwi: 3\n")
            try FileManager.default.createDirectory(
                at: sandbox.file("inventory.yaml.lock"), withIntermediateDirectories: false)
            let result = try await sandbox.juice(arguments: ["adjust", "kiwi=+1"])
            #expect(result.exitCode == 74)
            #expect(
                result.stderr == Sandbox.builtinNote + "error: inventory.yaml.lock: cannot read: it is a directory\n")
            #expect(result.stdout == "")
            #expect(sandbox.read("inventory.yaml") == Data("kiwi: 3\n".utf8))
            #expect(kind(sandbox, "inventory.yaml.lock") == S_IFDIR)
        }
    }

    // MARK: - 8. Modes of new and replaced files

    /// Defect 8: a new inventory was always 0644, whatever the umask; a
    /// replaced one lost its owner and group to whoever wrote it.
    @Test(.enabled(if: getuid() == 0, "giving a file to another owner needs root"))
    func aNewInventoryTakesTheUmaskAndAReplacedOneKeepsModeOwnerAndGroup() async throws {
        try await Sandbox.with { sandbox in
            for (mask, name, mode) in [("022", "open.yaml", 0o644), ("077", "private.yaml", 0o600)]
                as [(String, String, mode_t)]
            {
                let result = try await runJuice(
                    ["adjust", "kiwi=+1", "--inventory", name], in: sandbox.url, umask: mask)
                #expect(result.exitCode == 0, "umask \(mask): \(result.stderr)")
                #expect(status(sandbox, name)?.st_mode == S_IFREG | mode, "umask \(mask)")
                #expect(status(sandbox, name + ".lock")?.st_mode == S_IFREG | mode, "umask \(mask)")
                #expect(try sandbox.stock(name) == originalStock(["kiwi": 11]))
            }

            try sandbox.write("kept.yaml", "kiwi: 4\n")
            let kept = sandbox.file("kept.yaml").path
            #expect(chmod(kept, 0o640) == 0)
            #expect(chown(kept, 4321, 4322) == 0)
            let result = try await runJuice(
                ["adjust", "kiwi=+1", "--inventory", "kept.yaml"], in: sandbox.url, umask: "022")
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(try sandbox.stock("kept.yaml") == originalStock(["kiwi": 5]))
            let info = try #require(status(sandbox, "kept.yaml"))
            #expect(info.st_mode == S_IFREG | 0o640)
            #expect(info.st_uid == 4321)
            #expect(info.st_gid == 4322)
        }
    }

    // MARK: - 9. Long names

    /// Defect 9: the temporary file was `.NAME.tmp-XXXXXX`, 12 bytes longer
    /// than the name, so a name near the 255-byte limit could not be changed.
    @Test func anInventoryNamedWith250BytesCanBeChangedAndReadBack() async throws {
        try await Sandbox.with { sandbox in
            let name = String(repeating: "k", count: 245) + ".yaml"
            #expect(name.utf8.count == 250)
            let first = try await sandbox.juice("adjust", "kiwi=+1", "--inventory", name)
            #expect(first.exitCode == 0)
            #expect(first.stdout == "Kiwi: 10 → 11\n")
            #expect(first.stderr == Sandbox.builtinNote + Sandbox.absentNote(name))
            #expect(try sandbox.stock(name) == originalStock(["kiwi": 11]))
            // Once more, now replacing the file.
            let second = try await sandbox.juice("adjust", "kiwi=+1", "--inventory", name)
            #expect(second.exitCode == 0)
            #expect(second.stdout == "Kiwi: 11 → 12\n")
            #expect(second.stderr == Sandbox.builtinNote)

            let report = try await sandbox.juice("report", "--inventory", name, "--format", "json")
            #expect(report.exitCode == 0)
            #expect(try report.json()["inventory"] == json(originalStock(["kiwi": 12])))
            // No temporary file (`.j...`) is left behind; the journal's name,
            // too long with `.journal`, is cut and told apart by a hash.
            let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path).sorted()
            let journal = try #require(names.first { $0.hasSuffix(".journal") })
            #expect(names == [name, name + ".lock", journal].sorted())
            #expect(journal.utf8.count == 255 && journal.hasPrefix(String(repeating: "k", count: 200)))
            #expect(try await sandbox.juice("log", "--inventory", name).stdoutLines.count == 2)
        }
    }

    // MARK: - 10. No free inodes

    /// Defect 10: with no inode free, creating the lock or the temporary file
    /// failed as "cannot create or replace" (73) and claimed nothing about
    /// the old file; it is a full disk (74) and says no file was written.
    @Test func withNoFreeInodesANewInventoryIsAnIOErrorAndNothingIsLeft() async throws {
        try await Sandbox.with { sandbox in
            // Nothing there at all: the lock file is the first that cannot be made.
            try await withInodeStarvedFileSystem(in: sandbox) { folder, fillers in
                let result = try await sandbox.juice("adjust", "kiwi=+1", "--inventory", "small/inventory.yaml")
                #expect(result.exitCode == 74)
                #expect(result.stdout == "")
                #expect(
                    result.stderr
                        == Sandbox.builtinNote + Sandbox.absentNote("small/inventory.yaml")
                        + "error: small/inventory.yaml.lock: cannot write: No space left on device; no file was written\n"
                )
                #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == fillers)
            }
            // The lock is there (a refused change made it), the inventory is not.
            try await withInodeStarvedFileSystem(
                in: sandbox,
                before: {
                    let refused = try await sandbox.juice("adjust", "kiwi=-11", "--inventory", "small/inventory.yaml")
                    #expect(refused.exitCode == 1)
                    #expect(sandbox.exists("small/inventory.yaml.lock"))
                }
            ) { folder, fillers in
                let result = try await sandbox.juice("adjust", "kiwi=+1", "--inventory", "small/inventory.yaml")
                #expect(result.exitCode == 74)
                #expect(result.stdout == "")
                #expect(
                    result.stderr
                        == Sandbox.builtinNote + Sandbox.absentNote("small/inventory.yaml")
                        + "error: small/inventory.yaml.journal: cannot write: No space left on device; no file was written\n"
                )
                #expect(
                    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                        == (fillers + ["inventory.yaml.lock"]).sorted())
            }
        }
    }

    /// Defect 10: with an old inventory and no inode free for the temporary
    /// file, the old file is intact, and said so (74, not 73).
    @Test func withNoFreeInodesAnOldInventoryIsKeptAndSaidToBeIntact() async throws {
        try await Sandbox.with { sandbox in
            try await withInodeStarvedFileSystem(
                in: sandbox,
                before: {
                    let made = try await sandbox.juice("adjust", "kiwi=7", "--inventory", "small/inventory.yaml")
                    #expect(made.exitCode == 0)
                }
            ) { folder, fillers in
                let before = sandbox.read("small/inventory.yaml")
                let result = try await sandbox.juice("make", "kiwi", "--inventory", "small/inventory.yaml")
                #expect(result.exitCode == 74)
                #expect(result.stdout == "")
                #expect(
                    result.stderr
                        == Sandbox.builtinNote
                        + "error: small/inventory.yaml: cannot write: No space left on device; the old file is intact\n"
                )
                #expect(sandbox.read("small/inventory.yaml") == before)
                // The journal, which needs no new inode, got the entry; the
                // inventory does not include it, so it never took effect.
                #expect(
                    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                        == (fillers + ["inventory.yaml", "inventory.yaml.journal", "inventory.yaml.lock"]).sorted())
            }
        }
    }

    // MARK: - 11. A no-op adjust wrote nothing

    /// Defect 11: `adjust kiwi=10` on the initial stock changed no count and
    /// so wrote nothing; the count a person stated was then lost when the
    /// menu's initial stock changed.
    @Test func anAdjustThatChangesNoCountStillRecordsTheWholeInventory() async throws {
        try await Sandbox.with { sandbox in
            let menu = try #require(
                FileManager.default.contents(
                    atPath: Repository.root.appendingPathComponent("recipes/menu.yaml").path))
            try sandbox.write("recipes/menu.yaml", bytes: Array(menu))
            let result = try await sandbox.juice("adjust", "kiwi=10")
            #expect(result.exitCode == 0)
            #expect(result.stdout == "Kiwi: 10 → 10\n")
            #expect(result.stderr == Sandbox.absentNote())
            #expect(try sandbox.stock() == originalStock())

            _ = try ExampleChain.edit(
                sandbox, "recipes/menu.yaml", replacing: "ko: 키위 }, stock: 10", with: "ko: 키위 }, stock: 25")
            let report = try await sandbox.juice("report", "--format", "json")
            #expect(report.exitCode == 0)
            #expect(try report.json()["inventory"] == json(originalStock()))
        }
    }

    // MARK: - 12. A mistyped inventory path went unnoticed

    /// Defect 12: a missing inventory was silently the menu's initial stock,
    /// so a mistyped path was acted on unseen. In text it is noted on stderr;
    /// JSON keeps stderr empty.
    @Test func aMissingInventoryIsNotedOnStderrInTextOnly() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let note = Sandbox.absentNote("state/gangnm.yaml")
            for arguments in [["report"], ["plan", "banana"], ["adjust", "kiwi=+1", "--dry-run"]] {
                let text = try await sandbox.juice(arguments: arguments + ["--inventory", "state/gangnm.yaml"])
                #expect(text.exitCode == 0, "\(arguments)")
                #expect(text.stderr == note, "\(arguments)")
                let json = try await sandbox.juice(
                    arguments: arguments + ["--inventory", "state/gangnm.yaml", "--format", "json"])
                #expect(json.exitCode == 0, "\(arguments)")
                #expect(json.stderr == "", "\(arguments)")
            }
            #expect(!sandbox.exists("state/gangnm.yaml"))

            let make = try await sandbox.juice("make", "strawberryBanana", "--inventory", "state/gangnm.yaml")
            #expect(make.exitCode == 0)
            #expect(make.stdout == "Strawberry Banana Juice is ready. Enjoy!\nStock: Strawberry 0, Banana 9\n")
            #expect(make.stderr == note)
            // Now it exists: no note.
            let again = try await sandbox.juice("report", "--inventory", "state/gangnm.yaml")
            #expect(again.exitCode == 0)
            #expect(again.stderr == "")
        }
    }

    // MARK: - Other users (8, and 3 for a folder that cannot be entered)

    /// Tests that run `juice` as throwaway users of a throwaway group, one
    /// at a time (useradd and userdel lock the user database).
    @Suite(.serialized, .enabled(if: ThrowawayStaff.isPossible, ThrowawayStaff.whyNot))
    struct OtherUsers {
        /// Defect 8: in a setgid shop folder under `umask 002`, the first
        /// user's inventory and lock were 0644, so a second user of the
        /// shop's group could not take the lock (73).
        @Test func twoUsersOfAShopsGroupShareOneInventory() async throws {
            try await ThrowawayStaff.with(members: 2) { staff in
                try await SharedFolder.with(group: staff.groupID, mode: 0o2775) { shop in
                    let (first, second) = (staff.members[0], staff.members[1])
                    let created = try await runJuice(["adjust", "kiwi=+1"], in: shop, umask: "002", as: first)
                    #expect(created.exitCode == 0)
                    #expect(created.stdout == "Kiwi: 10 → 11\n")
                    #expect(created.stderr == Sandbox.builtinNote + Sandbox.absentNote())
                    for name in ["inventory.yaml", "inventory.yaml.lock"] {
                        let info = try #require(status(shop.appendingPathComponent(name).path))
                        #expect(info.st_mode == S_IFREG | 0o664, "\(name)")
                        #expect(info.st_uid == first.uid, "\(name)")
                        #expect(info.st_gid == staff.groupID, "\(name)")
                    }

                    let changed = try await runJuice(["adjust", "kiwi=+1"], in: shop, umask: "002", as: second)
                    #expect(changed.exitCode == 0)
                    #expect(changed.stdout == "Kiwi: 11 → 12\n")
                    #expect(changed.stderr == Sandbox.builtinNote)
                    // And back to the first, who no longer owns the file.
                    let back = try await runJuice(["adjust", "kiwi=+1"], in: shop, umask: "002", as: first)
                    #expect(back.exitCode == 0)
                    #expect(back.stdout == "Kiwi: 12 → 13\n")
                    #expect(back.stderr == Sandbox.builtinNote)

                    let inventory = shop.appendingPathComponent("inventory.yaml").path
                    let info = try #require(status(inventory))
                    #expect(info.st_mode == S_IFREG | 0o664)
                    #expect(info.st_gid == staff.groupID)
                    let text = try String(contentsOfFile: inventory, encoding: .utf8)
                    #expect(text.contains("\nkiwi: 13\n"), "\(text)")
                    #expect(
                        try FileManager.default.contentsOfDirectory(atPath: shop.path).sorted() == [
                            "inventory.yaml", "inventory.yaml.journal", "inventory.yaml.lock",
                        ])
                    // The journal, which both users append to, is the group's too.
                    let journal = try #require(status(inventory + ".journal"))
                    #expect(journal.st_mode == S_IFREG | 0o664)
                    #expect(journal.st_gid == staff.groupID)
                }
            }
        }

        /// Defect 8: a lock file that another member of the shop made under
        /// `umask 022`, which this user may not write, is still taken
        /// (read-only), and the inventory replaced keeps its mode and group.
        @Test func aLockAnotherUserMadeReadOnlyIsStillTaken() async throws {
            try await ThrowawayStaff.with(members: 2) { staff in
                try await SharedFolder.with(group: staff.groupID, mode: 0o2775) { shop in
                    let (first, second) = (staff.members[0], staff.members[1])
                    let created = try await runJuice(["adjust", "kiwi=+1"], in: shop, umask: "022", as: first)
                    #expect(created.exitCode == 0)
                    let lock = try #require(status(shop.appendingPathComponent("inventory.yaml.lock").path))
                    #expect(lock.st_mode == S_IFREG | 0o644)

                    let changed = try await runJuice(["adjust", "kiwi=+1"], in: shop, umask: "002", as: second)
                    #expect(changed.exitCode == 0)
                    #expect(changed.stdout == "Kiwi: 11 → 12\n")
                    #expect(changed.stderr == Sandbox.builtinNote)
                    let inventory = shop.appendingPathComponent("inventory.yaml").path
                    let info = try #require(status(inventory))
                    #expect(info.st_mode == S_IFREG | 0o644)
                    #expect(info.st_gid == staff.groupID)
                    let text = try String(contentsOfFile: inventory, encoding: .utf8)
                    #expect(text.contains("\nkiwi: 12\n"), "\(text)")
                    let after = try #require(status(shop.appendingPathComponent("inventory.yaml.lock").path))
                    #expect(after.st_uid == first.uid)
                    #expect(after.st_mode == S_IFREG | 0o644)
                }
            }
        }

        /// Defect 3, for a user who may not enter `recipes/`: the menu there
        /// cannot be read, which is an error, never the built-in menu. (Root
        /// enters any folder, so this runs as another user.)
        @Test func aDefaultMenuInAFolderThatCannotBeEnteredIsAnError() async throws {
            try await ThrowawayStaff.with(members: 1) { staff in
                try await SharedFolder.with(group: staff.groupID, mode: 0o777) { shop in
                    let recipes = shop.appendingPathComponent("recipes")
                    try FileManager.default.createDirectory(at: recipes, withIntermediateDirectories: false)
                    try Data("fruits: { kiwi: 10 }\nrecipes: { kiwi: { kiwi: 3 } }\n".utf8).write(
                        to: recipes.appendingPathComponent("menu.yaml"))
                    #expect(chmod(recipes.path, 0o000) == 0)
                    for arguments in [["make", "kiwi"], ["report"]] {
                        let result = try await runJuice(arguments, in: shop, umask: "002", as: staff.members[0])
                        #expect(result.exitCode == 74, "\(arguments)")
                        #expect(result.stdout == "")
                        #expect(result.stderr == "error: recipes/menu.yaml: cannot read: Permission denied\n")
                    }
                    #expect(try FileManager.default.contentsOfDirectory(atPath: shop.path) == ["recipes"])
                }
            }
        }
    }
}

// MARK: - Helpers

/// Makes a symbolic link at `path` in the sandbox that points to `target`.
private func link(_ sandbox: Sandbox, _ path: String, to target: String, makingFolder: Bool = false) throws {
    if makingFolder {
        try FileManager.default.createDirectory(
            at: sandbox.file(path).deletingLastPathComponent(), withIntermediateDirectories: true)
    }
    try FileManager.default.createSymbolicLink(atPath: sandbox.file(path).path, withDestinationPath: target)
}

/// Where the link at `path` in the sandbox points.
private func destination(_ sandbox: Sandbox, _ path: String) throws -> String {
    try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.file(path).path)
}

/// The `lstat` of `path` (a final link is not followed), or `nil` when
/// nothing is there.
private func status(_ path: String) -> stat? {
    var info = stat()
    return lstat(path, &info) == 0 ? info : nil
}

/// The `lstat` of `path` in the sandbox.
private func status(_ sandbox: Sandbox, _ path: String) -> stat? {
    status(sandbox.file(path).path)
}

/// The kind of file at `path` in the sandbox (`S_IFREG`, `S_IFIFO`, ...),
/// a final link not followed; `nil` when nothing is there.
private func kind(_ sandbox: Sandbox, _ path: String) -> mode_t? {
    status(sandbox, path).map { $0.st_mode & S_IFMT }
}

/// Makes a Unix domain socket at `path` (an absolute path), as a server
/// would, and closes it: the socket file stays.
private func makeSocket(at path: String) throws {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path), "socket path too long: \(path)")
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    try #require(bound == 0, "bind: errno \(errno)")
}

/// Linux's device number of `major` and `minor` (both below 256).
private func deviceNumber(major: UInt64, minor: UInt64) -> dev_t {
    dev_t(major << 8 | minor)
}

/// Runs `juice arguments...` in `directory` under `umask`, as `user` (with
/// setpriv, the user's own group and its other groups) or as this process's
/// user.
private func runJuice(
    _ arguments: [String], in directory: URL, umask: String, as user: ThrowawayStaff.Member? = nil
) async throws -> ProcessResult {
    let built = try #require(JuiceProcess.binary, "no 'juice' executable found")
    // Another user runs the staff's copy: the build folder may sit in a
    // folder only its owner can enter (a home folder of mode 700).
    let binary = user?.juice ?? built
    var command = ["/bin/sh", "-c", "umask \(umask) && exec \"$0\" \"$@\"", binary.path] + arguments
    if let user {
        command = ["/usr/bin/setpriv", "--reuid=\(user.uid)", "--regid=\(user.gid)", "--init-groups"] + command
    }
    let process = try RunningProcess(
        executable: URL(fileURLWithPath: command[0]), arguments: Array(command.dropFirst()), directory: directory,
        environment: JuiceProcess.environment([:]), timeout: 60)
    return await process.result()
}

/// A throwaway group and users in it, made with groupadd and useradd for one
/// test and removed afterwards with userdel and groupdel, with a copy of
/// `juice` they can run. Needs root.
private struct ThrowawayStaff {
    /// One user: a member of the group, with a group of its own.
    struct Member {
        let name: String
        let uid: uid_t
        let gid: gid_t
        /// The copy of `juice` this user runs.
        let juice: URL
    }

    let group: String
    let groupID: gid_t
    let members: [Member]

    private static let tools = [
        "/usr/sbin/groupadd", "/usr/sbin/useradd", "/usr/sbin/userdel", "/usr/sbin/groupdel", "/usr/bin/setpriv",
    ]

    /// Whether users can be made and switched to here: root, with the
    /// tools of Debian's passwd and util-linux.
    static var isPossible: Bool {
        getuid() == 0 && tools.allSatisfy { access($0, X_OK) == 0 }
    }

    /// Why the tests that need other users are skipped, when they are.
    static var whyNot: Comment {
        "running juice as other users needs root and \(tools.joined(separator: ", "))"
    }

    /// Makes the group and `count` users in it, runs `body`, then removes them.
    static func with<T>(members count: Int, _ body: (ThrowawayStaff) async throws -> T) async throws -> T {
        let tag = "jt" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(8).lowercased()
        let juice = try copyOfJuice(in: "/tmp/juice-\(tag)")
        defer { try? FileManager.default.removeItem(at: juice.deletingLastPathComponent()) }
        let group = tag + "g"
        try #require(SystemCommand.status(["/usr/sbin/groupadd", group]) == 0, "groupadd \(group) failed")
        var names: [String] = []
        defer {
            for name in names { _ = SystemCommand.status(["/usr/sbin/userdel", name]) }
            _ = SystemCommand.status(["/usr/sbin/groupdel", group])
        }
        var members: [Member] = []
        for index in 0..<count {
            let name = tag + "u\(index)"
            // -U: a group of the user's own, so that only the setgid folder
            // gives new files the shop's group.
            try #require(
                SystemCommand.status(["/usr/sbin/useradd", "-M", "-U", "-G", group, name]) == 0,
                "useradd \(name) failed")
            names.append(name)
            let entry = try #require(getpwnam(name), "no passwd entry for \(name)")
            members.append(Member(name: name, uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid, juice: juice))
        }
        let groupEntry = try #require(getgrnam(group), "no group entry for \(group)")
        return try await body(ThrowawayStaff(group: group, groupID: groupEntry.pointee.gr_gid, members: members))
    }
}

/// A copy of the built `juice` in a new folder `folder` that every user
/// can enter and run it from (root may run a build in a folder they cannot).
private func copyOfJuice(in folder: String) throws -> URL {
    let built = try #require(JuiceProcess.binary, "no 'juice' executable found")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    try #require(chmod(folder, 0o755) == 0)
    let copy = URL(fileURLWithPath: folder).appendingPathComponent("juice")
    try FileManager.default.copyItem(at: built, to: copy)
    try #require(chmod(copy.path, 0o755) == 0)
    return copy
}

/// A folder under /tmp that other users can reach (the sandbox's folder
/// may be under a private TMPDIR), owned by root and `group`, with `mode`.
private enum SharedFolder {
    static func with<T>(group: gid_t, mode: mode_t, _ body: (URL) async throws -> T) async throws -> T {
        let url = URL(fileURLWithPath: "/tmp/juice-shop-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        defer {
            // A folder a test made unreadable is opened again before removal.
            if let entries = try? FileManager.default.contentsOfDirectory(atPath: url.path) {
                for entry in entries { chmod(url.appendingPathComponent(entry).path, 0o755) }
            }
            try? FileManager.default.removeItem(at: url)
        }
        try #require(chown(url.path, 0, group) == 0)
        try #require(chmod(url.path, mode) == 0)
        return try await body(url)
    }
}

/// Runs `body` with a 1 MiB tmpfs of few inodes mounted at `small/` in the
/// sandbox, every inode but those `before` used taken by empty files
/// (`body` gets the folder and those files' names, sorted), then unmounts
/// it. Needs root and a kernel that lets it mount (this project's machines
/// and CI do); elsewhere the test is recorded as an issue.
private func withInodeStarvedFileSystem(
    in sandbox: Sandbox, before: () async throws -> Void = {}, _ body: (String, [String]) async throws -> Void
) async throws {
    let folder = sandbox.file("small").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try #require(
        SystemCommand.status(["/bin/mount", "-t", "tmpfs", "-o", "size=1m,nr_inodes=16", "tmpfs", folder]) == 0,
        "cannot mount a tmpfs here")
    defer { _ = umount2(folder, Int32(MNT_DETACH)) }
    try await before()
    var fillers: [String] = []
    while true {
        let name = "filler-\(fillers.count)"
        let descriptor = open(folder + "/" + name, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            try #require(errno == ENOSPC, "creating a filler failed with errno \(errno), not ENOSPC")
            break
        }
        close(descriptor)
        fillers.append(name)
        try #require(fillers.count < 1000, "the tmpfs did not run out of inodes")
    }
    try await body(folder, fillers.sorted())
}

/// Paths named inside files (`extends`, a manifest's `menu` and
/// `inventory`) are resolved as the system resolves them too: a `..` after
/// a linked folder leaves the link's target.
@Suite struct NamedPathTests {
    @Test func aManifestReachedThroughALinkedFolderWritesItsStoresOwnInventory() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "chain/shop/menu.yaml", try String(contentsOf: BuiltinMenuCommandTests.repositoryMenu, encoding: .utf8))
            try sandbox.write(
                "chain/shop/stores.yaml", "stores:\n  main: { menu: menu.yaml, inventory: ../state/inv.yaml }\n")
            try sandbox.write("chain/state/inv.yaml", "kiwi: 1\n")
            try sandbox.write("state/inv.yaml", "kiwi: 500\n")
            try FileManager.default.createSymbolicLink(
                atPath: sandbox.file("L").path, withDestinationPath: "chain/shop")
            let result = try await sandbox.juice("adjust", "kiwi=+1", "--store", "main", "--stores", "L/stores.yaml")
            #expect(result.exitCode == 0)
            #expect(result.stdoutLines == ["Kiwi: 1 → 2"])
            #expect(sandbox.read("state/inv.yaml") == Data("kiwi: 500\n".utf8))
            #expect(try sandbox.stock("chain/state/inv.yaml")["kiwi"] == 2)
        }
    }

    @Test func aParentReachedThroughALinkedFolderIsTheOneTheSystemFinds() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("chain/base/menu.yaml", "fruits: { kiwi: 10 }\nrecipes: { kiwi: { kiwi: 3 } }\n")
            try sandbox.write("chain/stores/s.yaml", "extends: ../base/menu.yaml\n")
            try sandbox.write("base/menu.yaml", "fruits: { poison: 10 }\nrecipes: { poison: { poison: 1 } }\n")
            try FileManager.default.createSymbolicLink(
                atPath: sandbox.file("S").path, withDestinationPath: "chain/stores")
            let result = try await sandbox.juice("menu", "--menu", "S/s.yaml", "--format", "csv")
            #expect(result.exitCode == 0)
            #expect(
                result.stdoutLines == [
                    "kind,id,name,stock,uses,price,cost,par,reorder,pack,supplier,minimum",
                    "fruit,kiwi,kiwi,10,,,,,,,,",
                    "recipe,kiwi,kiwi,,kiwi:3,,,,,,,",
                ])
            // A diagnostic in that parent names it by the path as joined,
            // since folding its `..` would name another file.
            try sandbox.write("chain/base/menu.yaml", "fruits: { kiwi: 10 }\nrecipes: { kiwi: { kiwii: 3 } }\n")
            let broken = try await sandbox.juice("validate", "S/s.yaml")
            #expect(
                broken.stderrLines == [
                    "S/../base/menu.yaml:1:11: warning: fruit 'kiwi' is used by no recipe [unused-fruit]",
                    "S/../base/menu.yaml:2:20: error: unknown fruit 'kiwii' in recipe 'kiwi' (did you mean 'kiwi'?) [unknown-fruit]",
                ])
        }
    }
}
