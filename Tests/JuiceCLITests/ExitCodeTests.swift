import Foundation
import Testing

/// Every exit code of section 5, each from a real situation.
@Suite struct ExitCodeTests {
    // MARK: 0 and 1

    @Test func anAbsentInventoryIsNotAnError() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("report", "--inventory", "absent.yaml", "--format", "json")
            #expect(result.exitCode == 0)
            #expect(try result.json()["inventory"] == json(originalStock()))
            #expect(!sandbox.exists("absent.yaml"))
        }
    }

    @Test func adjustingBelowZeroExits1AndChangesNothing() async throws {
        try await Sandbox.with { sandbox in
            let text = try await sandbox.juice("adjust", "banana=+5", "kiwi=-13")
            #expect(text.exitCode == 1)
            #expect(text.stdout == "")
            #expect(text.stderr != "")
            #expect(!sandbox.exists("inventory.yaml"))

            let result = try await sandbox.juice("adjust", "banana=+5", "kiwi=-13", "--format", "json")
            #expect(result.exitCode == 1)
            #expect(result.stderr == "")
            let output = try result.json()
            #expect(output["ok"] == false)
            #expect(output["error"] == "negative-stock")
            #expect(output["missing"] == ["kiwi": 3])
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    @Test func adjustChangesApplyInOrderSoALaterAddCannotRescueAnEarlierRemove() async throws {
        try await Sandbox.with { sandbox in
            // Applied in order, kiwi goes 10 → 20 → 7: fine. The whole result is what counts.
            #expect(try await sandbox.juice("adjust", "kiwi=+10", "kiwi=-13").exitCode == 0)
            #expect(try sandbox.stock() == originalStock(["kiwi": 7]))
            let refused = try await sandbox.juice("adjust", "kiwi=-8", "mango=3", "--format", "json")
            #expect(refused.exitCode == 1)
            #expect(try refused.json()["missing"] == ["kiwi": 1])
            #expect(try sandbox.stock() == originalStock(["kiwi": 7]))
        }
    }

    // MARK: 64

    /// Usage errors: each exits 64 and changes nothing.
    @Test(arguments: [
        ["make", "bananna"],
        ["make", "banana=0"],
        ["make", "banana=abc"],
        ["make", "banana=-1"],
        ["make", "banana=1000000001"],
        ["make", "banana", "--bogus"],
        ["make"],
        ["adjust", "lemon=+1"],
        ["adjust", "bananna=+1"],
        ["adjust", "banana=abc"],
        ["adjust", "banana"],
        ["adjust", "banana=+1000000001"],
        ["report", "--format", "yaml"],
        ["frobnicate"],
    ])
    func usageErrorsExit64AndChangeNothing(arguments: [String]) async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice(arguments: arguments)
            #expect(result.exitCode == 64)
            #expect(result.stdout == "")
            #expect(result.stderr != "")
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    @Test(arguments: [
        ["make", "bananna"],
        ["make", "banana=0"],
        ["make", "banana=abc"],
        ["make", "banana", "--bogus"],
        ["adjust", "lemon=+1"],
        ["adjust", "banana=abc"],
    ])
    func usageErrorsInJSONSayUsage(arguments: [String]) async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice(arguments: arguments + ["--format", "json"])
            #expect(result.exitCode == 64)
            #expect(result.stderr == "")
            let output = try result.json()
            #expect(output["ok"] == false)
            #expect(output["error"] == "usage")
        }
    }

    @Test func anUnknownRecipeIsAUsageErrorWithDidYouMean() async throws {
        try await Sandbox.with { sandbox in
            let text = try await sandbox.juice("make", "bananna")
            #expect(text.exitCode == 64)
            #expect(text.stderr.contains("'bananna'"), "stderr: \(text.stderr)")
            #expect(text.stderr.contains("did you mean 'banana'?"), "stderr: \(text.stderr)")

            let result = try await sandbox.juice("make", "strawberyBanana", "--format", "json")
            #expect(result.exitCode == 64)
            #expect(try result.json()["message"]?.string?.contains("did you mean 'strawberryBanana'?") == true)
        }
    }

    @Test func anUnknownFruitInAdjustIsAUsageErrorWithDidYouMean() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("adjust", "kiwii=+1")
            #expect(result.exitCode == 64)
            #expect(result.stderr.contains("'kiwii'"), "stderr: \(result.stderr)")
            #expect(result.stderr.contains("did you mean 'kiwi'?"), "stderr: \(result.stderr)")
        }
    }

    // MARK: 65

    @Test func anInvalidMenuNamedByMenuExits65WithItsDiagnostics() async throws {
        try await Sandbox.with { sandbox in
            let menu = "fruits:\n  banana: 10\nrecipes:\n  banana: { banana: two }\n"
            try sandbox.write("bad.yaml", menu)
            let place = try #require(position(of: "two", in: menu))
            for command in [["report"], ["make", "banana"], ["adjust", "banana=+1"]] {
                let text = try await sandbox.juice(arguments: command + ["--menu", "bad.yaml"])
                #expect(text.exitCode == 65, "\(command)")
                #expect(text.stdout == "")
                #expect(
                    text.stderrLines.contains {
                        $0.hasPrefix("bad.yaml:\(place.line):\(place.column): error: ")
                            && $0.hasSuffix("[invalid-quantity]")
                    },
                    "stderr: \(text.stderr)")

                let result = try await sandbox.juice(arguments: command + ["--menu", "bad.yaml", "--format", "json"])
                #expect(result.exitCode == 65)
                #expect(result.stderr == "")
                let output = try result.json()
                #expect(output["ok"] == false)
                #expect(output["error"] == "invalid-data")
                let diagnostic = try #require(output["diagnostics"]?[0])
                #expect(diagnostic["file"] == "bad.yaml")
                #expect(diagnostic["line"] == .number(Double(place.line)))
                #expect(diagnostic["column"] == .number(Double(place.column)))
                #expect(diagnostic["severity"] == "error")
                #expect(diagnostic["code"] == "invalid-quantity")
            }
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    @Test func anInvalidInventoryExits65AndIsLeftAsItWas() async throws {
        try await Sandbox.with { sandbox in
            let inventory = "banana: -1\nkiwi: 2.5\n"
            try sandbox.write("inventory.yaml", inventory)
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

            let make = try await sandbox.juice("make", "banana", "--format", "json")
            #expect(make.exitCode == 65)
            let output = try make.json()
            #expect(output["error"] == "invalid-data")
            #expect(
                output["diagnostics"]?.items.compactMap { $0["code"]?.string } == [
                    "invalid-quantity", "invalid-quantity",
                ])
            #expect(sandbox.read("inventory.yaml") == Data(inventory.utf8))
        }
    }

    @Test func anInventoryNamingAnUnknownFruitExits65() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "banana: 3\nlemon: 2\n")
            let result = try await sandbox.juice("adjust", "banana=+1")
            #expect(result.exitCode == 65)
            #expect(
                result.stderrLines.contains {
                    $0.hasPrefix("inventory.yaml:2:1: error: ") && $0.hasSuffix("[unknown-fruit]")
                },
                "stderr: \(result.stderr)")
            #expect(sandbox.read("inventory.yaml") == Data("banana: 3\nlemon: 2\n".utf8))
        }
    }

    // MARK: 66

    @Test(arguments: [["report"], ["make", "banana"], ["adjust", "banana=+1"], ["validate"]])
    func aMissingMenuNamedOnTheCommandLineExits66(command: [String]) async throws {
        try await Sandbox.with { sandbox in
            let text = try await sandbox.juice(arguments: command + ["--menu", "missing.yaml"])
            #expect(text.exitCode == 66)
            #expect(text.stderr.contains("missing.yaml"), "stderr: \(text.stderr)")

            let result = try await sandbox.juice(arguments: command + ["--menu", "missing.yaml", "--format", "json"])
            #expect(result.exitCode == 66)
            #expect(result.stderr == "")
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    // MARK: 73

    /// The spec lists a missing folder among the reasons for 73 (tests run
    /// as root, which ignores permission bits, so a read-only folder would
    /// not do).
    @Test(arguments: [["make", "banana"], ["adjust", "banana=+1"]])
    func anInventoryInAMissingFolderExits73(command: [String]) async throws {
        try await Sandbox.with { sandbox in
            let text = try await sandbox.juice(arguments: command + ["--inventory", "nofolder/inv.yaml"])
            #expect(text.exitCode == 73)
            #expect(text.stdout == "")
            #expect(text.stderr.contains("nofolder/inv.yaml"), "stderr: \(text.stderr)")

            let result = try await sandbox.juice(
                arguments: command + ["--inventory", "nofolder/inv.yaml", "--format", "json"])
            #expect(result.exitCode == 73)
            #expect(result.stderr == "")
            #expect(try result.json()["ok"] == false)
            #expect(!sandbox.exists("nofolder"))
        }
    }

    @Test func aDryRunNeedsNoWritableInventory() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("make", "banana", "--dry-run", "--inventory", "nofolder/inv.yaml")
            #expect(result.exitCode == 0)
            #expect(result.stdoutLines.first == "Dry run: every check passed; nothing was changed.")
            #expect(!sandbox.exists("nofolder"))
        }
    }

    // MARK: 74

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
}
