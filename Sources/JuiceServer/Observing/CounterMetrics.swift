import Foundation
import Metrics
import Prometheus

/// The counter's metrics (SPEC 19), kept by swift-metrics in one
/// Prometheus registry per process, which `GET /metrics` writes out.
/// Hummingbird's ``MetricsMiddleware`` counts the requests; the rest are
/// the counter's own, named here.
enum CounterMetrics {
    /// The registry, swift-metrics bootstrapped with it the first time it
    /// is asked for (``JuiceApp`` asks at start, before any metric is made).
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.nameAndLabelSanitizer = { name, labels in
            (hummingbirdNames[name] ?? name, labels.map { (hummingbirdLabels[$0.0] ?? $0.0, $0.1) })
        }
        MetricsSystem.bootstrap(factory)
        return registry
    }()

    /// Hummingbird's metrics' names, as Prometheus names them.
    private static let hummingbirdNames = [
        "hb.requests": "juice_http_requests_total",
        "hb.request.errors": "juice_http_request_errors_total",
        "http.server.request.duration": "juice_http_request_duration_seconds",
        "http.server.active_requests": "juice_http_active_requests",
    ]

    /// Hummingbird's dimensions, as Prometheus labels.
    private static let hummingbirdLabels = [
        "http.route": "route", "http.request.method": "method", "http.response.status_code": "status",
        "error.type": "status",
    ]

    /// The registry's metrics in Prometheus' text format.
    static func text() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }

    // The counter's own metrics, by name.

    /// `juice_makes_total{store}`: the makes a store answered with 200.
    static func make(store: String) {
        Counter(label: "juice_makes_total", dimensions: [("store", store)]).increment()
    }

    /// `juice_make_refusals_total{store,status}`: the makes a store
    /// refused, by status.
    static func makeRefused(store: String, status: Int) {
        Counter(label: "juice_make_refusals_total", dimensions: [("store", store), ("status", "\(status)")])
            .increment()
    }

    /// `juice_store_wait_seconds{store,kind}`: how long a request waited
    /// for its store's turn (behind a change that holds or waits for the
    /// inventory's lock), `kind` `change` or `read`.
    static func waited(_ duration: Duration, store: String, kind: StoreQueue.Kind) {
        Timer(label: "juice_store_wait_seconds", dimensions: [("store", store), ("kind", kind.name)])
            .recordNanoseconds(duration.nanoseconds)
    }

    /// `juice_store_busy_total{store}`: the requests refused with 503
    /// `busy`, their store's line full or their wait too long.
    static func busy(store: String) {
        Counter(label: "juice_store_busy_total", dimensions: [("store", store)]).increment()
    }

    /// `juice_event_streams_open`: the event streams open now.
    static func streamsOpen(_ count: Int) {
        Gauge(label: "juice_event_streams_open").record(count)
    }

    /// `juice_database_up`: 1 when the database of `--sync` or
    /// `--central` answered last, else 0.
    static func databaseUp(_ isUp: Bool) {
        Gauge(label: "juice_database_up").record(isUp ? 1 : 0)
    }

    /// `juice_sync_unshipped_entries{store}`: the store's entries the
    /// database does not hold yet.
    static func unshipped(_ count: Int, store: String) {
        Gauge(label: "juice_sync_unshipped_entries", dimensions: [("store", store)]).record(count)
    }

    /// `juice_sync_seconds_since_shipment{store}`: since the syncer last
    /// found the database holding every entry of the store it had read.
    static func sinceShipment(_ seconds: Double, store: String) {
        Gauge(label: "juice_sync_seconds_since_shipment", dimensions: [("store", store)]).record(seconds)
    }

    /// `juice_copy_age_seconds`: since `--central`'s copy was last pulled
    /// whole.
    static func copyAge(_ seconds: Double) {
        Gauge(label: "juice_copy_age_seconds").record(seconds)
    }
}

extension StoreQueue.Kind {
    /// The kind as a metric's label.
    var name: String {
        switch self {
        case .read: "read"
        case .change: "change"
        }
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    fileprivate var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
