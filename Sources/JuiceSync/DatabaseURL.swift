import Foundation
import PostgresNIO

/// Where the head office's database is: a `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`
/// URL (`postgresql://` too), as `psql` takes it. Port 5432 and database
/// `postgres` when none is given; without a password in the URL, the
/// environment's `PGPASSWORD`, as `psql` takes it (so that the password is
/// not on the command line, which `ps` shows). The connection is not
/// encrypted (TLS is not yet offered).
public struct DatabaseURL: Sendable, CustomStringConvertible {
    /// The server's host name or address.
    public var host: String
    /// The server's TCP port.
    public var port: Int
    /// The role to connect as.
    public var user: String
    /// The role's password, if the server asks for one.
    public var password: String?
    /// The database.
    public var database: String

    /// The URL `text`, or `nil` when it is not a `postgres://` URL with a
    /// user and a host; its password, else `environment`'s `PGPASSWORD`.
    public init?(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let parts = URLComponents(string: text), ["postgres", "postgresql"].contains(parts.scheme),
            let host = parts.host, !host.isEmpty, let user = parts.user, !user.isEmpty
        else { return nil }
        self.host = host
        port = parts.port ?? 5432
        self.user = user
        password = parts.password ?? environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
        let path = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        database = path.isEmpty ? "postgres" : path
    }

    /// The same server, another database: what a test makes for itself.
    public func with(database: String) -> DatabaseURL {
        var url = self
        url.database = database
        return url
    }

    /// `HOST:PORT/DATABASE`: what messages name, never the password.
    public var description: String { "\(host):\(port)/\(database)" }

    /// The connection's settings: a connect timeout of 5 seconds, so that a
    /// database that is away is said soon.
    var configuration: PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: .disable)
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }
}
