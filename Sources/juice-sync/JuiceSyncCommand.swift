import ArgumentParser
import JuiceToolOptions

/// `juice-sync`: a chain's stores and the head office's PostgreSQL.
@main
struct JuiceSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "juice-sync",
        abstract: "Ship each store's journal to the head office's PostgreSQL database, and copy it back as files.",
        discussion: """
            Each store keeps its own files; juice-sync copies its journal entries, in order and exactly once, \
            with the stock after each, into the database (push); the head office writes the database's copy \
            back as a chain's files that every juice command reads (pull).
            """,
        subcommands: [PushCommand.self, PullCommand.self]
    )

    /// Parses and runs; a usage error is said in the console's language.
    static func main() async {
        await mainInConsoleLanguage()
    }
}
