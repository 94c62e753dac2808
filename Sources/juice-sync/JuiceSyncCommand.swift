import ArgumentParser
import JuiceToolOptions

/// `juice-sync`: a chain's stores and the head office's PostgreSQL.
@main
struct JuiceSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "juice-sync",
        abstract: ToolHelpWord.syncAbstract.text,
        discussion: ToolHelpWord.syncDiscussion.text,
        subcommands: [PushCommand.self, PullCommand.self]
    )

    /// Parses and runs; a usage error is said in the console's language.
    static func main() async {
        await mainInConsoleLanguage()
    }
}
