import ArgumentParser
import Foundation
import JuiceMaker
import JuiceSync
import JuiceToolOptions

/// `juice-sync pull`: the database's copy of the chain, written as files
/// that every `juice` command reads.
struct PullCommand: SyncSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: ToolHelpWord.pullAbstract.text,
        discussion: ToolHelpWord.pullDiscussion.text
    )

    @Argument(help: ToolHelpWord.pullFolder.help(valueName: "dir"))
    var folder: String

    @Option(help: ToolHelpWord.database.help(valueName: "url"))
    var from: String

    @Option(help: ToolHelpWord.pullStores.help(valueName: "file"))
    var stores: String

    @OptionGroup var console: ConsoleOptions

    func validate() throws {
        guard DatabaseURL(from) != nil else { throw console.refusal(.notADatabaseURL, "--from", from) }
    }

    func status() async -> Int32 {
        var copy = ChainCopy(
            folder: folder, database: DatabaseURL(from)!, manifestPath: stores,
            service: StoreService(environment: ProcessInfo.processInfo.environment),
            say: { ConsoleLine.out($0) },
            warn: { ConsoleLine.error("juice-sync: \($0)") })
        copy.queryTimeout = Syncer.timeout(in: ProcessInfo.processInfo.environment)
        copy.language = console.language
        return await copy.pull().outcome.exitCode
    }
}
