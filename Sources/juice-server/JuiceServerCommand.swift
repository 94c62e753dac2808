import ArgumentParser
import Foundation
import JuiceMaker
import JuiceServer

/// `juice-server`: the counter's page and HTTP API over a store's files.
@main
struct JuiceServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "juice-server",
        abstract: "Serve the juice counter: a web page and an HTTP API over the menu and inventory files.",
        discussion: """
            Without --stores, the one store is named `main`: --menu (default recipes/menu.yaml when it exists, \
            else the built-in menu) and --inventory (default inventory.yaml). Changes go through the same \
            locked journal as `juice`, so both may run at once on one store.
            """
    )

    @Option(help: "The address to listen on; any other than loopback needs a token.")
    var host = "127.0.0.1"

    @Option(help: "The TCP port; 0 for any free one.")
    var port = 8080

    @Option(help: ArgumentHelp("The menu file of the one store.", valueName: "file"))
    var menu: String?

    @Option(help: ArgumentHelp("The inventory file of the one store.", valueName: "file"))
    var inventory: String?

    @Option(help: ArgumentHelp("The chain's manifest: serve each of its stores.", valueName: "file"))
    var stores: String?

    @Option(help: ArgumentHelp("The token changes need, as `Authorization: Bearer TOKEN` (or JUICE_TOKEN)."))
    var token: String?

    @Option(help: ArgumentHelp("The most event streams open at once; past it, 503.", valueName: "n"))
    var maxStreams = 1000

    func validate() throws {
        if stores != nil, menu != nil || inventory != nil {
            throw ValidationError("--stores serves a chain's stores: give it without --menu and --inventory")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        guard maxStreams >= 1 else { throw ValidationError("--max-streams must be 1 or more") }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let service = StoreService(environment: environment)
        var configuration = ServerConfiguration(
            host: host, port: port, stores: storeSource(service), token: token ?? environment["JUICE_TOKEN"],
            lockTimeout: service.lockTimeout)
        configuration.maxStreams = maxStreams
        let app: JuiceApp
        do {
            app = try JuiceApp(configuration)
        } catch {
            FileHandle.standardError.write(Data("juice-server: error: \(error)\n".utf8))
            throw ExitCode(78)
        }
        let host = host
        try await app.application { port in
            // The one line on stdout: where to go (and, for tests, the port).
            FileHandle.standardOutput.write(Data("juice-server: listening on http://\(host):\(port)\n".utf8))
        }.runService()
    }

    /// The stores to serve, with `juice`'s default files: the store
    /// service's rules, so that a default menu that cannot be read (a
    /// dangling link) is refused as `juice` refuses it.
    private func storeSource(_ service: StoreService) -> ServerConfiguration.Stores {
        if let stores { return .chain(manifestPath: stores) }
        let address = service.address(menu: menu, inventory: inventory)
        return .single(
            menuPath: address.menuPath, inventoryPath: address.inventoryPath ?? StoreService.defaultInventoryPath)
    }
}
