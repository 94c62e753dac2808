import Foundation
import Testing

/// `juice validate`: every problem, at its place, in each format.
@Suite struct ValidateCommandTests {
    /// Strawberry is used by the strawberry juice, so the typo is the only problem.
    static let typoMenu = """
        fruits:
          strawberry: 10
          banana: 10
        recipes:
          strawberry: { strawberry: 16 }
          strawberryBanana:
            name: Strawberry Banana Juice
            uses: { strawbery: 10, banana: 1 }

        """

    static let typoMessage = "unknown fruit 'strawbery' in recipe 'strawberryBanana' (did you mean 'strawberry'?)"

    @Test func aTypoInARecipeIsReportedAtTheFruitWithDidYouMean() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.typoMenu)
            let place = try #require(position(of: "strawbery", in: Self.typoMenu))
            #expect(place.line == 8 && place.column == 13)
            let result = try await sandbox.juice("validate", "menu.yaml")
            #expect(result.exitCode == 65)
            #expect(
                result.stderrLines == [
                    "menu.yaml:\(place.line):\(place.column): error: \(Self.typoMessage) [unknown-fruit]"
                ])
        }
    }

    @Test func aTypoInJSONIsOneDiagnosticObject() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.typoMenu)
            let result = try await sandbox.juice("validate", "menu.yaml", "--format", "json")
            #expect(result.exitCode == 65)
            #expect(result.stderr == "")
            let expected: JSON = [
                "diagnostics": [
                    [
                        "file": "menu.yaml", "line": 8, "column": 13, "severity": "error", "code": "unknown-fruit",
                        "message": .string(Self.typoMessage),
                    ]
                ]
            ]
            #expect(try result.json() == expected)
        }
    }

    @Test func aTypoInGitHubFormatIsAnErrorAnnotation() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.typoMenu)
            let result = try await sandbox.juice("validate", "menu.yaml", "--format", "github")
            #expect(result.exitCode == 65)
            #expect(result.stdoutLines.count == 1)
            let line = try #require(result.stdoutLines.first)
            #expect(line.hasPrefix("::error file=menu.yaml,line=8,col=13::\(Self.typoMessage)"), "stdout: \(line)")
        }
    }

    @Test func aTypoInAFileInAFolderIsReportedWithThePathAsGiven() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/stores/gangnam.yaml", Self.typoMenu)
            let result = try await sandbox.juice("validate", "recipes/stores/gangnam.yaml")
            #expect(result.exitCode == 65)
            #expect(
                result.stderrLines == ["recipes/stores/gangnam.yaml:8:13: error: \(Self.typoMessage) [unknown-fruit]"])
        }
    }

    @Test func columnsCountCharactersNotBytes() async throws {
        try await Sandbox.with { sandbox in
            let menu = """
                fruits: { strawberry: 10, banana: 10 }
                recipes:
                  strawberry: { strawberry: 16 }
                  strawberryBanana: { name: { ko: 딸바쥬스 }, uses: { strawbery: 10, banana: 1 } }

                """
            try sandbox.write("menu.yaml", menu)
            let place = try #require(position(of: "strawbery", in: menu))
            #expect(place.line == 4 && place.column == 51)
            let result = try await sandbox.juice("validate", "menu.yaml")
            #expect(result.exitCode == 65)
            #expect(result.stderrLines == ["menu.yaml:4:51: error: \(Self.typoMessage) [unknown-fruit]"])
        }
    }

    @Test func everyProblemIsReportedNotJustTheFirst() async throws {
        try await Sandbox.with { sandbox in
            let menu = """
                fruits:
                  banana: 10
                  kiwi: 10
                recipes:
                  banana: { bananna: 2 }
                  kiwi: { kiwi: 0 }
                  mango: { banana: 1, nmae: 2 }

                """
            try sandbox.write("menu.yaml", menu)
            let result = try await sandbox.juice("validate", "menu.yaml", "--format", "json")
            #expect(result.exitCode == 65)
            let found = try result.json()["diagnostics"]?.items.map { diagnostic in
                "\(diagnostic["line"] ?? nil):\(diagnostic["column"] ?? nil) \(diagnostic["code"] ?? nil)"
            }
            #expect(found == ["5:13 \"unknown-fruit\"", "6:17 \"invalid-quantity\"", "7:23 \"unknown-fruit\""])
        }
    }

    @Test func aDuplicateKeyIsReportedAtTheSecondWithANoteAtTheFirst() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", "fruits:\n  banana: 1\n  banana: 2\nrecipes:\n  banana: { banana: 1 }\n")
            let result = try await sandbox.juice("validate", "menu.yaml")
            #expect(result.exitCode == 65)
            #expect(result.stderrLines.first?.hasPrefix("menu.yaml:3:3: error: ") == true, "stderr: \(result.stderr)")
            #expect(result.stderrLines.first?.hasSuffix("[duplicate-key]") == true)
            #expect(result.stderrLines.contains { $0.hasPrefix("menu.yaml:2:3: note: ") }, "stderr: \(result.stderr)")
        }
    }

    @Test func anUnusedFruitIsAWarningThatDoesNotFail() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", "fruits:\n  banana: 10\n  lime: 3\nrecipes:\n  banana: { banana: 2 }\n")
            let result = try await sandbox.juice("validate", "menu.yaml")
            #expect(result.exitCode == 0)
            #expect(result.stderrLines == ["menu.yaml:3:3: warning: fruit 'lime' is used by no recipe [unused-fruit]"])

            let output = try await sandbox.juice("validate", "menu.yaml", "--format", "json")
            #expect(output.exitCode == 0)
            #expect(try output.json()["diagnostics"]?[0]?["severity"] == "warning")
            #expect(try output.json()["diagnostics"]?[0]?["code"] == "unused-fruit")

            let github = try await sandbox.juice("validate", "menu.yaml", "--format", "github")
            #expect(github.exitCode == 0)
            #expect(
                github.stdoutLines.first?.hasPrefix(
                    "::warning file=menu.yaml,line=3,col=3::fruit 'lime' is used by no recipe") == true,
                "stdout: \(github.stdout)")
        }
    }

    @Test func userMetadataKeysAreIgnored() async throws {
        try await Sandbox.with { sandbox in
            let menu = """
                x-owner: me
                fruits:
                  banana: { stock: 3, x-color: yellow }
                recipes:
                  banana: { banana: 1, x-note: hi }
                  bigBanana: { uses: { banana: 2 }, x-size: large }

                """
            try sandbox.write("menu.yaml", menu)
            let result = try await sandbox.juice("validate", "menu.yaml")
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
        }
    }

    @Test func theRepositoryMenuIsValid() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", bytes: Array(try Data(contentsOf: BuiltinMenuTests.repositoryMenu)))
            let result = try await sandbox.juice("validate", "recipes/menu.yaml", "--format", "json")
            #expect(result.exitCode == 0)
            #expect(try result.json() == ["diagnostics": []])
        }
    }

    @Test func aMissingFileExits66() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("validate", "missing.yaml")
            #expect(result.exitCode == 66)
            #expect(result.stderr.contains("missing.yaml"), "stderr: \(result.stderr)")
            let json = try await sandbox.juice("validate", "missing.yaml", "--format", "json")
            #expect(json.exitCode == 66)
            #expect(json.stderr == "")
        }
    }

    @Test func aFileThatCannotBeReadExits74AsAnIOErrorNotASyntaxError() async throws {
        try await Sandbox.with { sandbox in
            try FileManager.default.createDirectory(at: sandbox.file("dir.yaml"), withIntermediateDirectories: false)
            let result = try await sandbox.juice("validate", "dir.yaml")
            #expect(result.exitCode == 74)
            #expect(result.stderr == "error: dir.yaml: cannot read: it is a directory\n")
            let json = try await sandbox.juice("validate", "dir.yaml", "--format", "json")
            #expect(json.exitCode == 74)
            #expect(
                try json.json() == [
                    "ok": false, "error": "io-error", "message": "dir.yaml: cannot read: it is a directory",
                    "diagnostics": [],
                ])
        }
    }

    @Test func withNoFileTheDefaultMenuAndInventoryAreChecked() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", "fruits:\n  banana: 10\nrecipes:\n  banana: { banana: 2 }\n")
            try sandbox.write("inventory.yaml", "banana: 3\nlemon: 2\n")
            let result = try await sandbox.juice("validate")
            #expect(result.exitCode == 65)
            #expect(result.stderrLines.count == 1)
            let line = try #require(result.stderrLines.first)
            #expect(line.hasPrefix("inventory.yaml:2:1: error: "), "stderr: \(line)")
            #expect(line.contains("'lemon'"))
            #expect(line.hasSuffix(" [unknown-fruit]"))

            let json = try await sandbox.juice("validate", "--format", "json")
            #expect(json.exitCode == 65)
            let diagnostic = try #require(try json.json()["diagnostics"]?[0])
            #expect(diagnostic["file"] == "inventory.yaml")
            #expect(diagnostic["line"] == 2)
            #expect(diagnostic["column"] == 1)
            #expect(diagnostic["severity"] == "error")
            #expect(diagnostic["code"] == "unknown-fruit")
        }
    }

    @Test func anInventoryOptionIsCheckedAgainstTheMenu() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("state/shop.yaml", "banana: 3\nkiwi: 1.5\n")
            let result = try await sandbox.juice("validate", "--inventory", "state/shop.yaml", "--format", "json")
            #expect(result.exitCode == 65)
            let diagnostics = try result.json()["diagnostics"]?.items ?? []
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?["file"] == "state/shop.yaml")
            #expect(diagnostics.first?["line"] == 2)
            #expect(diagnostics.first?["column"] == 7)
            #expect(diagnostics.first?["code"] == "invalid-quantity")
        }
    }

    @Test func withNoFileAndNoMenuTheBuiltInMenuIsValid() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("validate", "--format", "json")
            #expect(result.exitCode == 0)
            #expect(try result.json() == ["diagnostics": []])
        }
    }

    @Test func anAbsentInventoryIsSaidToBeTheInitialStockNotAnError() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("validate", "--inventory", "state/nope.yaml")
            #expect(result.exitCode == 0)
            #expect(
                result.stdoutLines == ["<built-in menu>: ok", "state/nope.yaml: ok (absent: the menu's initial stock)"])
            try sandbox.write("inventory.yaml", "kiwi: 3\n")
            let present = try await sandbox.juice("validate")
            #expect(present.stdoutLines == ["<built-in menu>: ok", "inventory.yaml: ok"])
        }
    }

    @Test func aManifestGivenAsAFileIsCheckedWithItsStores() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", try RepositoryMenu.source)
            try sandbox.write(
                "stores.yaml", "stores:\n  a: { menu: menu.yaml }\n  b: { menu: menu.yaml, inventory: b.yaml }\n")
            try sandbox.write("b.yaml", "kiwii: 3\n")
            let result = try await sandbox.juice("validate", "stores.yaml", "menu.yaml")
            #expect(result.exitCode == 65)
            #expect(result.stdoutLines == ["stores.yaml: 1 error (2 stores)", "menu.yaml: ok"])
            #expect(
                result.stderrLines == [
                    "b.yaml:1:1: error: unknown fruit 'kiwii' in the inventory (did you mean 'kiwi'?) [unknown-fruit]"
                ])
        }
    }

    /// A declared fruit with a bad stock is one problem; the recipes that
    /// use it name a fruit the menu does declare, so they are not
    /// `unknown-fruit` errors.
    @Test func aBadStockIsNotAlsoReportedAsAnUnknownFruit() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", "fruits:\n  banana: 1x\nrecipes:\n  banana: { banana: 1 }\n")
            let result = try await sandbox.juice("validate", "menu.yaml", "--format", "json")
            #expect(result.exitCode == 65)
            let codes = try result.json()["diagnostics"]?.items.compactMap { $0["code"]?.string }
            #expect(codes == ["invalid-quantity"])
        }
    }
}
