import Foundation
import TestSupport
import Testing

/// The menu built into the binary is the repository's recipes/menu.yaml.
@Suite struct BuiltinMenuCommandTests {
    /// recipes/menu.yaml of this repository.
    static let repositoryMenu = Repository.root.appendingPathComponent("recipes/menu.yaml")

    @Test(arguments: [
        ["--format", "json"], ["--format", "json", "--locale", "ko"], ["--format", "csv"], ["--format", "markdown"], [],
    ])
    func theBuiltInMenuReportsLikeTheRepositoryMenu(arguments: [String]) async throws {
        let menu = try Data(contentsOf: Self.repositoryMenu)
        try await Sandbox.with { empty in
            try await Sandbox.with { withMenu in
                try withMenu.write("recipes/menu.yaml", bytes: Array(menu))
                let builtin = try await empty.juice(arguments: ["report"] + arguments)
                let fromFile = try await withMenu.juice(arguments: ["report"] + arguments)
                #expect(builtin.exitCode == 0)
                #expect(fromFile.exitCode == 0)
                #expect(fromFile.stderr == (arguments.contains("json") ? "" : Sandbox.absentNote()))
                #expect(builtin.stdout == fromFile.stdout)
                if arguments.contains("json") {
                    #expect(try builtin.json() == fromFile.json())
                }
            }
        }
    }

    @Test(arguments: [["--format", "json"], ["--format", "csv"], []])
    func theBuiltInMenuPlansLikeTheRepositoryMenu(arguments: [String]) async throws {
        let menu = try Data(contentsOf: Self.repositoryMenu)
        try await Sandbox.with { empty in
            try await Sandbox.with { withMenu in
                try withMenu.write("recipes/menu.yaml", bytes: Array(menu))
                let plan = ["plan", "strawberryBanana=3", "mango=2"] + arguments
                let builtin = try await empty.juice(arguments: plan)
                let fromFile = try await withMenu.juice(arguments: plan)
                #expect(builtin.exitCode == 0)
                #expect(fromFile.exitCode == 0)
                #expect(fromFile.stderr == (arguments.contains("json") ? "" : Sandbox.absentNote()))
                #expect(builtin.stdout == fromFile.stdout)
            }
        }
    }

    @Test func theBuiltInMenuMakesLikeTheRepositoryMenu() async throws {
        let menu = try Data(contentsOf: Self.repositoryMenu)
        try await Sandbox.with { empty in
            try await Sandbox.with { withMenu in
                try withMenu.write("recipes/menu.yaml", bytes: Array(menu))
                for order in ["strawberryBanana", "mangoKiwi=3", "pineapple=5"] {
                    let builtin = try await empty.juice("make", order, "--format", "json")
                    let fromFile = try await withMenu.juice("make", order, "--format", "json")
                    #expect(builtin.exitCode == 0)
                    #expect(try builtin.json() == fromFile.json())
                }
                #expect(try empty.stock() == withMenu.stock())
            }
        }
    }

    @Test func aMenuFileInRecipesIsUsedInsteadOfTheBuiltInOne() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", "fruits:\n  lime: 7\nrecipes:\n  limeade: { lime: 2 }\n")
            let result = try await sandbox.juice("report", "--format", "json")
            #expect(result.exitCode == 0)
            let output = try result.json()
            #expect(output["inventory"] == ["lime": 7])
            #expect(
                output["recipes"] == [
                    [
                        "id": "limeade", "name": "limeade", "uses": ["lime": 2], "servings": 3, "limitedBy": ["lime"],
                        "missing": [:],
                    ]
                ])
        }
    }
}
