import Foundation
import JuiceMaker
import Logging

/// What `juice-server` serves and where: the address, the stores, and the
/// token that changes need.
public struct ServerConfiguration: Sendable {
    /// Where the stores come from.
    public enum Stores: Sendable, Equatable {
        /// One store, named `main`: a menu file (`nil` for the built-in
        /// menu) and an inventory file.
        case single(menuPath: String?, inventoryPath: String)
        /// The stores of a chain's manifest, by their names.
        case chain(manifestPath: String)
    }

    /// The address to listen on: a host name or an IP address, resolved at
    /// start (see ``ListeningAddress``).
    public var host: String
    /// More names a request's `Host` may give for the server (`--allow-host`),
    /// beside loopback's and `host`: the name a tablet opens, say.
    public var allowedHosts: [String]
    /// The TCP port; 0 for any free one.
    public var port: Int
    /// Where the stores come from.
    public var stores: Stores
    /// The token that requests changing stock must send as
    /// `Authorization: Bearer TOKEN`; `nil` for none.
    public var token: String?
    /// How long a change waits for the inventory's lock, in seconds.
    public var lockTimeout: Double
    /// The largest request body accepted, in bytes; larger ones get 413.
    public var bodyLimit: Int
    /// The largest till's export `POST .../import` accepts, in bytes
    /// (8 MiB: tens of thousands of sale rows, a day of a busy store);
    /// larger ones get 413, and `juice import` takes them.
    public var importLimit = 8 << 20
    /// The most imports held at once, over every store (each export is
    /// read whole first); past it, 503 `busy`.
    public var importsAtOnce = 8
    /// Whether the server serves a copy of the stores (the head office's):
    /// every change (`make`, `adjust`, `count`, `undo`) is answered with
    /// 405 and `Allow: GET, HEAD`, and the page shows that it is read-only.
    public var isReadOnly = false
    /// When each store last synced, by store name, asked once for each
    /// `GET /api/chain`; `nil` when the server does not know (a counter),
    /// so that every store's `lastSynced` is `null`.
    public var lastSynced: (@Sendable () async -> [String: Date])?
    /// Where a line per request and per change goes (SPEC 19).
    public var logger = Logger(label: "juice-server")
    /// How the database of `--sync` or `--central` stands now, asked by
    /// `GET /healthz` and `GET /metrics`; `nil` without one.
    public var database: (@Sendable () -> DatabaseStanding)?

    // Connections, event streams and the stores' threads: SPEC 12's limits.
    /// The most event streams open at once in this process; past it, 503.
    public var maxStreams = 1000
    /// How long a connection may stay idle (between requests) before it is
    /// closed.
    public var idleTimeout = Duration.seconds(60)
    /// How long a request's head may take to arrive, from its first byte
    /// (or from the connection's start) to its blank line; then the
    /// connection is closed.
    public var headTimeout = Duration.seconds(10)
    /// How often an event stream is written to (a comment line), so that
    /// a stream whose connection was closed ends and frees its place.
    public var streamPingInterval = Duration.seconds(10)
    /// The threads that do the stores' file work, for the whole server.
    public var storeThreads = 16
    /// The requests that may wait for one store's turn; past it, 503.
    public var storeQueueLimit = 256

    /// - Parameters:
    ///   - host: the address to listen on (loopback by default).
    ///   - allowedHosts: more names the server answers to.
    ///   - token: required when `host` is not a loopback address.
    public init(
        host: String = "127.0.0.1", allowedHosts: [String] = [], port: Int = 8080, stores: Stores,
        token: String? = nil, lockTimeout: Double = StoreService.defaultLockTimeout,
        bodyLimit: Int = 64 * 1024
    ) {
        self.host = host
        self.allowedHosts = allowedHosts
        self.port = port
        self.stores = stores
        self.token = token
        self.lockTimeout = lockTimeout
        self.bodyLimit = bodyLimit
    }
}
