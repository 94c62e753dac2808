import Foundation

/// What `GET /healthz` answers: `"ok"` (200) when the server serves every
/// store, else `"failing"` (503) with what is wrong, each problem a
/// sentence in the request's language.
struct HealthReport: Encodable, Sendable {
    /// One thing wrong: a store's files, or the database.
    struct Problem: Encodable, Sendable, Equatable {
        /// The store, `nil` for the manifest and the database.
        var store: String?
        /// `invalid` (a store's files do not validate), `unreadable` (they
        /// cannot be read), `unsavable` (its inventory's folder is gone or
        /// read-only), `manifest` (it cannot be read), `syncStopped` (a
        /// store's journal disagrees with the database), `database` (it
        /// cannot be reached) or `refused` (it refuses a privilege).
        var problem: String
        var message: String
    }

    var status: String
    var problems: [Problem]

    init(problems: [Problem]) {
        status = problems.isEmpty ? "ok" : "failing"
        self.problems = problems
    }

    /// 200 when nothing is wrong, else 503.
    var isHealthy: Bool { problems.isEmpty }
}
