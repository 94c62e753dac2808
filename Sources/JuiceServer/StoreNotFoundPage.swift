import Foundation
import Hummingbird

/// The answer to `/stores/NAME` for a store the server does not serve: a
/// 404 page that lists the stores it does serve, each a link, so that a
/// mistyped address never shows (and changes) another store's stock.
struct StoreNotFoundPage: Sendable {
    /// The stores served, in the manifest's order.
    let stores: [String]

    /// The page for `name`, in `language` (`en` or `ko`).
    func response(for name: String, language: String) -> Response {
        let items = stores.map { store in
            let path = "/stores/" + (store.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? store)
            return "<li><a href=\"\(Self.escaped(path))\">\(Self.escaped(store))</a></li>"
        }
        let html = """
            <!doctype html>
            <html lang="\(language)">
            <head>
              <meta charset="utf-8">
              <meta name="viewport" content="width=device-width, initial-scale=1">
              <title>\(Self.escaped(ServerText.noSuchStorePage(name).text(language)))</title>
              <link rel="stylesheet" href="/app.css">
            </head>
            <body>
              <main>
                <h1>\(Self.escaped(ServerText.noSuchStorePage(name).text(language)))</h1>
                <p>\(Self.escaped(ServerText.storesServed.text(language)))</p>
                <ul id="stores">
                  \(items.joined(separator: "\n      "))
                </ul>
              </main>
            </body>
            </html>

            """
        return Response(
            status: .notFound, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// `text` safe inside an element or a quoted attribute.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
