import Foundation

/// The page and the API's description, from the package's resources
/// (`Public/`), read once at start: nothing is fetched from elsewhere.
struct PageResources: Sendable {
    /// A file served as it is.
    struct File: Sendable {
        var contents: String
        var contentType: String
    }

    /// By the path they are served at: `/`, `/app.js`, ...
    let files: [String: File]

    /// The page, also served at `/stores/{store}`.
    var page: File? { files["/"] }

    /// - Throws: ``ServerStartError`` when a resource is missing.
    init() throws(ServerStartError) {
        let served: [(path: String, name: String, type: String)] = [
            ("/", "index.html", "text/html; charset=utf-8"),
            ("/app.js", "app.js", "text/javascript; charset=utf-8"),
            ("/app.css", "app.css", "text/css; charset=utf-8"),
            ("/openapi.yaml", "openapi.yaml", "application/yaml; charset=utf-8"),
        ]
        var files: [String: File] = [:]
        for file in served {
            let parts = file.name.split(separator: ".")
            guard
                let url = Bundle.module.url(
                    forResource: String(parts[0]), withExtension: String(parts[1]), subdirectory: "Public"),
                let contents = try? String(contentsOf: url, encoding: .utf8)
            else { throw .missingResource(file.name) }
            files[file.path] = File(contents: contents, contentType: file.type)
        }
        self.files = files
    }
}
