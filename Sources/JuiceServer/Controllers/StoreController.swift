import HTTPTypes
import Hummingbird
import JuiceMaker
import JuicePresentation

/// The API under `/api/stores`: the stores served, and each store's
/// report, menu, journal, events, orders, and the changes `make`,
/// `adjust`, `count`, `undo`, placing, receiving and cancelling an
/// order, and importing a till's export, each answered with the JSON of
/// `juice ... --format json`.
struct StoreController: Sendable {
    let directory: ServedStores
    /// The largest request body accepted, in bytes.
    let bodyLimit: Int
    /// The largest export `import` accepts, in bytes.
    let importLimit: Int
    /// The imports held at once, over every store.
    let importPlaces: ImportPlaces

    /// The changes whose body may be empty: sent with none, they need no
    /// `Content-Type` (see ``ChangeCheck``).
    static let routesTakingNoBody: Set<String> = ["order", "undo", "waste-expired"]

    /// The changes whose body is not JSON, by the media type it is sent
    /// as (see ``ChangeCheck``): `import`'s is a till's export.
    static let routesTakingOtherMedia: [String: String] = ["import": "text/csv"]

    /// The routes, relative to `/api/stores`.
    var endpoints: RouteCollection<CounterContext> {
        let routes = RouteCollection(context: CounterContext.self)
        routes.get { request, _ in
            JSONAnswer.ok(StoresJSON(stores: directory.stores.map(\.name)), language: RequestLanguage(request))
        }
        get(routes, "report") { store throws(APIFailure) in try store.report() }
        get(routes, "menu") { store throws(APIFailure) in try store.json(store.menu()) }
        get(routes, "order") { store throws(APIFailure) in try store.order() }
        get(routes, "orders") { store throws(APIFailure) in try store.openOrders() }
        get(routes, "usage") { request, language throws(APIFailure) in
            try PeriodQuery(request, takesBy: true, language: language)
        } work: { store, query throws(APIFailure) in
            try store.usage(query)
        }
        get(routes, "variance") { request, language throws(APIFailure) in
            try PeriodQuery(request, takesBy: false, language: language)
        } work: { store, query throws(APIFailure) in
            try store.variance(query)
        }
        // A page of the journal, newest first, written as its entries are
        // read; and the event stream. Both are streamed: their `HEAD` is
        // routed here too (not made by the router, which would say
        // `Content-Length: 0`), for ``HeadWithoutBody`` to send `GET`'s
        // headers without the body.
        for method in [HTTPRequest.Method.get, .head] {
            routes.on("{store}/log", method: method) { request, context in
                let language = RequestLanguage(request)
                do throws(APIFailure) {
                    let store = try store(request, context)
                    let query = try LogQuery(request, language: language.code)
                    let log = try await directory.run(store, .read) { () throws(APIFailure) in
                        try store.log(before: query.before, limit: query.limit)
                    }
                    return log.response(on: directory, for: store)
                } catch {
                    return JSONAnswer.failure(error, language: language)
                }
            }
            routes.on("{store}/events", method: method) { request, context in
                let language = RequestLanguage(request)
                do throws(APIFailure) {
                    return EventStream(
                        request: try store(request, context), hub: directory.events, connection: context.channel
                    )
                    .response(isHead: method == .head)
                } catch {
                    return JSONAnswer.failure(error, language: language)
                }
            }
        }
        post(routes, "make", MakeBody.self) { store, body, key throws(APIFailure) in
            try store.json(store.make(body.orders, key: key))
        }
        post(routes, "adjust", AdjustBody.self) { store, body, key throws(APIFailure) in
            try store.json(store.adjust(body.changes, reason: try body.reason(language: store.language), key: key))
        }
        post(routes, "count", CountBody.self) { store, body, key throws(APIFailure) in
            try store.json(store.count(body.counts, key: key))
        }
        post(routes, "undo", UndoBody.self) { store, body, key throws(APIFailure) in
            try store.json(store.undo(body.id, key: key))
        }
        post(routes, "waste-expired", EmptyBody.self) { store, _, key throws(APIFailure) in
            try store.json(store.throwOutExpired(key: key))
        }
        // An order is placed, received and cancelled once by its id: no
        // idempotency key is needed (a second receive is refused).
        post(routes, "order", EmptyBody.self) { store, _, _ throws(APIFailure) in try store.placeOrder() }
        post(routes, "receive", ReceiveBody.self) { store, body, _ throws(APIFailure) in
            try store.receive(body.order.value, arrived: body.arrived ?? [])
        }
        post(routes, "cancel", CancelBody.self) { store, body, _ throws(APIFailure) in
            try store.json(store.cancelOrder(body.order.value))
        }
        // A till's export, booked ticket by ticket, each once: sent again,
        // it books nothing twice, so it takes no idempotency key.
        routes.post("{store}/import") { request, context in
            guard importPlaces.take() else {
                let language = RequestLanguage(request)
                return JSONAnswer.failure(
                    .busy(ServerText.importsBusy(importPlaces.limit).text(language.code)), language: language)
            }
            defer { importPlaces.give() }
            return await answer(request, context, .change) { request throws(APIFailure) in
                let query = try ImportQuery(request, language: RequestLanguage(request).code)
                return (try await RequestBody.bytes(of: request, limit: importLimit), query)
            } work: { store, body throws(APIFailure) in
                try store.importSales(body.0, body.1)
            }
        }
        return routes
    }

    /// `GET {store}/NAME`, answered with the JSON text of `work`.
    private func get(
        _ routes: RouteCollection<CounterContext>, _ name: String,
        _ work: @escaping @Sendable (StoreRequest) throws(APIFailure) -> String
    ) {
        get(routes, name) { _, _ throws(APIFailure) in
            ()
        } work: { store, _ throws(APIFailure) in
            try work(store)
        }
    }

    /// `GET {store}/NAME`, its options read from the query by `query` (in
    /// the request's language) before any file is, and answered with the
    /// JSON text of `work`.
    private func get<Query: Sendable>(
        _ routes: RouteCollection<CounterContext>, _ name: String,
        query: @escaping @Sendable (Request, String) throws(APIFailure) -> Query,
        work: @escaping @Sendable (StoreRequest, Query) throws(APIFailure) -> String
    ) {
        routes.get(RouterPath("{store}/" + name)) { request, context in
            await answer(request, context, .read) { request throws(APIFailure) in
                try query(request, RequestLanguage(request).code)
            } work: { store, query throws(APIFailure) in
                try work(store, query)
            }
        }
    }

    /// `POST {store}/NAME`, whose JSON body is a `Body`, with its
    /// `Idempotency-Key`, if any.
    private func post<Body: Decodable & Sendable>(
        _ routes: RouteCollection<CounterContext>, _ name: String, _ type: Body.Type,
        _ work: @escaping @Sendable (StoreRequest, Body, IdempotencyKey?) throws(APIFailure) -> String
    ) {
        routes.post(RouterPath("{store}/" + name)) { request, context in
            await answer(request, context, .change) { request throws(APIFailure) in
                let key = try Self.idempotencyKey(of: request)
                return (try await RequestBody.decode(Body.self, from: request, limit: bodyLimit), key)
            } work: { store, body throws(APIFailure) in
                try work(store, body.0, body.1)
            }
        }
    }

    /// The request's `Idempotency-Key`: none, or one of the key's form
    /// (else a 400).
    private static func idempotencyKey(of request: Request) throws(APIFailure) -> IdempotencyKey? {
        let values = request.headers[values: .idempotencyKey]
        guard let text = values.first else { return nil }
        guard values.count == 1, let key = IdempotencyKey(text) else {
            throw .usage(ServerText.badIdempotencyKey.text(RequestLanguage(request).code))
        }
        return key
    }

    /// Finds the store, reads the body, runs `work` on the store's line of
    /// the ``StoreQueue`` and answers with the JSON text it makes, or
    /// with the failure's.
    ///
    /// - Parameter kind: whether `work` changes the stock.
    private func answer<Body: Sendable>(
        _ request: Request, _ context: CounterContext, _ kind: StoreQueue.Kind,
        body: (Request) async throws(APIFailure) -> Body,
        work: @escaping @Sendable (StoreRequest, Body) throws(APIFailure) -> String
    ) async -> Response {
        let language = RequestLanguage(request)
        do {
            let store = try store(request, context)
            let body = try await body(request)
            let json = try await directory.run(store, kind) { () throws(APIFailure) in try work(store, body) }
            return JSONAnswer.text(json, status: .ok)
        } catch {
            return JSONAnswer.failure(error, language: language)
        }
    }

    /// The store the path names, or a 404 with the known ones.
    private func store(_ request: Request, _ context: CounterContext) throws(APIFailure) -> StoreRequest {
        let language = RequestLanguage(request).code
        do {
            let name = context.parameters.get("store") ?? ""
            return directory.request(name, try directory.address(of: name), language: language)
        } catch {
            throw APIFailure(error, making: false, context: FailureContext(catalogue: Catalogue(language), menu: nil))
        }
    }
}

extension HTTPField.Name {
    /// `Idempotency-Key`: a change made once however often it is sent.
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
}
