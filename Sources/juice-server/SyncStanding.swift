import Foundation
import JuiceServer
import JuiceSync
import Synchronization

/// How the database of `--sync` stands, as the syncer's watch finds it
/// (``Syncer/Observation``): what `/healthz` and `/metrics` say of it.
final class SyncStanding: Sendable {
    private let standing: Mutex<DatabaseStanding>

    /// The database `database`, not yet tried.
    init(_ database: DatabaseURL) {
        standing = Mutex(DatabaseStanding(name: "\(database)"))
    }

    /// Keeps what the watch found.
    func observe(_ observation: Syncer.Observation) {
        standing.withLock { standing in
            switch observation {
            case .databaseAway:
                standing.isReachable = false
                standing.isRefused = false
            case .holds(let store, let through):
                standing.isReachable = true
                standing.isRefused = false
                standing.shipped[store] = DatabaseStanding.Shipped(through: through, at: Date())
            case .stopped(let store):
                standing.isReachable = true
                standing.stopped.insert(store)
            case .refused:
                standing.isReachable = true
                standing.isRefused = true
            }
        }
    }

    /// The standing now.
    func current() -> DatabaseStanding { standing.withLock { $0 } }
}
