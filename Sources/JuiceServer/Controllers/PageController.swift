import Hummingbird

/// The pages and the API's document: `/`, `/chain`, `/page.js`,
/// `/app.js`, `/chain.js`, `/app.css`, `/openapi.yaml`, and the store's page at
/// `/stores/{store}` for a store served (a 404 page listing them for any
/// other).
struct PageController: Sendable {
    let resources: PageResources
    /// The stores served now, by name.
    let stores: @Sendable () -> [String]

    /// The routes, each answered with a file read once at start.
    var endpoints: RouteCollection<CounterContext> {
        let routes = RouteCollection(context: CounterContext.self)
        for (path, file) in resources.files {
            routes.get(RouterPath(path)) { _, _ in Self.response(file) }
        }
        let page = resources.page
        routes.get("/stores/{store}") { request, context in
            let name = context.parameters.get("store") ?? ""
            let stores = stores()
            guard stores.contains(name) else {
                return StoreNotFoundPage(stores: stores).response(for: name, language: RequestLanguage(request).code)
            }
            return Self.response(page)
        }
        return routes
    }

    private static func response(_ file: PageResources.File) -> Response {
        Response(
            status: .ok, headers: [.contentType: file.contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(string: file.contents)))
    }
}
