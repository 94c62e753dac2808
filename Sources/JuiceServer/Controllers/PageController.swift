import Hummingbird

/// The page and the API's document: `/`, `/app.js`, `/app.css`,
/// `/openapi.yaml`, and the page again at `/stores/{store}`.
struct PageController: Sendable {
    let resources: PageResources

    /// The routes, each answered with a file read once at start.
    var endpoints: RouteCollection<BasicRequestContext> {
        let routes = RouteCollection(context: BasicRequestContext.self)
        for (path, file) in resources.files {
            routes.get(RouterPath(path)) { _, _ in Self.response(file) }
        }
        if let page = resources.page {
            routes.get("/stores/{store}") { _, _ in Self.response(page) }
        }
        return routes
    }

    private static func response(_ file: PageResources.File) -> Response {
        Response(
            status: .ok, headers: [.contentType: file.contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(string: file.contents)))
    }
}
