import Foundation
import Testing

/// `juice validate`: every problem, at its place, in each format; menus that
/// extend others; and (``Stores``) stores manifests. Its outputs for a typo in
/// the repository's menu (text, JSON, GitHub) are golden files, compared in
/// ``GoldenTests``.
@Suite struct ValidateTests {
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
            try sandbox.write(
                "recipes/menu.yaml", bytes: Array(try Data(contentsOf: BuiltinMenuCommandTests.repositoryMenu)))
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

    @Test func aMissingMenuNamedByMenuExits66() async throws {
        try await CommandChecks.missingMenuExits66(["validate"])
    }

    // MARK: - extends

    @Test func missingParentIsAMissingFileErrorAtTheExtendsEntry() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let text = try ExampleChain.edit(
                sandbox, "recipes/stores/gangnam.yaml", replacing: "extends: ../menu.yaml",
                with: "extends: ../base.yaml")
            let place = try #require(position(of: "../base.yaml", in: text))
            #expect(place.line == 3 && place.column == 10)
            let error =
                "recipes/stores/gangnam.yaml:3:10: error: the menu '../base.yaml' that this menu extends does not exist (recipes/base.yaml) [missing-file]"

            let validate = try await sandbox.juice("validate", "recipes/stores/gangnam.yaml")
            #expect(validate.exitCode == 65)
            #expect(validate.stderrLines.filter { $0.contains(": error: ") } == [error])

            let report = try await sandbox.juice("report", "--menu", "recipes/stores/gangnam.yaml")
            #expect(report.exitCode == 65)
            #expect(report.stdout == "")
            #expect(report.stderrLines.filter { $0.contains(": error: ") } == [error])

            // In a chain, only gangnam is not reported.
            let chain = try await sandbox.juice("report", "--stores", "recipes/stores.yaml", "--format", "csv")
            #expect(chain.exitCode == 65)
            #expect(chain.stderrLines.filter { $0.contains(": error: ") } == [error])
            #expect(Set(csvRows(chain).map { $0[0] }) == ["hongdae", "jamsil", "seoulStation"])

            let json = try await sandbox.juice("validate", "recipes/stores/gangnam.yaml", "--format", "json")
            #expect(json.exitCode == 65)
            let errors = (try json.json()["diagnostics"]?.items ?? []).filter { $0["severity"] == "error" }
            #expect(
                errors == [
                    diagnosticJSON(
                        file: "recipes/stores/gangnam.yaml", line: 3, column: 10, code: "missing-file",
                        message: "the menu '../base.yaml' that this menu extends does not exist (recipes/base.yaml)")
                ])
        }
    }

    @Test func menusThatExtendEachOtherInALoopAreAnExtendsCycleAtTheClosingEntry() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("a.yaml", "extends: b.yaml\nfruits:\n  apple: 1\nrecipes:\n  apple: { apple: 1 }\n")
            try sandbox.write("b.yaml", "extends: [c.yaml]\n")
            try sandbox.write("c.yaml", "# closes the loop\nextends:\n  - a.yaml\n")
            let line =
                "c.yaml:3:5: error: menus extend each other in a loop: a.yaml -> b.yaml -> c.yaml -> a.yaml [extends-cycle]"

            let validate = try await sandbox.juice("validate", "a.yaml")
            #expect(validate.exitCode == 65)
            #expect(validate.stderrLines == [line])
            #expect(validate.stdoutLines == ["a.yaml: 1 error"])

            let report = try await sandbox.juice("report", "--menu", "a.yaml")
            #expect(report.exitCode == 65)
            #expect(report.stdout == "")
            #expect(report.stderrLines == [line])
        }
    }

    @Test func aParentsProblemIsShownOnceWhenSeveralCheckedFilesExtendIt() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", "fruits: { a: 1 }\nrecipes: { a: { b: 1 } }\n")
            try sandbox.write("a.yaml", "extends: menu.yaml\n")
            try sandbox.write("b.yaml", "extends: menu.yaml\n")
            let result = try await sandbox.juice("validate", "a.yaml", "b.yaml")
            #expect(result.exitCode == 65)
            #expect(result.stdoutLines == ["a.yaml: 1 error, 1 warning", "b.yaml: 1 error, 1 warning"])
            #expect(
                result.stderrLines == [
                    "menu.yaml:1:11: warning: fruit 'a' is used by no recipe [unused-fruit]",
                    "menu.yaml:2:17: error: unknown fruit 'b' in recipe 'a' [unknown-fruit]",
                ])
        }
    }

    /// `juice validate` of stores manifests, on the example chain.
    @Suite struct Stores {
        @Test func validateOfTheExampleManifestAsAFileSaysOkWithItsStoreCount() async throws {
            try await Sandbox.with { sandbox in
                try ExampleChain.copy(into: sandbox)
                let result = try await sandbox.juice("validate", "recipes/stores.yaml")
                #expect(result.exitCode == 0)
                #expect(result.stderr == "")
                #expect(result.stdout == "recipes/stores.yaml: ok (4 stores)\n")

                let option = try await sandbox.juice("validate", "--stores", "recipes/stores.yaml")
                #expect(option.exitCode == 0)
                #expect(option.stderr == "")
                #expect(option.stdout == "recipes/stores.yaml: ok (4 stores)\n")
            }
        }

        /// A typo in jamsil's own menu, found through the manifest named as a
        /// file or with `--stores`, in each format.
        @Test(
            arguments: ["text", "json", "github"],
            [["validate", "recipes/stores.yaml"], ["validate", "--stores", "recipes/stores.yaml"]])
        func aTypoInOneStoreMenuIsReportedAtItsPlace(format: String, invocation: [String]) async throws {
            try await Sandbox.with { sandbox in
                try ExampleChain.copy(into: sandbox)
                let place = try ExampleChain.breakJamsil(sandbox)
                let result = try await sandbox.juice(
                    arguments: invocation + (format == "text" ? [] : ["--format", format]))
                #expect(result.exitCode == 65)
                switch format {
                case "json":
                    #expect(result.stderr == "")
                    #expect(
                        try result.json() == [
                            "diagnostics": [
                                diagnosticJSON(
                                    file: "recipes/stores/jamsil.yaml", line: place.line, column: place.column,
                                    code: "unknown-fruit", message: ExampleChain.jamsilTypoMessage)
                            ]
                        ])
                case "github":
                    #expect(result.stderr == "")
                    #expect(
                        result.stdoutLines == [
                            "::error file=recipes/stores/jamsil.yaml,line=\(place.line),col=\(place.column)::\(ExampleChain.jamsilTypoMessage) [unknown-fruit]"
                        ])
                default:
                    // The store menu's error is counted in the manifest's summary.
                    #expect(result.stderrLines == [ExampleChain.jamsilTypoLine(place)])
                    #expect(result.stdout == "recipes/stores.yaml: 1 error (4 stores)\n")
                }
            }
        }

        @Test func manifestNamingAMissingMenuIsAMissingFileErrorAtThePathInTheManifest() async throws {
            try await Sandbox.with { sandbox in
                try ExampleChain.copy(into: sandbox)
                let text = try ExampleChain.edit(
                    sandbox, "recipes/stores.yaml", replacing: "menu: stores/jamsil.yaml",
                    with: "menu: stores/jamsill.yaml"
                )
                let place = try #require(position(of: "stores/jamsill.yaml", in: text))
                #expect(place.line == 8 && place.column == 20)
                let message = "the menu of store 'jamsil' does not exist (recipes/stores/jamsill.yaml)"
                let line = "recipes/stores.yaml:8:20: error: \(message) [missing-file]"

                let validate = try await sandbox.juice("validate", "recipes/stores.yaml")
                #expect(validate.exitCode == 65)
                #expect(validate.stderrLines == [line])
                #expect(validate.stdout == "recipes/stores.yaml: 1 error (4 stores)\n")

                let json = try await sandbox.juice("validate", "--stores", "recipes/stores.yaml", "--format", "json")
                #expect(json.exitCode == 65)
                #expect(json.stderr == "")
                #expect(
                    try json.json() == [
                        "diagnostics": [
                            diagnosticJSON(
                                file: "recipes/stores.yaml", line: 8, column: 20, code: "missing-file", message: message
                            )
                        ]
                    ])

                // The other stores are still reported.
                let report = try await sandbox.juice("report", "--stores", "recipes/stores.yaml")
                #expect(report.exitCode == 65)
                #expect(report.stderrLines == [line])
                #expect(
                    report.stdoutLines.map { $0.split(separator: " ").first.map(String.init) ?? "" } == [
                        "STORE", "gangnam", "hongdae", "seoulStation", "", "Not",
                    ])
                #expect(report.stdoutLines.last == "Not reported, see the diagnostics: jamsil")
            }
        }

        /// `validate` accepts `--menu` beside `--stores` (SPEC §5 lists both):
        /// the menu given is checked too, and a broken one fails the run.
        @Test func validateWithStoresAndABrokenMenuChecksTheMenuToo() async throws {
            try await Sandbox.with { sandbox in
                try ExampleChain.copy(into: sandbox)
                try sandbox.write("broken.yaml", "fruits: { a: 1 }\nrecipes: { a: { b: 1 } }\n")
                let result = try await sandbox.juice(
                    "validate", "--stores", "recipes/stores.yaml", "--menu", "broken.yaml")
                #expect(result.exitCode == 65)
                #expect(
                    result.stdoutLines == ["broken.yaml: 1 error, 1 warning", "recipes/stores.yaml: ok (4 stores)"])
                #expect(
                    result.stderr.contains(
                        "broken.yaml:2:17: error: unknown fruit 'b' in recipe 'a' [unknown-fruit]"))
            }
        }
    }
}

/// `validate --strict`, and files of the wrong kind given where another
/// kind belongs.
@Suite struct ValidateStrictAndKindTests {
    @Test func strictFailsOnWarningsWhichOtherwisePass() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", "fruits: { kiwi: 1, lime: 1 }\nrecipes: { kiwi: { kiwi: 1 } }\n")
            let relaxed = try await sandbox.juice("validate", "menu.yaml")
            #expect(relaxed.exitCode == 0)
            let strict = try await sandbox.juice("validate", "menu.yaml", "--strict")
            #expect(strict.exitCode == 65)
            #expect(strict.stderr == "menu.yaml:1:20: warning: fruit 'lime' is used by no recipe [unused-fruit]\n")
            #expect(strict.stdout == "menu.yaml: 1 warning\n")
        }
    }

    @Test func aFileOfTheWrongKindGetsOneErrorSayingWhatItIs() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let manifestAsMenu = try await sandbox.juice("report", "--menu", "recipes/stores.yaml")
            #expect(manifestAsMenu.exitCode == 65)
            #expect(
                manifestAsMenu.stderr
                    == "recipes/stores.yaml:5:1: error: this file is a stores manifest (it has 'stores'), not a menu: give it with --stores, and a store of it with --store NAME [type-mismatch]\n"
            )
            let menuAsInventory = try await sandbox.juice("report", "--inventory", "recipes/menu.yaml")
            #expect(menuAsInventory.exitCode == 65)
            #expect(
                menuAsInventory.stderr
                    == "recipes/menu.yaml:4:1: error: this file is a menu (it has 'fruits'), not an inventory: give it with --menu (and the stock with --inventory) [type-mismatch]\n"
            )
            // A store's menu, which has only `extends`, is told the same.
            let storeMenuAsInventory = try await sandbox.juice(
                "report", "--inventory", "recipes/stores/gangnam.yaml", "--locale", "ko")
            #expect(storeMenuAsInventory.exitCode == 65)
            #expect(
                storeMenuAsInventory.stderr
                    == "recipes/stores/gangnam.yaml:3:1: 오류: 이 파일은 재고 파일이 아니라 메뉴('extends'가 있음)입니다: --menu로 주세요 (재고는 --inventory로) [type-mismatch]\n"
            )
            let menuAsManifest = try await sandbox.juice("report", "--stores", "recipes/menu.yaml")
            #expect(menuAsManifest.exitCode == 65)
            #expect(
                menuAsManifest.stderr
                    == "recipes/menu.yaml:4:1: error: this file is a menu (it has 'fruits'), not a stores manifest [type-mismatch]\n"
            )
            #expect(menuAsManifest.stdout == "No store to report: the manifest names none that could be read.\n")
        }
    }
}
