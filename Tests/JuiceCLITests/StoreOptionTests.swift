import Foundation
import TestSupport
import Testing

/// `--store NAME` (SPEC 8): a store's menu and inventory come from the stores
/// manifest, so that its stock is never changed against the wrong menu; and
/// empty file names are usage errors. Defect 12 of the path issue: a new
/// user had to pair `--menu` and `--inventory` by hand for each store.
@Suite struct StoreOptionTests {
    /// The last line of the argument parser's usage error for `make`.
    static let usageHint = "  See 'juice make --help' for more information."

    /// An option of one value given twice is a usage error naming it, for
    /// every command: the argument parser kept the last one silently, so
    /// `make --store gangnam --store jamsil` made at jamsil alone.
    @Test func anOptionOfOneValueGivenTwiceIsAUsageErrorNamingIt() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let gangnam = sandbox.read("state/gangnam.yaml")
            let make = try await sandbox.juice("make", "strawberryBanana", "--store", "gangnam", "--store=jamsil")
            #expect(make.exitCode == 64)
            #expect(
                make.stderrLines
                    == ["error: --store is given 2 times (gangnam, jamsil): it takes one value; give it once"])
            #expect(make.stdout == "")
            #expect(!sandbox.exists("state/jamsil.yaml") && sandbox.read("state/gangnam.yaml") == gangnam)
            let korean = try await sandbox.juice(
                "make", "strawberryBanana", "--store", "gangnam", "--store", "jamsil", "--locale", "ko")
            #expect(korean.exitCode == 64)
            #expect(
                korean.stderrLines == [
                    "오류: --store 옵션이 2번 주어졌습니다 (gangnam, jamsil): 값을 하나만 받으니 한 번만 쓰세요"
                ])
            let format = try await sandbox.juice("report", "--format", "text", "--format", "csv", "--format", "json")
            #expect(format.exitCode == 64)
            #expect(
                try format.json() == [
                    "ok": false, "error": "usage",
                    "message": "--format is given 3 times (text, csv, json): it takes one value; give it once",
                    "diagnostics": [],
                ], "\(format.stdout)")
            try sandbox.write("day.csv", "time,item,quantity\n2026-11-28T09:00:00Z,Banana Juice,1\n")
            let importing = try await sandbox.juice(
                "import", "day.csv", "--from", "csv", "--store", "gangnam", "--from", "square", "--dry-run")
            #expect(importing.exitCode == 64)
            #expect(
                importing.stderrLines
                    == ["error: --from is given 2 times (csv, square): it takes one value; give it once"])
            // An option of several values may be given again: the export is read.
            let locations = try await sandbox.juice(
                "import", "day.csv", "--stores", "recipes/stores.yaml", "--location", "a=gangnam", "--location",
                "b=jamsil", "--dry-run")
            #expect(!locations.stderr.contains("is given"), "\(locations.stderr)")
            #expect(locations.stderr.contains("[format-guessed]"), "\(locations.stderr)")
        }
    }

    @Test func makeWithAStoreChangesItsInventoryAgainstItsOwnMenu() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let result = try await sandbox.juice("make", "strawberryBanana", "--store", "gangnam")
            #expect(result.exitCode == 0)
            #expect(result.stdout == "Strawberry Banana Juice is ready. Enjoy!\nStock: Strawberry 12, Banana 2\n")
            #expect(result.stderr == "")
            // Gangnam's menu has no mango: the file written has every fruit of that menu, and no mango.
            #expect(
                try sandbox.stock("state/gangnam.yaml") == ["strawberry": 12, "banana": 2, "pineapple": 7, "kiwi": 4])
            #expect(!sandbox.exists("inventory.yaml"))

            let adjusted = try await sandbox.juice("adjust", "kiwi=+1", "--store", "gangnam", "--format", "json")
            #expect(adjusted.exitCode == 0)
            #expect(adjusted.stderr == "")
            #expect(
                try adjusted.json()["inventory"] == json(["strawberry": 12, "banana": 2, "pineapple": 7, "kiwi": 5]))
        }
    }

    @Test func anUnknownStoreIsAUsageErrorWithDidYouMean() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let before = sandbox.read("state/gangnam.yaml")
            let message =
                "no store 'gangnm' in recipes/stores.yaml (did you mean 'gangnam'?); its stores: gangnam, hongdae, jamsil, seoulStation"
            let text = try await sandbox.juice("make", "strawberryBanana", "--store", "gangnm")
            #expect(text.exitCode == 64)
            #expect(text.stdout == "")
            #expect(text.stderr == "error: \(message)\n")

            let result = try await sandbox.juice("make", "strawberryBanana", "--store", "gangnm", "--format", "json")
            #expect(result.exitCode == 64)
            #expect(result.stderr == "")
            #expect(try result.json()["error"] == "usage")
            #expect(try result.json()["message"] == .string(message))
            #expect(sandbox.read("state/gangnam.yaml") == before)
            #expect(!sandbox.exists("state/gangnm.yaml"))
        }
    }

    @Test(arguments: [["--menu", "recipes/menu.yaml"], ["--inventory", "state/gangnam.yaml"]])
    func aStoreCannotBeCombinedWithMenuOrInventory(_ option: [String]) async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let before = sandbox.read("state/gangnam.yaml")
            let result = try await sandbox.juice(arguments: ["make", "banana", "--store", "gangnam"] + option)
            #expect(result.exitCode == 64)
            #expect(result.stdout == "")
            #expect(
                result.stderrLines.first
                    == "error: --store takes the store's menu and inventory from the stores manifest; it cannot be used with --menu or --inventory"
            )
            #expect(result.stderrLines.last == Self.usageHint)
            #expect(sandbox.read("state/gangnam.yaml") == before)
        }
    }

    @Test func aStoreWithoutAnInventoryCanBeReportedButNotChanged() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let refusal =
                "error: store 'seoulStation' has no inventory in recipes/stores.yaml, so its stock cannot be changed: add `inventory: FILE` to its entry\n"
            for arguments in [["make", "strawberryBanana"], ["adjust", "kiwi=+1"]] {
                let result = try await sandbox.juice(arguments: arguments + ["--store", "seoulStation"])
                #expect(result.exitCode == 64, "\(arguments)")
                #expect(result.stdout == "")
                #expect(result.stderr == refusal)
            }
            #expect(!sandbox.exists("inventory.yaml"))

            // Its report is its menu's initial stock, with no note: it names no file.
            let report = try await sandbox.juice("report", "--store", "seoulStation")
            #expect(report.exitCode == 0)
            #expect(report.stderr == "")
            let initial = try await sandbox.juice("report", "--menu", "recipes/menu.yaml", "--inventory", "none.yaml")
            #expect(initial.exitCode == 0)
            #expect(report.stdout == initial.stdout)
            let inJSON = try await sandbox.juice("report", "--store", "seoulStation", "--format", "json")
            #expect(inJSON.exitCode == 0)
            #expect(try inJSON.json()["inventory"] == json(originalStock()))
        }
    }

    @Test(arguments: [[String](), ["--format", "json"], ["--format", "csv"]])
    func aReportOfAStoreIsTheReportOfItsMenuAndInventory(_ format: [String]) async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let byName = try await sandbox.juice(arguments: ["report", "--store", "hongdae"] + format)
            let byFiles = try await sandbox.juice(
                arguments: ["report", "--menu", "recipes/stores/hongdae.yaml", "--inventory", "state/hongdae.yaml"]
                    + format)
            #expect(byName.exitCode == 0)
            #expect(byFiles.exitCode == 0)
            #expect(byName.stderr == "")
            #expect(byName.stdout == byFiles.stdout)
            // Hongdae's own fruit is there: its menu was used, not the chain's.
            #expect(byName.stdout.contains(format.isEmpty ? "Peach" : "peach"))
        }
    }

    @Test func storesNamesTheManifestInWhichStoreLooks() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            try sandbox.write(
                "other/chain.yaml",
                "stores:\n  north: { menu: ../recipes/stores/hongdae.yaml, inventory: north.yaml }\n")
            let result = try await sandbox.juice(
                "adjust", "kiwi=+2", "--stores", "other/chain.yaml", "--store", "north")
            #expect(result.exitCode == 0)
            #expect(result.stdout == "Kiwi: 10 → 12\n")
            #expect(result.stderr == Sandbox.absentNote("other/north.yaml"))
            // Hongdae's menu, with its peach.
            #expect(try sandbox.stock("other/north.yaml") == originalStock(["kiwi": 12, "peach": 12]))

            let elsewhere = try await sandbox.juice(
                "report", "--stores", "other/chain.yaml", "--store", "gangnam")
            #expect(elsewhere.exitCode == 64)
            #expect(elsewhere.stdout == "")
            #expect(elsewhere.stderr == "error: no store 'gangnam' in other/chain.yaml; its stores: north\n")
        }
    }

    @Test(arguments: [["make", "banana"], ["adjust", "kiwi=+1"]])
    func changingCommandsNeedStoreToUseStores(_ command: [String]) async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let result = try await sandbox.juice(arguments: command + ["--stores", "recipes/stores.yaml"])
            #expect(result.exitCode == 64)
            #expect(result.stdout == "")
            #expect(
                result.stderrLines.first
                    == "error: --stores names the manifest in which --store NAME finds the store; add --store"
            )
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    @Test func aRefusedMakeForAStoreSuggestsAnAdjustOfThatStore() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let before = sandbox.read("state/gangnam.yaml")
            let result = try await sandbox.juice("make", "strawberry=2", "--store", "gangnam")
            #expect(result.exitCode == 1)
            #expect(result.stdout == "")
            #expect(
                result.stderr
                    == "error: not enough fruit; nothing was made\n"
                    + "  Strawberry: 32 needed, 22 in stock, 10 more needed\n"
                    + "To add them: juice adjust strawberry=+10 --reason delivery --store gangnam\n")
            #expect(sandbox.read("state/gangnam.yaml") == before)
        }
    }

    @Test func validateWithAStoreChecksThatStoresMenuAndInventory() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let ok = try await sandbox.juice("validate", "--store", "jamsil")
            #expect(ok.exitCode == 0)
            #expect(ok.stderr == "")
            #expect(
                ok.stdoutLines == [
                    "recipes/stores/jamsil.yaml: ok", "state/jamsil.yaml: ok (absent: the menu's initial stock)",
                ])

            let place = try ExampleChain.breakJamsil(sandbox)
            let broken = try await sandbox.juice("validate", "--store", "jamsil")
            #expect(broken.exitCode == 65)
            #expect(broken.stderrLines == [ExampleChain.jamsilTypoLine(place)])

            // Gangnam's inventory is checked against gangnam's menu, which has no mango.
            try sandbox.write("state/gangnam.yaml", "kiwi: 4\nmango: 3\n")
            let inventory = try await sandbox.juice("validate", "--store", "gangnam")
            #expect(inventory.exitCode == 65)
            #expect(inventory.stdoutLines.first == "recipes/stores/gangnam.yaml: ok")
            #expect(inventory.stderrLines.count == 1)
            #expect(
                inventory.stderrLines.first?.hasPrefix("state/gangnam.yaml:2:1: error: unknown fruit 'mango'") == true,
                "\(inventory.stderr)")
        }
    }

    @Test(arguments: [
        (["report", "--inventory", ""], "error: --inventory needs a file name, not an empty one"),
        (["report", "--menu", ""], "error: --menu needs a file name, not an empty one"),
        (["report", "--stores", ""], "error: --stores needs a file name, not an empty one"),
        (["validate", "--stores", ""], "error: --stores needs a file name, not an empty one"),
        (["adjust", "kiwi=+1", "--inventory", ""], "error: --inventory needs a file name, not an empty one"),
        (["make", "kiwi", "--store", ""], "error: --store needs a store's name, not an empty one"),
    ])
    func anEmptyFileNameIsAUsageError(_ arguments: [String], _ message: String) async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice(arguments: arguments)
            #expect(result.exitCode == 64)
            #expect(result.stdout == "")
            #expect(result.stderrLines.first == message)
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path) == [])
        }
    }
}
