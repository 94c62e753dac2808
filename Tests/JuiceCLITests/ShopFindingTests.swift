import Foundation
import TestSupport
import Testing

/// `juice` finds the shop from a sub-folder as git finds its repository:
/// the nearest folder, this one or a parent, holding `recipes/menu.yaml`
/// or `recipes/stores.yaml`; the default files are that folder's.
@Suite struct ShopFindingTests {
    static let menu =
        "fruits:\n  lime: 7\n  mint: 4\nrecipes:\n  limeade: { lime: 2 }\n  mojito: { lime: 1, mint: 2 }\n"

    /// The sandbox's folder without symbolic links, as the note says it.
    static func realPath(_ sandbox: Sandbox) -> String {
        sandbox.url.resolvingSymlinksInPath().path
    }

    /// A shop with the menu, and the empty folder `a/b` inside it.
    static func shop(_ sandbox: Sandbox) throws {
        try sandbox.write("recipes/menu.yaml", menu)
        try FileManager.default.createDirectory(at: sandbox.file("a/b"), withIntermediateDirectories: true)
    }

    @Test func aSubFolderUsesTheShopsMenuAndInventoryAndSaysWhichShop() async throws {
        try await Sandbox.with { sandbox in
            try Self.shop(sandbox)
            let made = try await JuiceProcess.run(["make", "limeade"], in: sandbox.file("a/b"))
            #expect(made.exitCode == 0)
            #expect(
                made.stderr == "note: using the shop in \(Self.realPath(sandbox)) (../..)\n"
                    + Sandbox.absentNote("../../inventory.yaml"))
            #expect(try sandbox.stock() == ["lime": 5, "mint": 4])
            #expect(sandbox.exists("inventory.yaml.journal"))
            #expect(!sandbox.exists("a/b/inventory.yaml"))
            // JSON says nothing on stderr.
            let json = try await JuiceProcess.run(["make", "mojito", "--format", "json"], in: sandbox.file("a"))
            #expect(json.exitCode == 0)
            #expect(json.stderr == "")
            #expect(try sandbox.stock() == ["lime": 4, "mint": 2])
        }
    }

    @Test func theShopItselfSaysNothingAboutItself() async throws {
        try await Sandbox.with { sandbox in
            try Self.shop(sandbox)
            try sandbox.write("inventory.yaml", "lime: 3\nmint: 0\n")
            let report = try await sandbox.juice("report", "--format", "csv")
            #expect(report.exitCode == 0)
            #expect(report.stderr == "")
        }
    }

    @Test func menuAndInventoryOptionsStayExact() async throws {
        try await Sandbox.with { sandbox in
            try Self.shop(sandbox)
            // --inventory is relative to this folder; the menu is the shop's.
            let made = try await JuiceProcess.run(
                ["make", "limeade", "--inventory", "here.yaml", "--format", "json"], in: sandbox.file("a/b"))
            #expect(made.exitCode == 0)
            #expect(try sandbox.stock("a/b/here.yaml") == ["lime": 5, "mint": 4])
            #expect(!sandbox.exists("inventory.yaml"))
            // --menu is relative to this folder too: there is none here.
            let missing = try await JuiceProcess.run(
                ["report", "--menu", "recipes/menu.yaml", "--format", "json"], in: sandbox.file("a/b"))
            #expect(missing.exitCode == 66)
        }
    }

    @Test func aStoreOfTheShopAboveIsNotedOnceInTextOnly() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "recipes/stores.yaml", "stores:\n  north: { menu: north.yaml, inventory: north.stock.yaml }\n")
            try sandbox.write("recipes/north.yaml", Self.menu)
            try sandbox.write("recipes/north.stock.yaml", "lime: 7\nmint: 4\n")
            try FileManager.default.createDirectory(at: sandbox.file("a/b"), withIntermediateDirectories: true)
            let note = "note: using the shop in \(Self.realPath(sandbox)) (../..)\n"
            for command in [["report"], ["make", "limeade", "--dry-run"], ["usage"], ["variance"], ["log"]] {
                let text = try await JuiceProcess.run(command + ["--store", "north"], in: sandbox.file("a/b"))
                #expect(text.exitCode == 0, "\(command)")
                #expect(text.stderr == note, "\(command)")
                let quiet = try await JuiceProcess.run(
                    command + ["--store", "north", "--quiet"], in: sandbox.file("a/b"))
                #expect(quiet.exitCode == 0, "\(command)")
                #expect(quiet.stderr == "", "\(command)")
                let json = try await JuiceProcess.run(
                    command + ["--store", "north", "--format", "json"], in: sandbox.file("a/b"))
                #expect(json.exitCode == 0, "\(command)")
                #expect(json.stderr == "", "\(command)")
            }
            // From the shop itself, nothing is said.
            let here = try await sandbox.juice("report", "--store", "north")
            #expect(here.exitCode == 0)
            #expect(here.stderr == "")
        }
    }

    @Test func aStoresManifestMarksTheShopForStore() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "recipes/stores.yaml", "stores:\n  north: { menu: north.yaml, inventory: north.stock.yaml }\n")
            try sandbox.write("recipes/north.yaml", Self.menu)
            try FileManager.default.createDirectory(at: sandbox.file("sub"), withIntermediateDirectories: true)
            let made = try await JuiceProcess.run(
                ["make", "mojito", "--store", "north", "--format", "json"], in: sandbox.file("sub"))
            #expect(made.exitCode == 0)
            #expect(try sandbox.stock("recipes/north.stock.yaml") == ["lime": 6, "mint": 2])
        }
    }

    @Test func noShopAboveBehavesAsBeforeWithANote() async throws {
        try await Sandbox.with { sandbox in
            let report = try await sandbox.juice("make", "banana")
            #expect(report.exitCode == 0)
            #expect(
                report.stderr == Sandbox.builtinNote + Sandbox.absentNote())
            #expect(try sandbox.stock() == ["strawberry": 10, "banana": 8, "pineapple": 10, "kiwi": 10, "mango": 10])
            let quiet = try await sandbox.juice("report", "--quiet")
            #expect(quiet.stderr == "")
            let json = try await sandbox.juice("report", "--format", "json")
            #expect(json.stderr == "")
        }
    }

    @Test func theSearchStopsBelowACeiling() async throws {
        try await Sandbox.with { sandbox in
            try Self.shop(sandbox)
            let report = try await JuiceProcess.run(
                ["report", "--format", "json"], in: sandbox.file("a/b"),
                environment: ["JUICE_CEILING_DIRECTORIES": "/nowhere:" + sandbox.file("a").path])
            #expect(report.exitCode == 0)
            let fruits = try report.json()["inventory"]
            #expect(fruits == JSON.object(["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 10]))
        }
    }
}
