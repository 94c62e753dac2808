import Foundation
import JuiceMaker
import JuiceServer
import JuiceSync
import JuiceWords
import Synchronization

/// The head office's copy that `juice-server --central` serves: the
/// database's copy of the chain as files (a ``ChainCopy``) in a folder,
/// given or temporary, pulled before the server starts and then as pushes
/// change it, with when each store last synced.
final class CentralCopy: Sendable {
    /// The copy as the first pull left it; ``follow()`` goes on from there.
    private let chainCopy: ChainCopy
    /// When each store last synced, as the last pull read it.
    private let times: Mutex<[String: Date]>
    /// The folder made for the copy, removed by ``remove()``; `nil` when
    /// the user gave one (it is kept).
    private let temporaryFolder: String?
    /// Whether the last pull reached the database, and when the copy was
    /// last pulled whole.
    private let standing: Mutex<DatabaseStanding>

    /// The copy's manifest, which the server serves.
    var manifestPath: String { chainCopy.copyManifestPath }

    /// Pulls the chain of `manifestPath` from `database` into `folder` (a
    /// new temporary folder when `nil`), its lines said in `language`.
    ///
    /// - Throws: ``NotPulled`` when the database could not be reached,
    ///   refused the role, or its schema is not this tool's (said through
    ///   `warn`; a temporary folder is removed); any error when the
    ///   temporary folder cannot be made.
    static func pull(
        into folder: String?, database: DatabaseURL, manifestPath: String, service: StoreService,
        language: Language, warn: @escaping @Sendable (String) -> Void
    ) async throws -> CentralCopy {
        let temporaryFolder = try folder == nil ? makeTemporaryFolder() : nil
        // A temporary folder's path means nothing to the user: its files
        // are named as in the copy.
        let hidden = temporaryFolder.map { $0 + "/" }
        var chainCopy = ChainCopy(
            folder: folder ?? temporaryFolder ?? "", database: database, manifestPath: manifestPath,
            service: service, say: { _ in },
            warn: { line in warn(hidden.map { line.replacingOccurrences(of: $0, with: "") } ?? line) })
        chainCopy.queryTimeout = Syncer.timeout(in: ProcessInfo.processInfo.environment)
        chainCopy.language = language
        let pulled = await chainCopy.pull()
        guard pulled.outcome != .unreachable, pulled.outcome != .forbidden else {
            if let temporaryFolder { try? FileManager.default.removeItem(atPath: temporaryFolder) }
            throw NotPulled(outcome: pulled.outcome)
        }
        var standing = DatabaseStanding(name: "\(database)")
        standing.record(pulled)
        return CentralCopy(chainCopy, stores: pulled.stores, temporaryFolder: temporaryFolder, standing: standing)
    }

    /// The first pull found no copy to serve: the database unreachable,
    /// or the role refused (said already).
    struct NotPulled: Error {
        /// How the pull ended; its exit status is the server's.
        var outcome: Syncer.Outcome
    }

    private init(
        _ chainCopy: ChainCopy, stores: [ChainCopy.StoreState], temporaryFolder: String?, standing: DatabaseStanding
    ) {
        self.chainCopy = chainCopy
        self.times = Mutex(Self.times(of: stores))
        self.temporaryFolder = temporaryFolder
        self.standing = Mutex(standing)
    }

    /// How the database and the copy stand, as the last pull left them.
    func currentStanding() -> DatabaseStanding { standing.withLock { $0 } }

    /// When each store last synced, by name (stores that never did are
    /// left out).
    func lastSynced() -> [String: Date] { times.withLock { $0 } }

    /// The environment variable that sets how often the copy is pulled
    /// whole however quiet the database is (a push's stores are pulled as
    /// soon as it says so): seconds, 60 when unset.
    static let pollVariable = "JUICE_CENTRAL_POLL"

    /// The seconds ``pollVariable`` sets in `environment`: 1 to
    /// ``Syncer/longestTimeout``, else 60.
    static func poll(in environment: [String: String]) -> Double {
        Syncer.seconds(pollVariable, in: environment, from: 1, otherwise: 60)
    }

    /// Keeps the copy up to the database until the task is cancelled: the
    /// stores each push names, and every store every `poll` seconds
    /// (``ChainCopy/follow(every:safetyPoll:_:)``).
    func follow(poll: Double) async {
        await chainCopy.follow(safetyPoll: .seconds(poll)) { pulled in
            if !pulled.stores.isEmpty {
                let times = Self.times(of: pulled.stores)
                self.times.withLock { known in
                    known = pulled.isWhole ? times : known.merging(times) { _, new in new }
                }
            }
            self.standing.withLock { $0.record(pulled) }
        }
    }

    /// Removes the copy's folder if it was made for it.
    func remove() {
        if let temporaryFolder { try? FileManager.default.removeItem(atPath: temporaryFolder) }
    }

    private static func times(of stores: [ChainCopy.StoreState]) -> [String: Date] {
        Dictionary(stores.compactMap { store in store.syncedAt.map { (store.name, $0) } }, uniquingKeysWith: max)
    }

    /// A new folder of this process's own under the system's temporary folder.
    private static func makeTemporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "juice-central-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        return folder.path
    }
}

extension DatabaseStanding {
    /// Keeps what `pulled` found: whether the database answered, and when
    /// the copy was whole.
    fileprivate mutating func record(_ pulled: ChainCopy.Pulled) {
        isReachable = pulled.outcome != .unreachable
        if pulled.isWhole, pulled.outcome == .done { copiedAt = Date() }
    }
}
