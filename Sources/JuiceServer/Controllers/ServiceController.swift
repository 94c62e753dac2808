import Foundation
import Hummingbird

/// What a service manager and a collector ask of the server (SPEC 19):
/// `GET /healthz`, whether it serves every store, and `GET /metrics`, its
/// metrics in Prometheus' text format (the token they need off loopback
/// is checked by ``TokenMiddleware``).
struct ServiceController: Sendable {
    let directory: ServedStores
    /// How the database of `--sync` or `--central` stands; `nil` without.
    let database: (@Sendable () -> DatabaseStanding)?
    /// Whether the server serves a copy, taking no change (`--central`):
    /// its stores need no folder to save in.
    let isReadOnly: Bool

    /// The paths it routes.
    static let paths: Set<String> = ["/healthz", "/metrics"]

    var endpoints: RouteCollection<CounterContext> {
        let routes = RouteCollection(context: CounterContext.self)
        routes.get("/healthz") { request, _ in
            let language = RequestLanguage(request)
            let report = await health(language: language.code)
            var response = JSONAnswer.ok(report, language: language)
            if !report.isHealthy { response.status = .serviceUnavailable }
            response.headers[.cacheControl] = "no-store"
            return response
        }
        routes.get("/metrics") { _, _ in
            await refresh()
            return Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: CounterMetrics.text())))
        }
        return routes
    }

    /// The manifest's problem, each store's, read on the stores' threads,
    /// then the database's.
    private func health(language: String) async -> HealthReport {
        var problems: [HealthReport.Problem] = []
        if let since = directory.manifestUnreadableSince {
            problems.append(
                HealthReport.Problem(
                    store: nil, problem: "manifest",
                    message: ServerText.manifestUnreadable(since: since).text(language)))
        }
        let isReadOnly = isReadOnly
        let stores = directory.stores
        for (name, address) in stores {
            let store = directory.request(name, address, language: language)
            let problem = try? await directory.run(store, .read) { () throws(APIFailure) in
                store.healthProblem(takesChanges: !isReadOnly)
            }
            if let problem { problems.append(problem) }
        }
        guard let database = database?() else { return HealthReport(problems: problems) }
        for (store, _) in stores where database.stopped.contains(store) {
            problems.append(
                HealthReport.Problem(
                    store: store, problem: "syncStopped", message: ServerText.syncStopped(store).text(language)))
        }
        if database.isReachable == false {
            problems.append(
                HealthReport.Problem(
                    store: nil, problem: "database", message: ServerText.databaseAway(database.name).text(language)))
        } else if database.isRefused {
            problems.append(
                HealthReport.Problem(
                    store: nil, problem: "refused", message: ServerText.databaseRefuses(database.name).text(language)))
        }
        return HealthReport(problems: problems)
    }

    /// Sets the gauges read at a scrape: the streams open, and how the
    /// database stands.
    private func refresh() async {
        CounterMetrics.streamsOpen(directory.events.streamCount)
        guard let database = database?() else { return }
        CounterMetrics.databaseUp(database.isReachable != false)
        let now = Date()
        if let copiedAt = database.copiedAt { CounterMetrics.copyAge(now.timeIntervalSince(copiedAt)) }
        for (name, address) in directory.stores {
            guard let shipped = database.shipped[name] else { continue }
            CounterMetrics.sinceShipment(now.timeIntervalSince(shipped.at), store: name)
            let store = directory.request(name, address, language: "en")
            let last = try? await directory.run(store, .read) { () throws(APIFailure) in store.lastEntry() }
            if let last = last ?? nil { CounterMetrics.unshipped(max(last - shipped.through, 0), store: name) }
        }
    }
}
