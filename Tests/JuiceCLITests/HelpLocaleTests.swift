import Foundation
import TestSupport
import Testing

/// `juice help COMMAND` with options after it: answered as `juice COMMAND
/// --help` with them, for every command.
@Suite struct HelpLocaleTests {
    static let commands = [
        "report", "make", "adjust", "plan", "menu", "validate", "mix", "log", "undo", "usage", "order", "orders",
        "receive", "import", "count", "variance", "waste", "expiring", "schema", "lsp", "init", "restore",
    ]

    @Test(arguments: [nil] + commands)
    func helpWithALocaleAfterTheCommandIsTheCommandsHelpInThatLanguage(command: String?) async throws {
        try await Sandbox.with { sandbox in
            let name = command.map { [$0] } ?? []
            let asked = try await sandbox.juice(arguments: ["help"] + name + ["--locale", "ko"])
            let flag = try await sandbox.juice(arguments: name + ["--help", "--locale", "ko"])
            #expect(asked.exitCode == flag.exitCode)
            #expect(asked.stdout == flag.stdout)
            #expect(asked.stderr == flag.stderr)
            #expect(asked.exitCode == 0, "\(asked.stderr)")
            #expect(asked.stdout.contains(command == "import" ? "포스기" : "juice"))
            #expect(asked.stderr == "")
        }
    }
}
