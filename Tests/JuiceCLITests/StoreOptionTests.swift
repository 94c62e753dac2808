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
