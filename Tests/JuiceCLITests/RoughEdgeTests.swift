import Foundation
import TestSupport
import Testing

/// The small mistakes a new user made on the command line (issue 24), each
/// answered with what to type instead.
@Suite struct RoughEdgeTests {
    /// A menu where a fruit has no recipe of its own name: `juice make
    /// orange` names a fruit.
    static let citrusMenu = """
        fruits:
          orange: { name: { en: Orange, ko: 오렌지 }, stock: 10 }
          lemon: { name: { en: Lemon, ko: 레몬 }, stock: 10 }
          mint: { stock: 3 }
        recipes:
          orangeJuice: { name: { en: Orange Juice, ko: 오렌지주스 }, uses: { orange: 3 } }
          lemonade: { uses: { lemon: 2 } }
          sunrise: { uses: { orange: 1, lemon: 1 } }
          mojito: { uses: { mint: 1, lemon: 1 } }

        """

    @Test(arguments: ["orange", "오렌지", "Orange"])
    func aFruitGivenToMakeNamesTheJuicesThatUseIt(name: String) async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.citrusMenu)
            let make = try await sandbox.juice("make", name)
            #expect(make.exitCode == 64)
            #expect(make.stdout == "")
            #expect(
                make.stderr
                    == "error: '\(name)' is a fruit, not a recipe: the juices that use it are orangeJuice, sunrise; "
                    + "to change its stock, write juice adjust \(name)=+N\n")
            #expect(!sandbox.exists("inventory.yaml"))
            let korean = try await sandbox.juice("make", name, "--locale", "ko")
            #expect(
                korean.stderrLines.last
                    == "오류: '\(name)'는 레시피가 아니라 과일입니다: 이 과일을 쓰는 주스는 orangeJuice, sunrise입니다. "
                    + "재고를 바꾸려면 juice adjust \(name)=+N")
        }
    }

    @Test func aNegativeCountAfterAFruitSaysToJoinThem() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.citrusMenu)
            let text = try await sandbox.juice("adjust", "lemon", "-3")
            #expect(text.exitCode == 64)
            #expect(text.stdout == "")
            #expect(text.stderr == "error: '-3' is not an option: to take 3 off lemon, write lemon=-3\n")
            // 으로 after 삼, 로 after 이.
            let korean = try await sandbox.juice("adjust", "lemon", "-3", "--locale", "ko")
            #expect(korean.stderr == "오류: '-3'은 옵션이 아닙니다: lemon에서 3개를 빼려면 lemon=-3으로 쓰세요\n")
            let two = try await sandbox.juice("adjust", "lemon", "-2", "--locale", "ko")
            #expect(two.stderr == "오류: '-2'는 옵션이 아닙니다: lemon에서 2개를 빼려면 lemon=-2로 쓰세요\n")
            let json = try await sandbox.juice("adjust", "lemon", "-3", "--format", "json")
            #expect(json.exitCode == 64)
            #expect(json.stderr == "")
            #expect(try json.json()["error"] == "usage")
            // The option's value is not a fruit: --reason waste -3 is left
            // to the argument parser.
            let reason = try await sandbox.juice("adjust", "--reason", "waste", "-3")
            #expect(reason.exitCode == 64)
            #expect(!reason.stderr.contains("=-3"))
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    @Test func aManifestGivenAsTheMenuSaysToUseStores() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let result = try await sandbox.juice("report", "--menu", "recipes/stores.yaml")
            #expect(result.exitCode == 65)
            #expect(result.stdout == "")
            #expect(
                result.stderrLines.first
                    == "recipes/stores.yaml:5:1: error: this file is a stores manifest (it has 'stores'), not a menu: "
                    + "give it with --stores, and a store of it with --store NAME [type-mismatch]")
        }
    }

    @Test func aStoreWhoseInventoryFolderIsMissingSaysToCreateIt() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "menus/stores.yaml", "stores:\n  ulsan: { menu: menu.yaml, inventory: ../stock/ulsan.yaml }\n")
            try sandbox.write("menus/menu.yaml", Self.citrusMenu)
            let result = try await sandbox.juice(
                "make", "lemonade", "--store", "ulsan", "--stores", "menus/stores.yaml")
            #expect(result.exitCode == 73)
            #expect(
                result.stderrLines.last
                    == "error: stock/ulsan.yaml: the inventory's folder stock does not exist: create it (mkdir -p stock) "
                    + "or correct the path; nothing was changed")
            #expect(!sandbox.exists("stock"))
            try FileManager.default.createDirectory(at: sandbox.file("stock"), withIntermediateDirectories: true)
            let again = try await sandbox.juice(
                "make", "lemonade", "--store", "ulsan", "--stores", "menus/stores.yaml", "--format", "json")
            #expect(again.exitCode == 0)
            #expect(try sandbox.stock("stock/ulsan.yaml") == ["orange": 10, "lemon": 8, "mint": 3])
        }
    }
}
