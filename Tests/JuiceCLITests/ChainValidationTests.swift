import Foundation
import Testing

/// `extends` and stores manifests from the command line: missing parents,
/// cycles, `validate` of a chain, and `--stores` beside `--menu`/`--inventory`.
@Suite struct ChainValidationTests {
    // MARK: - extends

    @Test func missingParentIsAMissingFileErrorAtTheExtendsEntry() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let text = try ExampleChain.edit(
                sandbox, "recipes/stores/gangnam.yaml", replacing: "extends: ../menu.yaml",
                with: "extends: ../base.yaml")
            let place = try #require(position(of: "../base.yaml", in: text))
            #expect(place.line == 2 && place.column == 10)
            let error =
                "recipes/stores/gangnam.yaml:2:10: error: the menu '../base.yaml' that this menu extends does not exist (recipes/base.yaml) [missing-file]"

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
                        file: "recipes/stores/gangnam.yaml", line: 2, column: 10, code: "missing-file",
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

    @Test func storeMenuThatExtendsItselfIsAnExtendsCycleAndTheOtherStoresAreReported() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            try sandbox.write("recipes/stores/jamsil.yaml", "# Jamsil\nextends: [../menu.yaml, jamsil.yaml]\n")
            let result = try await sandbox.juice("report", "--stores", "recipes/stores.yaml", "--format", "csv")
            #expect(result.exitCode == 65)
            #expect(
                result.stderrLines == [
                    "recipes/stores/jamsil.yaml:2:25: error: menus extend each other in a loop: recipes/stores/jamsil.yaml -> recipes/stores/jamsil.yaml [extends-cycle]"
                ])
            let golden = try #require(ExampleChain.golden("stores-report.csv"))
            #expect(
                result.stdoutLines == golden.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("jamsil,") }
            )
        }
    }

    // MARK: - validate and stores manifests

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

    @Test func validateStoresInGitHubFormatAnnotatesTheBrokenStoreMenuLine() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let place = try ChainReportTests.breakJamsil(sandbox)
            let expected =
                "::error file=recipes/stores/jamsil.yaml,line=\(place.line),col=\(place.column)::\(ChainReportTests.jamsilTypoMessage) [unknown-fruit]"

            let option = try await sandbox.juice("validate", "--stores", "recipes/stores.yaml", "--format", "github")
            #expect(option.exitCode == 65)
            #expect(option.stderr == "")
            #expect(option.stdoutLines == [expected])

            let file = try await sandbox.juice("validate", "recipes/stores.yaml", "--format", "github")
            #expect(file.exitCode == 65)
            #expect(file.stdoutLines == [expected])
        }
    }

    @Test func validateStoresInTextCountsTheBrokenStoreMenuErrorInTheManifestSummary() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let place = try ChainReportTests.breakJamsil(sandbox)
            let result = try await sandbox.juice("validate", "recipes/stores.yaml")
            #expect(result.exitCode == 65)
            #expect(result.stderrLines == [ChainReportTests.jamsilTypoLine(place)])
            #expect(result.stdout == "recipes/stores.yaml: 1 error (4 stores)\n")
        }
    }

    @Test func manifestNamingAMissingMenuIsAMissingFileErrorAtThePathInTheManifest() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let text = try ExampleChain.edit(
                sandbox, "recipes/stores.yaml", replacing: "menu: stores/jamsil.yaml", with: "menu: stores/jamsill.yaml"
            )
            let place = try #require(position(of: "stores/jamsill.yaml", in: text))
            #expect(place.line == 7 && place.column == 20)
            let message = "the menu of store 'jamsil' does not exist (recipes/stores/jamsill.yaml)"
            let line = "recipes/stores.yaml:7:20: error: \(message) [missing-file]"

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
                            file: "recipes/stores.yaml", line: 7, column: 20, code: "missing-file", message: message)
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

    // MARK: - --stores beside --menu or --inventory

    static let conflicts: [[String]] = [
        ["report", "--stores", "recipes/stores.yaml", "--menu", "recipes/menu.yaml"],
        ["report", "--stores", "recipes/stores.yaml", "--inventory", "state/gangnam.yaml"],
        ["plan", "banana", "--stores", "recipes/stores.yaml", "--menu", "recipes/menu.yaml"],
        ["plan", "banana", "--stores", "recipes/stores.yaml", "--inventory", "state/gangnam.yaml"],
    ]

    static let conflictMessage =
        "--stores names each store's menu and inventory; it cannot be used with --menu or --inventory"

    @Test(arguments: conflicts)
    func storesWithMenuOrInventoryIsAUsageError(arguments: [String]) async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let before = try sandbox.stock("state/gangnam.yaml")
            let result = try await sandbox.juice(arguments: arguments)
            #expect(result.exitCode == 64)
            #expect(result.stdout == "")
            #expect(result.stderrLines.first == "Error: " + Self.conflictMessage)
            #expect(try sandbox.stock("state/gangnam.yaml") == before)
        }
    }

    @Test(arguments: conflicts)
    func storesWithMenuOrInventoryIsAUsageErrorInJSONOnStdout(arguments: [String]) async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let result = try await sandbox.juice(arguments: arguments + ["--format", "json"])
            #expect(result.exitCode == 64)
            #expect(result.stderr == "")
            let json = try result.json()
            #expect(json["ok"] == false)
            #expect(json["error"] == "usage")
            #expect(json["message"]?.string?.hasPrefix(Self.conflictMessage) == true)
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
                    "menu.yaml:2:17: error: unknown fruit 'b' in recipe 'a' (did you mean 'a'?) [unknown-fruit]",
                ])
        }
    }

    /// `validate` accepts `--menu` beside `--stores` (SPEC §5 lists both):
    /// the menu given is checked too, and a broken one fails the run.
    @Test func validateWithStoresAndABrokenMenuChecksTheMenuToo() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            try sandbox.write("broken.yaml", "fruits: { a: 1 }\nrecipes: { a: { b: 1 } }\n")
            let result = try await sandbox.juice("validate", "--stores", "recipes/stores.yaml", "--menu", "broken.yaml")
            #expect(result.exitCode == 65)
            #expect(result.stdoutLines == ["broken.yaml: 1 error, 1 warning", "recipes/stores.yaml: ok (4 stores)"])
            #expect(
                result.stderr.contains(
                    "broken.yaml:2:17: error: unknown fruit 'b' in recipe 'a' (did you mean 'a'?) [unknown-fruit]"))
        }
    }
}
