import Foundation
import TestSupport
import Testing

/// `juice report`: what the stock allows, for one store and (``Stores``)
/// for every store of a chain. Its outputs on the example data, in every
/// format, are golden files, compared in ``GoldenTests``.
@Suite struct ReportTests {
    // MARK: - Files

    @Test func anAbsentInventoryIsNotAnError() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("report", "--inventory", "absent.yaml", "--format", "json")
            #expect(result.exitCode == 0)
            #expect(try result.json()["inventory"] == json(originalStock()))
            #expect(!sandbox.exists("absent.yaml"))
        }
    }

    @Test func anInvalidInventoryExits65WithADiagnosticAtEachBadCount() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "banana: -1\nkiwi: 2.5\n")
            let report = try await sandbox.juice("report")
            #expect(report.exitCode == 65)
            #expect(report.stdout == "")
            #expect(
                report.stderrLines.contains {
                    $0.hasPrefix("inventory.yaml:1:9: error: ") && $0.hasSuffix("[invalid-quantity]")
                },
                "stderr: \(report.stderr)")
            #expect(
                report.stderrLines.contains {
                    $0.hasPrefix("inventory.yaml:2:7: error: ") && $0.hasSuffix("[invalid-quantity]")
                },
                "stderr: \(report.stderr)")
        }
    }

    @Test func anInvalidMenuNamedByMenuExits65WithItsDiagnostics() async throws {
        try await CommandChecks.invalidMenuExits65(["report"])
    }

    @Test func aMissingMenuNamedOnTheCommandLineExits66() async throws {
        try await CommandChecks.missingMenuExits66(["report"])
    }

    @Test func anInventoryThatIsAFolderExits74() async throws {
        try await Sandbox.with { sandbox in
            try FileManager.default.createDirectory(
                at: sandbox.file("inventory.yaml"), withIntermediateDirectories: false)
            let text = try await sandbox.juice("report")
            #expect(text.exitCode == 74)
            #expect(text.stdout == "")
            #expect(text.stderr.contains("inventory.yaml"), "stderr: \(text.stderr)")

            let result = try await sandbox.juice("report", "--format", "json")
            #expect(result.exitCode == 74)
            #expect(result.stderr == "")
            #expect(try result.json()["ok"] == false)
        }
    }

    // MARK: - Usage errors and failures in JSON

    @Test func anUnknownFormatIsAUsageErrorThatChangesNothing() async throws {
        try await CommandChecks.usageError(["report", "--format", "yaml"])
    }

    @Test(
        arguments: [
            (["report", "--menu", "missing.yaml"], Int32(66), "missing-file"),
            (["report", "--inventory", "folder"], 74, "io-error"),
        ] as [([String], Int32, String)])
    func everyFailureInJSONIsOneObjectOnStdout(arguments: [String], code: Int32, error: String) async throws {
        try await CommandChecks.failureInJSON(arguments, code: code, error: error)
    }

    /// `juice report --stores` on the example chain: a broken store among
    /// good ones, and paths relative to another working directory.
    @Suite struct Stores {
        /// What jamsil's entry of the chain's JSON report is once
        /// ``ExampleChain/breakJamsil(_:)`` has broken its menu.
        static func brokenJamsil(_ place: (line: Int, column: Int)) -> JSON {
            [
                "store": "jamsil", "inventory": [:], "recipes": [],
                "diagnostics": [
                    diagnosticJSON(
                        file: "recipes/stores/jamsil.yaml", line: place.line, column: place.column,
                        code: "unknown-fruit", message: ExampleChain.jamsilTypoMessage)
                ],
            ]
        }

        /// A typo in jamsil's own menu: jamsil gets its diagnostic (on stderr,
        /// or in its JSON entry) and no row; every other store is reported
        /// exactly as in the unbroken chain's golden file; text and Markdown
        /// name jamsil under the table.
        @Test(arguments: GoldenTests.chainReports)
        func aTypoInOneStoreMenuLeavesThatStoreOutAndReportsTheOthersAsBefore(format: String, golden: String)
            async throws
        {
            try await Sandbox.with { sandbox in
                try ExampleChain.copy(into: sandbox)
                let place = try ExampleChain.breakJamsil(sandbox)
                let result = try await sandbox.juice("report", "--stores", "recipes/stores.yaml", "--format", format)
                #expect(result.exitCode == 65)
                if format == "json" {
                    #expect(result.stderr == "")
                    let unbroken = try JSON(parsing: try #require(ExampleChain.golden(golden)))
                    guard case .object(var expected) = unbroken else {
                        Issue.record("Golden/\(golden) is not an object")
                        return
                    }
                    let stores = unbroken["stores"]?.items ?? []
                    #expect(stores.map { $0["store"]?.string } == ExampleChain.stores)
                    expected["stores"] = .array(stores.map { $0["store"] == "jamsil" ? Self.brokenJamsil(place) : $0 })
                    #expect(try result.json() == .object(expected))
                } else {
                    #expect(result.stderrLines == [ExampleChain.jamsilTypoLine(place)])
                    let jamsilRow = ["text": "jamsil ", "csv": "jamsil,", "markdown": "| jamsil |"][format] ?? "?"
                    var expected = try ExampleChain.goldenLines(golden)
                    #expect(expected.contains { $0.hasPrefix(jamsilRow) }, "no jamsil row in Golden/\(golden)")
                    expected.removeAll { $0.hasPrefix(jamsilRow) }
                    if format != "csv" { expected += ["", "Not reported, see the diagnostics: jamsil"] }
                    #expect(result.stdoutLines == expected)
                }
            }
        }

        @Test func aStoreMenuThatExtendsItselfIsAnExtendsCycleAndTheOtherStoresAreReported() async throws {
            try await Sandbox.with { sandbox in
                try ExampleChain.copy(into: sandbox)
                try sandbox.write("recipes/stores/jamsil.yaml", "# Jamsil\nextends: [../menu.yaml, jamsil.yaml]\n")
                let result = try await sandbox.juice("report", "--stores", "recipes/stores.yaml", "--format", "csv")
                #expect(result.exitCode == 65)
                #expect(
                    result.stderrLines == [
                        "recipes/stores/jamsil.yaml:2:25: error: menus extend each other in a loop: recipes/stores/jamsil.yaml -> recipes/stores/jamsil.yaml [extends-cycle]"
                    ])
                #expect(
                    result.stdoutLines
                        == (try ExampleChain.goldenLines("stores-report.csv")).filter {
                            !$0.hasPrefix("jamsil,")
                        })
            }
        }

        // MARK: Paths relative to another working directory

        /// The manifest named from its parent folder: the same output, the
        /// state files found through the manifest's folder.
        @Test(arguments: GoldenTests.chainReports)
        func aManifestGivenFromTheParentFolderReportsAsFromItsOwn(format: String, golden: String) async throws {
            try await Sandbox.with { sandbox in
                try ExampleChain.copy(into: sandbox, at: "copy")
                let outside = try await sandbox.juice(
                    "report", "--stores", "copy/recipes/stores.yaml", "--format", format)
                #expect(outside.exitCode == 0)
                #expect(outside.stderr == "")
                try ExampleChain.expectGolden(outside.stdout, golden)
            }
        }

        /// The banana juice is kept by every store, so a typo in it breaks all
        /// four; each names the chain's menu by the joined, normalised path.
        @Test func aDiagnosticInAParentMenuNamesItByTheNormalisedPathFromTheWorkingDirectory() async throws {
            try await Sandbox.with { sandbox in
                try ExampleChain.copy(into: sandbox, at: "copy")
                let text = try ExampleChain.edit(
                    sandbox, "copy/recipes/menu.yaml", replacing: "uses: { banana: 2 }", with: "uses: { bananna: 2 }")
                let place = try #require(position(of: "bananna", in: text))
                #expect(place.line == 17 && place.column == 13)
                let message = "unknown fruit 'bananna' in recipe 'banana' (did you mean 'banana'?)"

                let textResult = try await sandbox.juice("report", "--stores", "copy/recipes/stores.yaml")
                #expect(textResult.exitCode == 65)
                #expect(textResult.stderrLines == ["copy/recipes/menu.yaml:17:13: error: \(message) [unknown-fruit]"])
                #expect(!textResult.stderr.contains(".."))
                #expect(
                    textResult.stdoutLines
                        == ["No store could be reported, see the diagnostics: gangnam, hongdae, jamsil, seoulStation"])

                let jsonResult = try await sandbox.juice(
                    "report", "--stores", "copy/recipes/stores.yaml", "--format", "json")
                #expect(jsonResult.exitCode == 65)
                #expect(jsonResult.stderr == "")
                let expected = diagnosticJSON(
                    file: "copy/recipes/menu.yaml", line: 17, column: 13, code: "unknown-fruit", message: message)
                let stores = try jsonResult.json()["stores"]?.items ?? []
                #expect(stores.map { $0["store"]?.string } == ExampleChain.stores)
                for store in stores {
                    #expect(store["diagnostics"] == [expected], "diagnostics of \(store["store"]?.string ?? "?")")
                }

                let github = try await sandbox.juice(
                    "validate", "--stores", "copy/recipes/stores.yaml", "--format", "github")
                #expect(github.exitCode == 65)
                #expect(
                    github.stdoutLines == [
                        "::error file=copy/recipes/menu.yaml,line=17,col=13::\(message) [unknown-fruit]"
                    ])
            }
        }

        // MARK: --stores beside --menu or --inventory

        @Test(
            arguments: [
                ["report", "--stores", "recipes/stores.yaml", "--menu", "recipes/menu.yaml"],
                ["report", "--stores", "recipes/stores.yaml", "--inventory", "state/gangnam.yaml"],
            ], ["text", "json"])
        func storesBesideMenuOrInventoryIsAUsageError(arguments: [String], format: String) async throws {
            try await CommandChecks.storesConflict(arguments, format: format)
        }
    }
}

/// Diagnostics of a chain name what they concern: the stores whose own
/// changes caused a problem in a menu they inherit, and in GitHub format the
/// notes too.
@Suite struct ChainDiagnosticsTests {
    private func writeChain(in sandbox: Sandbox) throws {
        try sandbox.write(
            "menu.yaml",
            "fruits: { kiwi: 10, spinach: 10 }\nrecipes:\n  kiwi: { kiwi: 3 }\n  green: { spinach: 2, kiwi: 1 }\n")
        try sandbox.write("a.yaml", "extends: menu.yaml\nrecipes: { green: ~ }\n")
        try sandbox.write("b.yaml", "extends: menu.yaml\n")
        try sandbox.write("stores.yaml", "stores:\n  a: { menu: a.yaml }\n  b: { menu: b.yaml }\n")
    }

    @Test func aWarningInAnInheritedMenuThatOnlySomeStoresHaveNamesThem() async throws {
        try await Sandbox.with { sandbox in
            try writeChain(in: sandbox)
            let result = try await sandbox.juice("report", "--stores", "stores.yaml")
            #expect(result.exitCode == 0)
            #expect(
                result.stderr
                    == "menu.yaml:1:21: warning: fruit 'spinach' is used by no recipe (for store a) [unused-fruit]\n")
        }
    }

    @Test func aRemovedFruitStillUsedPointsAtTheRemovalInEveryFormat() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", "fruits: { kiwi: 10, lime: 10 }\nrecipes:\n  kiwi: { kiwi: 3, lime: 1 }\n")
            try sandbox.write("child.yaml", "extends: menu.yaml\nfruits:\n  lime: ~\n")
            let text = try await sandbox.juice("validate", "child.yaml")
            #expect(
                text.stderrLines == [
                    "menu.yaml:3:20: error: unknown fruit 'lime' in recipe 'kiwi' [unknown-fruit]",
                    "child.yaml:3:3: note: 'lime' is removed from the menu here",
                ])
            let github = try await sandbox.juice("validate", "child.yaml", "--format", "github")
            #expect(
                github.stdoutLines == [
                    "::error file=menu.yaml,line=3,col=20::unknown fruit 'lime' in recipe 'kiwi' [unknown-fruit]",
                    "::notice file=child.yaml,line=3,col=3::'lime' is removed from the menu here",
                ])
        }
    }
}
