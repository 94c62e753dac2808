import Hummingbird
import HummingbirdCore
import JuiceMaker
import JuicePresentation

/// The counter: the HTTP API over the stores' files, their events and the
/// page, on Hummingbird. `juice-server` runs ``application()``; tests build
/// it in process.
public struct JuiceApp: Sendable {
    let configuration: ServerConfiguration
    let directory: StoreDirectory
    let resources: PageResources
    /// The open-file limit, raised at start.
    let descriptors: DescriptorLimit

    /// Checks the configuration and reads the manifest and the page.
    ///
    /// - Throws: ``ServerStartError`` when the address needs a token and has
    ///   none, or the manifest or a resource cannot be read.
    public init(_ configuration: ServerConfiguration) throws(ServerStartError) {
        if let refusal = configuration.refusal { throw ServerStartError(refusal) }
        self.configuration = configuration
        do {
            descriptors = DescriptorLimit.raised()
            directory = try StoreDirectory(
                configuration, service: StoreService(lockTimeout: configuration.lockTimeout),
                maxStreams: descriptors.streams(requested: configuration.maxStreams))
        } catch {
            throw ServerStartError(error.description)
        }
        resources = try PageResources()
    }

    /// The application, listening where the configuration says, within
    /// SPEC 12's limits: connections idle for the idle timeout closed, a
    /// request's head read within the head timeout (``CounterChannel``), and
    /// no more connections accepted at once than the open-file limit
    /// (raised to the hard limit at start) leaves room for
    /// (``DescriptorLimit/connections``).
    ///
    /// - Parameter onListening: called with the port once the server
    ///   listens (the port chosen when the configuration asks for 0).
    public func application(
        onListening: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: router(),
            server: CounterChannel.server(configuration),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "juice-server",
                availableConnectionsDelegate: MaximumAvailableConnections(descriptors.connections)),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) })
    }

    /// Every route: the page and the OpenAPI document, and the API under
    /// `/api/stores`; the token checked before any, and a method a path
    /// does not take answered with 405 after all.
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: TokenMiddleware(token: configuration.token))
        router.addRoutes(PageController(resources: resources).endpoints)
        router.addRoutes(
            StoreController(directory: directory, bodyLimit: configuration.bodyLimit).endpoints, atPath: "/api/stores")
        // Last: it sees only the requests no route took.
        let api = router.routes.filter { "\($0.path)".hasPrefix("/api/") }
        router.add(middleware: MethodNotAllowed(routes: api.map { .init("\($0.path)", $0.method) }))
        return router
    }
}
