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
        abstract: ToolHelpWord.pushAbstract.text,
        discussion: ToolHelpWord.pushDiscussion.text
    )

    @Option(help: ToolHelpWord.database.help(valueName: "url"))
    var to: String

    @Option(help: ToolHelpWord.pushStores.help(valueName: "file"))
    var stores: String?

    @Option(help: ToolHelpWord.pushStore.help(valueName: "name"))
    var store: String?

    @OptionGroup var oneStore: OneStoreOptions

    @Option(help: ToolHelpWord.pushName.help(valueName: "name"))
    var name: String?

    @Flag(help: ToolHelpWord.watch.help())
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
        await syncer.finish(within: Syncer.lastPushSeconds)
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
