import Foundation
import Testing

/// `juice` itself, before any of its commands runs, and the conventions
/// every command shares: the error prefix, colour, `--quiet`.
@Suite struct JuiceCommandTests {
    @Test func anUnknownCommandIsAUsageErrorThatChangesNothing() async throws {
        try await CommandChecks.usageError(["frobnicate"])
    }

    @Test(arguments: [["reprot"], ["help", "reprot"]])
    func aMistypedCommandGetsADidYouMean(words: [String]) async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice(arguments: words)
            #expect(result.exitCode == 64)
            #expect(
                result.stderr
                    == "error: 'reprot' is not a juice command (did you mean 'report'?); the commands: report, make, adjust, plan, menu, validate, mix, log, undo, usage, order, orders, receive, import, count, variance, forecast, waste, expiring, schema, lsp, init, backup, restore\n"
            )
        }
    }

    @Test func anUnknownCommandUnderJSONNamesTheCommandNotTheFormatOption() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("frobnicate", "--format", "json")
            #expect(result.exitCode == 64)
            #expect(try result.json()["message"]?.string?.hasPrefix("'frobnicate' is not a juice command") == true)
        }
    }

    @Test func juiceAloneShowsTheHelpAndFails() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice()
            #expect(result.exitCode == 64)
            #expect(result.stderr.hasPrefix("OVERVIEW: A juice bar's menu and stock, as data."))
            #expect(
                result.stderrLines.last
                    == "error: name a command: report, make, adjust, plan, menu, validate, mix, log, undo, usage, order, orders, receive, import, count, variance, forecast, waste, expiring, schema, lsp, init, backup, restore"
            )
        }
    }

    @Test func theArgumentParsersErrorsUseJuicesLowercasePrefix() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("report", "--bogus")
            #expect(result.exitCode == 64)
            #expect(result.stderrLines.first == "error: Unknown option '--bogus'")
        }
    }

    @Test func severityWordsAreColouredOnlyWhenAsked() async throws {
        try await Sandbox.with { sandbox in
            let plain = try await sandbox.juice("make", "strawberry")
            #expect(!plain.stderr.contains("\u{1B}["))
            let forced = try await sandbox.juice("make", "strawberry", environment: ["CLICOLOR_FORCE": "1"])
            #expect(
                forced.stderrLines.dropFirst(2).first
                    == "\u{1B}[1;31merror:\u{1B}[0m not enough fruit; nothing was made"
            )
            #expect(forced.stderrLines.first?.hasPrefix("\u{1B}[1;36mnote:\u{1B}[0m ") == true)
            // NO_COLOR wins over a terminal, not over an explicit force.
            let noColour = try await sandbox.juice("make", "strawberry", environment: ["NO_COLOR": "1"])
            #expect(!noColour.stderr.contains("\u{1B}["))
            let both = try await sandbox.juice(
                "make", "strawberry", environment: ["NO_COLOR": "1", "CLICOLOR_FORCE": "1"])
            #expect(both.stderr.contains("\u{1B}[1;31m"))
        }
    }

    @Test func quietSaysOnlyWhatWentWrong() async throws {
        try await Sandbox.with { sandbox in
            let made = try await sandbox.juice("make", "banana", "--quiet")
            #expect(made.exitCode == 0)
            #expect(made.stdout == "")
            #expect(made.stderr == "")
            #expect(try sandbox.stock()["banana"] == 8)
            let refused = try await sandbox.juice("make", "strawberry", "-q")
            #expect(refused.exitCode == 1)
            #expect(refused.stderrLines.first == "error: not enough fruit; nothing was made")
            let report = try await sandbox.juice("report", "-q")
            #expect(report.stdoutLines.first == "FRUIT       STOCK")
        }
    }

    @Test func aLocaleTheMenuHasNoNamesInIsSaidOnce() async throws {
        try await Sandbox.with { sandbox in
            for locale in ["kr", "한국어"] {
                let result = try await sandbox.juice("report", "--locale", locale)
                #expect(
                    result.stderrLines.filter { $0.hasPrefix("note: the menu has no names") } == [
                        "note: the menu has no names in '\(locale)' (it has en, ko); showing English names"
                    ])
                #expect(result.stdoutLines.dropFirst().first == "Strawberry     10")
            }
            let korean = try await sandbox.juice("report", "--locale", "ko_KR.UTF-8")
            #expect(!korean.stderr.contains("no names"))
            let json = try await sandbox.juice("report", "--locale", "kr", "--format", "json")
            #expect(json.stderr == "")
        }
    }
}

/// The help screens: each example is one line that can be pasted as it is.
@Suite struct HelpTests {
    @Test(arguments: [[], ["report"], ["make"], ["adjust"], ["plan"], ["menu"], ["validate"]])
    func everyExampleFitsOnOneLineOfAnEightyColumnHelpScreen(command: [String]) async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice(arguments: ["help"] + command, environment: ["COLUMNS": "80"])
            #expect(result.exitCode == 0)
            let lines = result.stdoutLines
            let start = try #require(lines.firstIndex(of: "Examples:"), "no examples in \(command)")
            let examples = lines[(start + 1)...].prefix { !$0.isEmpty }
            #expect(examples.count >= 3)
            for line in examples {
                #expect(line.hasPrefix("  juice "), "a wrapped example: \(line)")
                #expect(line.count <= 80)
            }
        }
    }
}

/// Defects found by a review, each pinned.
@Suite struct ReviewFindingsTests {
    @Test func strictQuietValidationStillSaysWhichWarningsFailedIt() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", "fruits: { kiwi: 1, lime: 1 }\nrecipes: { kiwi: { kiwi: 1 } }\n")
            let result = try await sandbox.juice("validate", "menu.yaml", "--strict", "-q")
            #expect(result.exitCode == 65)
            #expect(result.stderr == "menu.yaml:1:20: warning: fruit 'lime' is used by no recipe [unused-fruit]\n")
            #expect(result.stdout == "")
        }
    }

    @Test func theCountHintIsOnlyGivenAfterAnOrderWithoutACount() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("make", "kiwi=2", "3")
            #expect(result.stderr == Sandbox.builtinNote + "error: unknown recipe '3'\n")
        }
    }

    @Test(.enabled(if: getuid() == 0, "giving a file to another owner needs root"))
    func aReplacedInventoryKeepsItsSetgidBit() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "kiwi: 1\n")
            let path = sandbox.file("inventory.yaml").path
            #expect(chown(path, 4001, 4002) == 0)
            #expect(chmod(path, 0o2750) == 0)
            #expect(try await sandbox.juice("adjust", "kiwi=+1").exitCode == 0)
            var info = stat()
            #expect(stat(path, &info) == 0)
            #expect(info.st_mode & 0o7777 == 0o2750)
            #expect(info.st_uid == 4001 && info.st_gid == 4002)
        }
    }

    @Test func aFIFOMenuThatIsHeldOpenButNotWrittenToFailsInsteadOfHanging() async throws {
        try await Sandbox.with { sandbox in
            let fifo = sandbox.file("menu.fifo").path
            #expect(mkfifo(fifo, 0o644) == 0)
            // Held open for writing (and reading, so that the open returns).
            let holder = open(fifo, O_RDWR)
            #expect(holder >= 0)
            defer { close(holder) }
            let result = try await sandbox.juice(arguments: ["validate", "menu.fifo"], timeout: 60)
            #expect(result.timedOut == false)
            #expect(result.exitCode == 74)
            #expect(
                result.stderr
                    == "error: menu.fifo: cannot read: nothing came for 10 s (a FIFO held open but not written to?)\n")
        }
    }

    @Test func aCountPastTheMaximumIsRefusedInKorean() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice(
                arguments: ["adjust", "kiwi=+1000000000"], environment: ["LANG": "ko_KR.UTF-8", "LC_ALL": nil])
            #expect(result.exitCode == 1)
            #expect(result.stderrLines.last == "오류: 키위가 1000000010개가 되어 최대 1000000000개를 넘습니다. 바뀐 것은 없습니다")
        }
    }

    @Test func planHintsNameTheOrdersAsTyped() async throws {
        try await Sandbox.with { sandbox in
            let counted = try await sandbox.juice("plan", "banana=2", "3")
            #expect(counted.stderrLines.last == "error: unknown recipe '3'")
            let bare = try await sandbox.juice("plan", "banana", "3")
            #expect(
                bare.stderrLines.last == "error: '3' is not a recipe: to order 3 servings of 'banana', write banana=3")
        }
    }

    @Test func aQuietDryRunStillShowsItsTable() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("make", "banana", "--dry-run", "-q")
            #expect(result.stdoutLines.first == "Dry run: every check passed; nothing was changed.")
            #expect(result.stderr == "")
        }
    }

    @Test func aLinkInTheLocksPlaceIsNotFollowed() async throws {
        try await Sandbox.with { sandbox in
            try FileManager.default.createSymbolicLink(
                atPath: sandbox.file("inventory.yaml.lock").path, withDestinationPath: "elsewhere.lock")
            let result = try await sandbox.juice("adjust", "kiwi=+1")
            #expect(result.exitCode == 73)
            #expect(result.stderrLines.last?.hasSuffix("Too many levels of symbolic links") == true)
            #expect(!sandbox.exists("elsewhere.lock"))
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }
}
