import ArgumentParser

/// `juice-sync`: a chain's stores and the head office's PostgreSQL.
@main
struct JuiceSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "juice-sync",
        abstract: "Ship each store's journal to the head office's PostgreSQL database.",
        discussion: """
            Each store keeps its own files; juice-sync copies its journal entries, in order and exactly once, \
            with the stock after each, into the database (`juice-sync pull` and the head office's server are \
            not yet there).
            """,
        subcommands: [PushCommand.self]
    )
}
