import ArgumentParser
import Foundation
import JuiceMaker
import JuiceSync
import JuiceToolOptions

/// `juice-sync push`: ship what the database does not hold yet, once or on
/// and on.
struct PushCommand: SyncSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Ship the stores' journal entries the database does not hold yet.",
        discussion: """
            The stores: every store of --stores; or --store NAME of the manifest (--stores, else the shop's \
            recipes/stores.yaml); else the one store of --menu and --inventory (juice's defaults), kept as \
            --name (default main). Exit status: 0 when every store is shipped; 65 when a store's journal \
            disagrees with the database (or the database lacks an entry it says it holds) or cannot be read, \
            or the database refused its data (said on stderr; the other stores are shipped); \
            69 when the database cannot be reached; 64 for a usage error. With --watch, it runs until \
            stopped: new entries are shipped within 2 seconds, and an unreachable database is tried again. \
            Each step waits at most JUICE_SYNC_TIMEOUT seconds (default 30) for the database.
            """
    )

    @Option(help: ArgumentHelp("The database: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE.", valueName: "url"))
    var to: String

    @Option(help: ArgumentHelp("The chain's manifest: ship each of its stores (or --store's).", valueName: "file"))
    var stores: String?

    @Option(help: ArgumentHelp("Ship only this store of the manifest.", valueName: "name"))
    var store: String?

    @OptionGroup var oneStore: OneStoreOptions

    @Option(help: ArgumentHelp("The one store's name in the database (default: main).", valueName: "name"))
    var name: String?

    @Flag(help: "Keep shipping new entries until stopped.")
    var watch = false

    @OptionGroup var console: ConsoleOptions

    func validate() throws {
        guard DatabaseURL(to) != nil else { throw console.refusal(.notADatabaseURL, "--to", to) }
        if stores != nil || store != nil, oneStore.namesAFile || name != nil {
            throw console.refusal(.storesWithOneStore)
        }
        // A name a manifest could not hold could never be pulled or served.
        if let name, !Schema.isValidID(name) { throw console.refusal(.notAStoreName, name) }
    }

    func status() async -> Int32 {
        let service = StoreService(environment: ProcessInfo.processInfo.environment)
        let sources: [Syncer.Source]
        do {
            sources = try self.sources(service)
        } catch {
            Self.warn(error.text(console.language))
            return 65
        }
        var syncer = Syncer(
            database: DatabaseURL(to)!, sources: sources, service: service,
            say: { ConsoleLine.out($0) }, warn: { Self.warn($0) })
        syncer.roundTimeout = Syncer.timeout(in: ProcessInfo.processInfo.environment)
        syncer.language = console.language
        guard watch else { return await syncer.pushOnce().exitCode }
        await Self.untilStopped { [syncer] in await syncer.watch() }
        return 0
    }

    /// The stores to ship, by the service's rules.
    private func sources(_ service: StoreService) throws(StoreError) -> [Syncer.Source] {
        if let store {
            return [Syncer.Source(name: store, address: try service.address(store: store, manifestPath: stores))]
        }
        if let stores { return try Syncer.Source.chain(manifestPath: stores, service: service) }
        return [Syncer.Source(name: name ?? StoreAddress.oneStoreName, address: oneStore.address(service))]
    }

    /// Runs `body` until SIGINT or SIGTERM, then cancels it and returns.
    private static func untilStopped(_ body: @escaping @Sendable () async -> Void) async {
        let task = Task { await body() }
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { task.cancel() }
            source.resume()
            return source
        }
        await task.value
        for source in signals { source.cancel() }
    }

    /// Says `line` on stderr, after the program's name.
    private static func warn(_ line: String) {
        ConsoleLine.error("juice-sync: \(line)")
    }
}
