import ArgumentParser
import Foundation
import JuiceMaker
import JuiceSync

/// `juice-sync pull`: the database's copy of the chain, written as files
/// that every `juice` command reads.
struct PullCommand: SyncSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: "Write the database's copy of the chain as files in a folder.",
        discussion: """
            Writes in DIR each store of --stores as the database holds it (stores/NAME.yaml, the inventory as \
            the shop had it at its last shipped entry, and its journal), the menus of --stores with what they \
            extend (menus/), and a manifest DIR/stores.yaml naming them: `juice report --stores DIR/stores.yaml` \
            and every other juice command then read the chain's copy. A store that never synced is named with \
            an inventory not written yet (juice says so, and shows the menu's initial stock). Run again, it \
            writes only what moved: the new journal lines, the inventory. Each row is checked before it is \
            written, and the copy's whole history against the database's hash: a copy that disagrees is \
            written afresh (said on stderr). It writes only inside DIR: a link there is replaced, not \
            followed. The database is only read (a push creates and migrates it). Exit status: 0 when every \
            store is copied; 65 when the manifest, a store's rows (missing, or not right) or its files cannot \
            be read or written (said on stderr, that store's copy left as it was; the other stores are \
            copied); 69 when the database \
            cannot be reached or its schema is not this juice-sync's (nothing written); 75 when another pull \
            kept writing DIR (its lock held) for that long (nothing written); 64 for a usage error. \
            Each step waits at most JUICE_SYNC_TIMEOUT seconds (default 30) for the database.
            """
    )

    @Argument(help: ArgumentHelp("The folder the copy is written in (made when missing).", valueName: "dir"))
    var folder: String

    @Option(help: ArgumentHelp("The database: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE.", valueName: "url"))
    var from: String

    @Option(help: ArgumentHelp("The chain's manifest: its stores and menus.", valueName: "file"))
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
