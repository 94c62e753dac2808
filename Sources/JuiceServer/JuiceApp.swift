import Foundation
import Hummingbird
import JuiceMaker
import JuicePresentation

/// The counter: the HTTP API over the stores' files, their events and the
/// page, on Hummingbird. `juice-server` runs ``application()``; tests build
/// it in process.
public struct JuiceApp: Sendable {
    let configuration: ServerConfiguration
    let directory: StoreDirectory
    let resources: PageResources

    /// Checks the configuration and reads the manifest and the page.
    ///
    /// - Throws: ``ServerStartError`` when the address needs a token and has
    ///   none, or the manifest or a resource cannot be read.
    public init(_ configuration: ServerConfiguration) throws(ServerStartError) {
        if let refusal = configuration.refusal { throw ServerStartError(refusal) }
        self.configuration = configuration
        do {
            directory = try StoreDirectory(
                configuration.stores, service: StoreService(lockTimeout: configuration.lockTimeout))
        } catch {
            throw ServerStartError(error.description)
        }
        resources = try PageResources()
    }

    /// The application, listening where the configuration says.
    ///
    /// - Parameter onListening: called with the port once the server
    ///   listens (the port chosen when the configuration asks for 0).
    public func application(
        onListening: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: router(),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "juice-server"),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) })
    }

    /// Every route: the page, the OpenAPI document and the API.
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: TokenMiddleware(token: configuration.token))
        for (path, file) in resources.files {
            router.get(RouterPath(path)) { _, _ in Self.response(file) }
        }
        if let page = resources.page {
            router.get("/stores/{store}") { _, _ in Self.response(page) }
        }
        router.get("/api/stores") { request, _ in
            JSONAnswer.ok(StoresJSON(stores: directory.stores.map(\.name)), language: RequestLanguage(request))
        }
        var routes = [MethodNotAllowed<BasicRequestContext>.Route("/api/stores", .get)]
        get(router, "report", &routes) { store, _ throws(APIFailure) in try store.report() }
        get(router, "menu", &routes) { store, _ throws(APIFailure) in try store.json(store.menu()) }
        // The journal's JSON is written entry by entry, as `juice log` does.
        get(router, "log", &routes) { store, _ throws(APIFailure) in try store.log() }
        router.get("/api/stores/{store}/events") { request, context in
            let language = RequestLanguage(request)
            do throws(APIFailure) {
                return EventStream(request: try store(request, context), language: language).response()
            } catch {
                return JSONAnswer.failure(error, language: language)
            }
        }
        routes.append(.init("/api/stores/{store}/events", .get))
        post(router, "make", &routes, MakeBody.self) { store, body throws(APIFailure) in
            try store.json(store.make(body.orders))
        }
        post(router, "adjust", &routes, AdjustBody.self) { store, body throws(APIFailure) in
            try store.json(store.adjust(body.changes, reason: try body.reason(language: store.language)))
        }
        post(router, "undo", &routes, UndoBody.self) { store, body throws(APIFailure) in
            try store.json(store.undo(body.id))
        }
        // Last: it sees only the requests no route took.
        router.add(middleware: MethodNotAllowed(routes: routes))
        return router
    }

    /// A `GET /api/stores/{store}/NAME` answered with the JSON text of
    /// `work`, added to `routes`.
    private func get(
        _ router: Router<BasicRequestContext>, _ name: String,
        _ routes: inout [MethodNotAllowed<BasicRequestContext>.Route],
        _ work: @escaping @Sendable (StoreRequest, Void) throws(APIFailure) -> String
    ) {
        routes.append(.init("/api/stores/{store}/" + name, .get))
        router.get(RouterPath("/api/stores/{store}/" + name)) { request, context in
            await answer(request, context) { _ throws(APIFailure) in
                ()
            } work: { store, body throws(APIFailure) in
                try work(store, body)
            }
        }
    }

    /// A `POST /api/stores/{store}/NAME` whose JSON body is a `Body`, added
    /// to `routes`.
    private func post<Body: Decodable & Sendable>(
        _ router: Router<BasicRequestContext>, _ name: String,
        _ routes: inout [MethodNotAllowed<BasicRequestContext>.Route],
        _ type: Body.Type, _ work: @escaping @Sendable (StoreRequest, Body) throws(APIFailure) -> String
    ) {
        routes.append(.init("/api/stores/{store}/" + name, .post))
        router.post(RouterPath("/api/stores/{store}/" + name)) { request, context in
            await answer(request, context) { request throws(APIFailure) in
                try await RequestBody.decode(Body.self, from: request, limit: configuration.bodyLimit)
            } work: { store, body throws(APIFailure) in
                try work(store, body)
            }
        }
    }

    /// Finds the store, reads the body, runs `work` off the event loops and
    /// answers with the JSON text it makes, or with the failure's.
    private func answer<Body: Sendable>(
        _ request: Request, _ context: BasicRequestContext,
        body: (Request) async throws(APIFailure) -> Body,
        work: @escaping @Sendable (StoreRequest, Body) throws(APIFailure) -> String
    ) async -> Response {
        let language = RequestLanguage(request)
        do {
            let store = try store(request, context)
            let body = try await body(request)
            let json = try await Blocking.run { () throws(APIFailure) in try work(store, body) }
            return JSONAnswer.text(json, status: .ok)
        } catch {
            return JSONAnswer.failure(error, language: language)
        }
    }

    /// The store the path names, or a 404 with the known ones.
    private func store(_ request: Request, _ context: BasicRequestContext) throws(APIFailure) -> StoreRequest {
        let language = RequestLanguage(request).code
        do {
            let address = try directory.address(of: context.parameters.get("store") ?? "")
            return StoreRequest(service: directory.service, address: address, language: language)
        } catch {
            throw APIFailure(error, making: false, context: FailureContext(catalogue: Catalogue(language), menu: nil))
        }
    }

    private static func response(_ file: PageResources.File) -> Response {
        Response(
            status: .ok, headers: [.contentType: file.contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(string: file.contents)))
    }
}
