import Foundation
import Hummingbird
import JuiceMaker
import JuicePresentation

/// `GET /api/chain`: every store of the manifest with what it can make
/// now, the JSON of `juice report --stores FILE --format json`, each store
/// with `lastSynced` (an RFC 3339 time, or `null` when the server does not
/// know it). Each store's files are read once, on every core, off the
/// event loops (on the ``StoreQueue``'s line of the manifest). A server
/// of one store without a manifest answers with a chain of that store.
struct ChainController: Sendable {
    let directory: ServedStores
    /// When each store last synced (see ``ServerConfiguration/lastSynced``).
    let lastSynced: (@Sendable () async -> [String: Date])?

    var endpoints: RouteCollection<CounterContext> {
        let routes = RouteCollection(context: CounterContext.self)
        routes.get("/api/chain") { request, _ in
            let language = RequestLanguage(request)
            do throws(APIFailure) {
                return try await answer(language: language.code)
            } catch {
                return JSONAnswer.failure(error, language: language)
            }
        }
        return routes
    }

    /// The chain's report in `language`; without a manifest, the one
    /// store's, as a chain of one.
    private func answer(language: String) async throws(APIFailure) -> Response {
        let times = await lastSynced?() ?? [:]
        let body: ByteBuffer
        if let chain = directory.chain {
            let line = StoreAddress(manifestPath: directory.source, menuPath: nil, inventoryPath: nil)
            body = try await directory.executor.run(
                store: line, .read, maximumWait: .seconds(max(directory.service.lockTimeout, 1)), language: language
            ) { () throws(APIFailure) -> ByteBuffer in
                let out = ByteWriter(reserving: 1 << 16)
                ChainReportJSONWriter(language: language, lastSynced: times).write(
                    manifestDiagnostics: chain.manifestDiagnostics, stores: chain.stores, to: out
                ) { work, consume in
                    chain.forEachStore(work) { summary, part in
                        consume(summary, part)
                        return true
                    }
                }
                return ByteBuffer(bytes: out.bytes)
            }
        } else {
            let (name, address) = directory.stores[0]
            let store = directory.request(name, address, language: language)
            body = try await directory.run(store, .read) { () throws(APIFailure) in
                try store.chain(lastSynced: times, name: name)
            }
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: body))
    }
}
