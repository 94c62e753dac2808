import JuiceMaker

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
