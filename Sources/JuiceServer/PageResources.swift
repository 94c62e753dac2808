import Foundation
import JuiceWords

/// The page and the API's description, from the package's resources
/// (`Public/`), embedded in the code (nothing beside the binary is read)
/// and made ready once at start: nothing is fetched from elsewhere.
struct PageResources: Sendable {
    /// A file served as it is.
    struct File: Sendable {
        var contents: String
        var contentType: String
    }

    /// By the path they are served at: `/`, `/chain`, `/page.js`, `/app.js`, ...
    let files: [String: File]

    /// The store's page, served at `/stores/{store}`.
    let page: File

    /// - Parameter readOnly: whether the server serves a copy: `/` is then
    ///   the chain page, and the store's page is marked read-only (its
    ///   `<html>` has `data-read-only`).
    /// - Throws: ``ServerStartError`` when a script lacks the place of its
    ///   words.
    init(readOnly: Bool = false) throws(ServerStartError) {
        let html = "text/html; charset=utf-8"
        let javaScript = "text/javascript; charset=utf-8"
        let served: [(path: String, bytes: [UInt8], type: String)] = [
            ("/stores", PackageResources.index_html, html),
            ("/chain", PackageResources.chain_html, html),
            ("/page.js", PackageResources.page_js, javaScript),
            ("/app.js", PackageResources.app_js, javaScript),
            ("/chain.js", PackageResources.chain_js, javaScript),
            ("/app.css", PackageResources.app_css, "text/css; charset=utf-8"),
            ("/openapi.yaml", PackageResources.openapi_yaml, "application/yaml; charset=utf-8"),
        ]
        var files: [String: File] = [:]
        for file in served {
            files[file.path] = File(contents: String(decoding: file.bytes, as: UTF8.self), contentType: file.type)
        }
        for (path, namespace) in Self.wordsOfScripts {
            guard let script = files[path], script.contents.contains(Self.wordsMarker) else {
                throw .missingResource(String(path.dropFirst()))
            }
            files[path]?.contents = script.contents.replacingOccurrences(
                of: Self.wordsMarker, with: Self.words(namespace))
        }
        var page = files.removeValue(forKey: "/stores")!
        if readOnly { page.contents = page.contents.replacingOccurrences(of: "<html ", with: "<html data-read-only ") }
        files["/"] = readOnly ? files["/chain"] : page
        self.page = page
        self.files = files
    }

    /// The scripts with words, and the namespace of their keys in the word
    /// tables.
    static let wordsOfScripts = ["/app.js": "counterPage", "/chain.js": "chainPage"]

    /// Where a script's words go: `const TEXT = /* words */ {};`.
    static let wordsMarker = "/* words */ {}"

    /// The words of `namespace` in every language, as a JavaScript object:
    /// `{"en": {"title": "Juice Maker", ...}, "ko": {...}}`.
    static func words(_ namespace: String) -> String {
        var words: [String: [String: String]] = [:]
        for language in Language.allCases { words[language.rawValue] = Words.section(namespace, language) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A dictionary of strings always encodes.
        return String(decoding: (try? encoder.encode(words)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
