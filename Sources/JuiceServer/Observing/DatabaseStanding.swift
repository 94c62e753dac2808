import Foundation

/// How the database of `--sync` or `--central` stands, as the server last
/// found it: what `GET /healthz` and `GET /metrics` say of it.
public struct DatabaseStanding: Sendable {
    /// What the database holds of one store, and since when the server
    /// knows it.
    public struct Shipped: Sendable, Equatable {
        /// The last entry of the store the database holds (0 for none).
        public var through: Int
        /// When the syncer last found the database holding every entry it
        /// had read.
        public var at: Date

        /// Entries through `through`, found held at `at`.
        public init(through: Int, at: Date) {
            self.through = through
            self.at = at
        }
    }

    /// The database as the console names it (`host:port/database`).
    public var name: String
    /// Whether the last attempt to reach it did; `nil` before the first.
    public var isReachable: Bool?
    /// With `--sync`: by store, what the database holds.
    public var shipped: [String: Shipped] = [:]
    /// With `--sync`: whether the database, reached, refuses the role a
    /// privilege it needs.
    public var isRefused = false
    /// With `--sync`: the stores not synced until a person mends them (a
    /// journal that disagrees with the database).
    public var stopped: Set<String> = []
    /// With `--central`: when the copy was last pulled whole; `nil` before.
    public var copiedAt: Date?

    /// The database `name`, not yet tried.
    public init(name: String) {
        self.name = name
    }
}
