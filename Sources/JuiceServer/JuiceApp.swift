import Hummingbird
import HummingbirdCore
import JuiceMaker
import JuicePresentation
import NIOCore

/// The counter: the HTTP API over the stores' files, their events and the
/// page, on Hummingbird. `juice-server` runs ``application()``; tests build
/// it in process.
public struct JuiceApp: Sendable {
    let configuration: ServerConfiguration
    /// Where it listens, resolved at start.
    public let address: ListeningAddress
    let directory: ServedStores
    let resources: PageResources
    /// The open-file limit, raised at start.
    let descriptors: DescriptorLimit

    /// Checks the configuration, resolves the host, and reads the manifest
    /// and the page.
    ///
    /// - Throws: ``ServerStartError`` for an empty token, a host that names
    ///   no address, an address other than loopback without a token (but
    ///   for a read-only server, which has nothing to protect), a
    ///   manifest that cannot be read or names no store, or a resource
    ///   that cannot be read.
    public init(_ configuration: ServerConfiguration) throws(ServerStartError) {
        if configuration.token?.isEmpty == true { throw .emptyToken }
        address = try ListeningAddress(host: configuration.host)
        if !address.isLoopback, !configuration.isReadOnly, configuration.token == nil {
            throw .needsToken(configuration.host)
        }
        self.configuration = configuration
        do {
            descriptors = DescriptorLimit.raised()
            directory = try ServedStores(
                configuration, service: StoreService(lockTimeout: configuration.lockTimeout),
                maxStreams: descriptors.streams(requested: configuration.maxStreams))
        } catch {
            throw ServerStartError(stores: error)
        }
        if case .chain(let manifestPath) = configuration.stores, directory.stores.isEmpty {
            throw .noStores(manifestPath)
        }
        resources = try PageResources(readOnly: configuration.isReadOnly)
        // swift-metrics bootstrapped before any metric is made.
        _ = CounterMetrics.registry
    }

    /// The application, listening where the configuration says, within
    /// SPEC 12's limits: connections idle for the idle timeout closed, a
    /// request's head read within the head timeout (``CounterChannel``), and
    /// no more connections accepted at once than the open-file limit
    /// (raised to the hard limit at start) leaves room for
    /// (``DescriptorLimit/connections``). Each request is routed in a task
    /// of its own (``RoutingTask``).
    ///
    /// - Parameter onListening: called with the port once the server
    ///   listens (the port chosen when the configuration asks for 0).
    public func application(
        onListening: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            responder: RoutingTask(responder: router().buildResponder()),
            server: CounterChannel.server(configuration),
            configuration: .init(
                address: .hostname(address.address, port: configuration.port), serverName: "juice-server",
                availableConnectionsDelegate: MaximumAvailableConnections(descriptors.connections)),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) })
    }

    /// Every route: the pages and the OpenAPI document, and the API under
    /// `/api/stores` and `/api/chain`, and `/healthz` and `/metrics`
    /// (``ServiceController``), each also answering `HEAD` (see
    /// ``HeadWithoutBody``). Before any: the requests' metrics and log, the security
    /// headers, `Host` (421) and the token (401), then on the API's
    /// changes, on a read-only server a 405, else their origin and media
    /// type (403, 415); after all, a method a path does not take answered
    /// with 405.
    public func router() -> Router<CounterContext> {
        let router = Router(context: CounterContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: HeadMetrics())
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: RequestLog(logger: configuration.logger))
        router.add(middleware: SecurityHeaders())
        router.add(middleware: HeadWithoutBody())
        let names = address.hostNames.union(
            configuration.allowedHosts.map {
                HostCheck<CounterContext>.name(of: ListeningAddress.bracketed($0))
            })
        router.add(middleware: HostCheck(names: names))
        router.add(middleware: TokenMiddleware(token: configuration.token))
        let directory = directory
        router.addRoutes(PageController(resources: resources, stores: { directory.stores.map(\.name) }).endpoints)
        router.addRoutes(
            ServiceController(
                directory: directory, database: configuration.database, isReadOnly: configuration.isReadOnly
            ).endpoints)
        // On the API's routes only: a `POST` no route takes is a 405; on a
        // copy, every change is.
        let stores = router.group("/api/stores")
        stores.add(middleware: MakeCounting(isServed: directory.serves))
        if configuration.isReadOnly { stores.add(middleware: ReadOnly()) }
        stores.add(
            middleware: ChangeCheck(
                routesTakingNoBody: StoreController.routesTakingNoBody,
                mediaTypes: StoreController.routesTakingOtherMedia)
        ).addRoutes(
            StoreController(
                directory: directory, bodyLimit: configuration.bodyLimit, importLimit: configuration.importLimit,
                importPlaces: ImportPlaces(limit: configuration.importsAtOnce)
            ).endpoints)
        router.addRoutes(ChainController(directory: directory, lastSynced: configuration.lastSynced).endpoints)
        // Last: it sees only the requests no route took (on the API's and
        // the service's paths).
        let api = router.routes.filter {
            let path = "\($0.path)"
            return (path.hasPrefix("/api/") || ServiceController.paths.contains(path)) && $0.method != .head
        }
        router.add(middleware: MethodNotAllowed(routes: api.map { .init("\($0.path)", $0.method) }))
        return router
    }

    /// The start-up error that `error`, thrown by the application before it
    /// listens, stands for: a port in use, a port only root may take, an
    /// address that is not this machine's; `nil` for any other error.
    public func startError(for error: any Error) -> ServerStartError? {
        guard let error = error as? IOError else { return nil }
        return ServerStartError(listeningOn: address, port: configuration.port, errno: error.errnoCode)
    }
}
