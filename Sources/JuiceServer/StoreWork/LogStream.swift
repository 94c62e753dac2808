import Hummingbird
import JuiceMaker
import JuicePresentation

/// The answer to `GET {store}/log`: a page of the journal, newest first,
/// as `{"entries": [...], "next": ID or null, "diagnostics": [...]}` (the
/// JSON of `juice log --format json`, with `next`), written a few entries
/// at a time as they are read, so that memory does not grow with the page
/// or the journal.
///
/// The page was checked before the answer starts (a broken journal is a
/// 422, not half an answer); should the journal fail while the entries are
/// written (replaced meanwhile), the answer is cut off, and the client sees
/// an unfinished body.
struct LogStream: Sendable {
    let page: JournalPage
    let menu: Menu
    let language: String
    let catalogue: Catalogue
    /// The menu's warnings and the journal's.
    let diagnostics: [Diagnostic]

    /// The entries read and written at a time.
    static let entriesPerWrite = 64

    /// The streamed response, its entries read on `request`'s line of
    /// `directory`'s executor.
    func response(on directory: ServedStores, for request: StoreRequest) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody { writer in try await write(to: &writer, on: directory, for: request) })
    }

    /// Writes the page, ``entriesPerWrite`` entries at a time.
    private func write(
        to writer: inout any ResponseBodyWriter, on directory: ServedStores, for request: StoreRequest
    ) async throws {
        let text = LogText()
        var renderer = LogRenderer(
            menu: menu, language: language, format: .json, catalogue: catalogue, quiet: true
        ) { text.lines.append($0) }
        renderer.start()
        var page = page
        while true {
            let (entries, rest) = try await directory.run(request, .read) {
                [page, catalogue, menu] () throws(APIFailure) in
                var page = page
                do throws(StoreError) {
                    return (try page.entries(upTo: Self.entriesPerWrite), page)
                } catch {
                    throw APIFailure(error, making: false, context: FailureContext(catalogue: catalogue, menu: menu))
                }
            }
            page = rest
            if entries.isEmpty { break }
            for entry in entries { renderer.write(entry) }
            try await writer.write(ByteBuffer(string: text.take()))
        }
        renderer.finish(diagnostics: diagnostics, next: page.next)
        try await writer.write(ByteBuffer(string: text.take()))
        try await writer.finish(nil)
    }
}

/// The lines a ``LogRenderer`` wrote since they were last taken.
private final class LogText {
    var lines: [String] = []

    /// The lines, each with its line feed; none are kept.
    func take() -> String {
        defer { lines.removeAll(keepingCapacity: true) }
        return lines.map { $0 + "\n" }.joined()
    }
}
