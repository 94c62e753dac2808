import ArgumentParser
import Foundation
import JuiceMaker
import JuiceServer
import JuiceSync
import JuiceToolOptions
import JuiceWords

/// `juice-server`: the counter's page and HTTP API over a store's files.
@main
struct JuiceServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "juice-server",
        abstract: ToolHelpWord.serverAbstract.text,
        // Written out: past 12 options the argument parser's own is
        // `juice-server <options>`.
        usage: """
            juice-server [--host <host>] [--allow-host <name> ...] [--port <port>] [--menu <file>] \
            [--inventory <file>] [--stores <file>] [--token <token>] [--max-streams <n>] \
            [--sync <postgres-url>] [--central <postgres-url>] [--copy <folder>] [--log-format <format>] \
            [--locale <locale>]
            """,
        discussion: ToolHelpWord.serverDiscussion.text
    )

    /// Parses and serves; a usage error is said in the console's language.
    static func main() async {
        await mainInConsoleLanguage()
    }

    @Option(help: ToolHelpWord.host.help())
    var host = "127.0.0.1"

    @Option(
        name: .customLong("allow-host"),
        help: ToolHelpWord.allowHost.help(valueName: "name"))
    var allowedHosts: [String] = []

    @Option(help: ToolHelpWord.port.help())
    var port = 8080

    @OptionGroup var oneStore: OneStoreOptions

    @Option(help: ToolHelpWord.serverStores.help(valueName: "file"))
    var stores: String?

    @Option(help: ToolHelpWord.token.help())
    var token: String?

    @Option(help: ToolHelpWord.maxStreams.help(valueName: "n"))
    var maxStreams = 1000

    @Option(
        help: ToolHelpWord.sync.help(valueName: "postgres-url"))
    var sync: String?

    @Option(
        help: ToolHelpWord.central.help(valueName: "postgres-url"))
    var central: String?

    @Option(
        name: .customLong("copy"),
        help: ToolHelpWord.copy.help(valueName: "folder"))
    var copyFolder: String?

    @Option(name: .customLong("log-format"), help: ToolHelpWord.logFormat.help(valueName: "format"))
    var logFormat = LogFormat.text

    @Option(help: ToolHelpWord.locale.help())
    var locale: String?

    /// The language of what this process says on the console: `--locale`,
    /// else the environment's, as `juice` chooses it.
    private var language: Language {
        Language(
            code: DisplayName.preferredLanguage(explicit: locale, environment: ProcessInfo.processInfo.environment))
    }

    func validate() throws {
        if stores != nil, oneStore.namesAFile { throw refusal(ServerWord.storesWithFiles) }
        guard (0...65535).contains(port) else { throw refusal(ServerWord.portRange) }
        guard maxStreams >= 1 else { throw refusal(ServerWord.maxStreamsRange) }
        if let sync, DatabaseURL(sync) == nil { throw refusal(SyncWord.notADatabaseURL, "--sync", sync) }
        if let central {
            guard DatabaseURL(central) != nil else { throw refusal(SyncWord.notADatabaseURL, "--central", central) }
            guard stores != nil else { throw refusal(ServerWord.centralNeedsStores) }
            guard sync == nil else { throw refusal(ServerWord.centralOrSync) }
        } else if copyFolder != nil {
            throw refusal(ServerWord.copyNeedsCentral)
        }
    }

    /// A usage error, said in the console's language.
    private func refusal(_ word: some WordKey, _ arguments: String...) -> ValidationError {
        ValidationError(word.text(language, arguments))
    }

    func run() async throws {
        do {
            try await serve()
        } catch let refusal as Refusal {
            // The one place juice-server decides its exit status.
            throw ExitCode(refusal.status)
        }
    }

    /// Why the server did not start or stopped, said already on stderr:
    /// what remains is the exit status.
    private struct Refusal: Error {
        var status: Int32
    }

    /// Serves until stopped.
    ///
    /// - Throws: a ``Refusal`` when the server cannot start.
    private func serve() async throws {
        logFormat.bootstrap()
        let environment = ProcessInfo.processInfo.environment
        let service = StoreService(environment: environment)
        var configuration = ServerConfiguration(
            host: host, allowedHosts: allowedHosts, port: port, stores: storeSource(service),
            token: token ?? environment["JUICE_TOKEN"], lockTimeout: service.lockTimeout)
        configuration.maxStreams = maxStreams
        // The head office's copy, served read-only in place of the manifest's stores.
        let copy = try await centralCopy(service)
        defer { copy?.remove() }
        if let copy {
            configuration.stores = .chain(manifestPath: copy.manifestPath)
            configuration.isReadOnly = true
            configuration.lastSynced = { copy.lastSynced() }
            configuration.database = { copy.currentStanding() }
        }
        // How `--sync`'s database stands, for /healthz and /metrics.
        let syncStanding = sync.flatMap { DatabaseURL($0) }.map(SyncStanding.init)
        if let syncStanding { configuration.database = { syncStanding.current() } }
        let app: JuiceApp
        do {
            app = try JuiceApp(configuration)
        } catch {
            throw refuse(error)
        }
        let address = app.address
        // The stores' journals shipped in the background: the counter
        // serves whether the database is there or not.
        let syncer = syncer(service, configuration.stores, standing: syncStanding)
        let syncing = syncer.map { syncer in Task { await syncer.watch() } }
        defer { syncing?.cancel() }
        let poll = CentralCopy.poll(in: environment)
        let following = copy.map { copy in Task { await copy.follow(poll: poll) } }
        defer { following?.cancel() }
        let language = self.language
        do {
            try await app.application { port in
                // The one line on stdout: where to go, the port last (tests
                // read it). Off loopback, the address a tablet (or, at the
                // head office, a browser) opens.
                let url = address.url(port: port)
                let opener: ServerWord = copy == nil ? .listeningOnTablet : .listeningInBrowser
                let line =
                    address.isLoopback
                    ? ServerWord.listening.text(language, [url]) : opener.text(language, [host, url])
                ConsoleLine.out("juice-server: \(line)")
            }.runService()
            // Stopped, the changes in flight finished: the last of them
            // shipped before the exit.
            syncing?.cancel()
            await syncing?.value
            await syncer?.finish(within: Syncer.lastPushSeconds)
        } catch {
            guard let startError = app.startError(for: error) else { throw error }
            throw refuse(startError)
        }
    }

    /// The head office's copy of `--central`, pulled once before the server
    /// starts; `nil` without `--central`.
    ///
    /// - Throws: the manifest's start error (66, 74, 65: no store); exit 69
    ///   when the database cannot be reached or its schema is not this
    ///   tool's, 73 when no temporary folder can be made (all said on stderr).
    private func centralCopy(_ service: StoreService) async throws -> CentralCopy? {
        guard let central, let database = DatabaseURL(central), let stores else { return nil }
        // The manifest is checked first, as a counter's is: its problems
        // name the user's file, not the copy's.
        do {
            guard !(try service.chain(manifestPath: stores).stores.isEmpty) else {
                throw refuse(.noStores(stores))
            }
        } catch let error as StoreError {
            throw refuse(ServerStartError(stores: error))
        }
        let language = self.language
        let warn: @Sendable (String) -> Void = {
            ConsoleLine.error("juice-server: " + ServerWord.centralLine.text(language, [$0]))
        }
        do {
            return try await CentralCopy.pull(
                into: copyFolder, database: database, manifestPath: stores, service: service, language: language,
                warn: warn)
        } catch let notPulled as CentralCopy.NotPulled {
            throw Refusal(status: notPulled.outcome.exitCode)
        } catch {
            warn(ServerWord.noCopyFolder.text(language, [error.localizedDescription]))
            throw Refusal(status: 73)
        }
    }

    /// Says why the server does not start, in one line, and the exit status.
    private func refuse(_ error: ServerStartError) -> Refusal {
        ConsoleLine.error("juice-server: " + error.text(language))
        return Refusal(status: error.exitCode)
    }

    /// The syncer of `--sync`, for the stores served (the one store as
    /// `main`); its problems said on stderr, what it ships not said, what
    /// it finds kept in `standing`.
    private func syncer(
        _ service: StoreService, _ stores: ServerConfiguration.Stores, standing: SyncStanding?
    ) -> Syncer? {
        guard let sync, let database = DatabaseURL(sync) else { return nil }
        let sources: [Syncer.Source]
        switch stores {
        case .chain(let manifestPath):
            // A manifest that cannot be read stops the server before this.
            sources = (try? Syncer.Source.chain(manifestPath: manifestPath, service: service)) ?? []
        case .single(let menuPath, let inventoryPath):
            sources = [
                Syncer.Source(
                    name: StoreAddress.oneStoreName,
                    address: StoreAddress(menuPath: menuPath, inventoryPath: inventoryPath))
            ]
        }
        var syncer = Syncer(
            database: database, sources: sources, service: service, say: { _ in },
            warn: { [language] in ConsoleLine.error("juice-server: " + ServerWord.syncLine.text(language, [$0])) })
        syncer.roundTimeout = Syncer.timeout(in: ProcessInfo.processInfo.environment)
        syncer.language = language
        if let standing { syncer.observe = { standing.observe($0) } }
        return syncer
    }

    /// The stores to serve, with `juice`'s default files: the store
    /// service's rules, so that a default menu that cannot be read (a
    /// dangling link) is refused as `juice` refuses it.
    private func storeSource(_ service: StoreService) -> ServerConfiguration.Stores {
        if let stores { return .chain(manifestPath: stores) }
        let address = oneStore.address(service)
        return .single(
            menuPath: address.menuPath, inventoryPath: address.inventoryPath ?? StoreService.defaultInventoryPath)
    }
}
