import JuiceMaker
import PostgresNIO

/// Ships the journals of a set of stores to the head office's database:
/// once (``pushOnce()``), or on and on (``watch()``). Each store's files
/// are read through the store service, as every front end reads them; each
/// store is on its own, so that one that disagrees with the database stops
/// while the others go on.
public struct Syncer: Sendable {
    /// A store to sync: the name the database keeps it under, and its files.
    public struct Source: Sendable, Hashable {
        /// The store's name in the database.
        public var name: String
        /// Where its files are.
        public var address: StoreAddress

        /// A store named `name` whose files are at `address`.
        public init(name: String, address: StoreAddress) {
            self.name = name
            self.address = address
        }

        /// Every store of the manifest at `manifestPath`, by its name there.
        ///
        /// - Throws: ``StoreError``: the manifest cannot be read, or is invalid.
        public static func chain(manifestPath: String, service: StoreService) throws(StoreError) -> [Source] {
            let chain = try service.chain(manifestPath: manifestPath)
            if chain.manifestDiagnostics.containsErrors { throw .invalidData(chain.manifestDiagnostics) }
            return chain.addresses.map { Source(name: $0.name ?? "", address: $0) }
        }
    }

    /// How a one-shot run (a push, or a pull) ended.
    public enum Outcome: Sendable, Hashable {
        /// Every store is done: shipped up to its journal's end, or copied.
        case done
        /// Some stores stopped (said on stderr); the others were done.
        case storesStopped
        /// The database could not be reached or refused (said on stderr).
        case unreachable

        /// The exit status of `juice-sync push` or `pull` for the outcome.
        public var exitCode: Int32 {
            switch self {
            case .done: 0
            case .storesStopped: 65
            case .unreachable: 69
            }
        }
    }

    /// The database.
    public var database: DatabaseURL
    /// The stores, in the order they are synced.
    public var sources: [Source]
    /// The service their files are read through.
    public var service: StoreService
    /// Where a line of what was done goes (stdout for `juice-sync`).
    public var say: @Sendable (String) -> Void
    /// Where a line of what went wrong goes (stderr for `juice-sync`).
    public var warn: @Sendable (String) -> Void
    /// How long `watch` waits between two looks at the journals, in seconds.
    public var pollInterval = 0.25
    /// The longest wait before `watch` tries an unreachable database again,
    /// in seconds; the wait doubles from ``pollInterval`` up to it.
    public var longestRetry = 4.0
    /// The longest one transaction (a batch of a store's entries) may wait
    /// for the database, in seconds, before the database is taken for away.
    public var roundTimeout = 30.0

    /// The driver's log: only what is critical, so that stderr says each
    /// problem once, in the syncer's own words.
    static let logger = {
        var logger = Logger(label: "juice-sync")
        logger.logLevel = .critical
        return logger
    }()

    private var logger: Logger { Self.logger }

    /// A syncer of `sources` to `database`; see the properties.
    public init(
        database: DatabaseURL, sources: [Source], service: StoreService, say: @escaping @Sendable (String) -> Void,
        warn: @escaping @Sendable (String) -> Void
    ) {
        self.database = database
        self.sources = sources
        self.service = service
        self.say = say
        self.warn = warn
    }

    /// Ships every store's entries the database does not hold yet, and says
    /// for each what was shipped.
    public func pushOnce() async -> Outcome {
        let connection: PostgresConnection
        do {
            connection = try await connect()
        } catch {
            warn(SyncProblem.from(error, url: database).description)
            return .unreachable
        }
        var outcome = Outcome.done
        for source in sources where outcome != .unreachable {
            switch await round(source, on: connection, since: nil, known: nil).0 {
            case .shipped(let shipped): say(Self.line(source.name, shipped.result))
            case .unchanged: break
            case .stopped(let stop):
                warn(stop.description)
                outcome = .storesStopped
            case .databaseFailed(let problem):
                warn(problem.description)
                outcome = .unreachable
            }
        }
        try? await connection.close()
        return outcome
    }

    /// Ships each store's new entries as they come, until the task is
    /// cancelled: the journals are looked at every ``pollInterval``, and an
    /// unreachable database is tried again, ever more slowly up to
    /// ``longestRetry``, each store resuming where the database stands.
    public func watch() async {
        var connection: PostgresConnection?
        var shipped: [Source: Shipped.State] = [:]
        var known: [Source: Known] = [:]
        var stopped: Set<Source> = []
        var unreadable: Set<Source> = []
        var retry = pollInterval
        var isAway = false
        while !Task.isCancelled {
            if connection == nil {
                do {
                    connection = try await connect()
                    if isAway { warn("the database at \(database) is back: syncing") }
                    isAway = false
                    retry = pollInterval
                    // Where the database stands is read again: it may have
                    // lost what it had not written to disk.
                    shipped = [:]
                } catch {
                    if !isAway {
                        warn(SyncProblem.from(error, url: database).description + "; trying again")
                    }
                    isAway = true
                    try? await Task.sleep(for: .seconds(retry))
                    retry = min(retry * 2, longestRetry)
                    continue
                }
            }
            for source in sources where !stopped.contains(source) {
                guard let open = connection else { break }
                let (done, read) = await round(source, on: open, since: shipped[source], known: known[source])
                known[source] = read
                switch done {
                case .shipped(let done):
                    say(Self.line(source.name, done.result))
                    shipped[source] = done.state
                    unreadable.remove(source)
                case .unchanged(let state): shipped[source] = state
                case .stopped(let stop):
                    // A history that disagrees waits for a person; files
                    // that cannot be read now (a menu being edited), or
                    // data the database refused, are tried again next
                    // time, and said once.
                    if case .disagrees = stop {
                        warn(stop.description)
                        stopped.insert(source)
                    } else if unreadable.insert(source).inserted {
                        warn(stop.description)
                    }
                case .databaseFailed(let problem):
                    warn(problem.description + "; trying again")
                    isAway = true
                    try? await open.close()
                    connection = nil
                }
            }
            try? await Task.sleep(for: .seconds(pollInterval))
        }
        try? await connection?.close()
    }

    /// What a round over one store did.
    private enum Round {
        case shipped(Shipped)
        /// Nothing new since `since`, the database not asked.
        case unchanged(Shipped.State)
        case stopped(StoreStop)
        case databaseFailed(SyncProblem)
    }

    private struct Shipped {
        /// What a store's files were when shipped: the same again is not
        /// shipped again.
        struct State: Equatable {
            var last: Int
            var history: String
            var inventory: String?
        }

        var result: Shipment.Result
        var state: Shipped.State
    }

    /// What a watch knows of a store's files since its last round: their
    /// stamps, and the history read then, which the next read continues.
    private struct Known: Sendable {
        var stamps: [FileStamp?]
        var history: StoreHistory
    }

    /// Reads the store's journal and ships what is new; when the journal
    /// is as it was at `since` (what this syncer last shipped), the
    /// database is not asked. With `known` (the last round's), files whose
    /// stamps did not move are not read at all, and otherwise only the
    /// journal's entries past the history known are.
    ///
    /// - Returns: the round, and what is known of the files now.
    private func round(
        _ source: Source, on connection: PostgresConnection, since: Shipped.State?, known: Known?
    ) async -> (Round, Known?) {
        let stamps = service.stamps(of: source.address)
        if let since, let known, known.stamps == stamps { return (.unchanged(since), known) }
        let history: StoreHistory
        do {
            history = try StoreHistory(
                store: source.name, at: source.address, service: service, continuing: known?.history)
        } catch {
            return (.stopped(error), nil)
        }
        let read = Known(stamps: stamps, history: history)
        return (await round(source, history, on: connection, since: since), read)
    }

    /// Ships `history` unless it is as it was at `since`.
    private func round(
        _ source: Source, _ history: StoreHistory, on connection: PostgresConnection, since: Shipped.State?
    ) async -> Round {
        let state = Shipped.State(last: history.last, history: history.history, inventory: history.inventory)
        if let since, since == state { return .unchanged(state) }
        guard !connection.isClosed else {
            return .databaseFailed(.unreachable(database, reason: "the connection was closed"))
        }
        // A database that stops answering without closing the connection
        // is given up on as one that is away.
        let shipment = Shipment(
            store: source.name, history: history, connection: connection, logger: logger, timeout: roundTimeout)
        do {
            do {
                return .shipped(Shipped(result: try await shipment.run(), state: state))
            } catch let error where Self.unwrapped(error) is Shipment.NeedsWholeJournal {
                // The database stands before what this round read: the
                // whole journal, once.
                var whole = shipment
                whole.history = try StoreHistory(store: source.name, at: source.address, service: service)
                return .shipped(Shipped(result: try await whole.run(), state: state))
            }
        } catch let passed as Deadline.Passed {
            return .databaseFailed(passed.problem(database))
        } catch {
            if let stop = Self.storeStop(in: error) { return .stopped(stop) }
            // A statement the server refused, on a connection still open,
            // is this store's data: the others go on.
            if !connection.isClosed, let reason = SyncProblem.refusal(in: error) {
                return .stopped(.refused(store: source.name, reason: reason))
            }
            return .databaseFailed(SyncProblem.from(error, url: database))
        }
    }

    /// The store's stop a transaction's error carries, if that is what it is.
    private static func storeStop(in error: any Error) -> StoreStop? {
        unwrapped(error) as? StoreStop
    }

    /// The error thrown in a transaction's body, if `error` is the
    /// transaction's; else `error`.
    private static func unwrapped(_ error: any Error) -> any Error {
        (error as? PostgresTransactionError)?.closureError ?? error
    }

    /// A connection to the database, its schema migrated.
    private func connect() async throws -> PostgresConnection {
        let connection = try await PostgresConnection.connect(
            configuration: database.configuration, id: 1, logger: logger)
        do {
            try await SyncSchema.migrate(connection, logger: logger)
        } catch {
            try? await connection.close()
            throw error
        }
        return connection
    }

    /// What was shipped of a store, in one line.
    private static func line(_ store: String, _ result: Shipment.Result) -> String {
        if result.through == result.from {
            return result.through == 0 ? "\(store): no entries yet" : "\(store): up to date at entry \(result.through)"
        }
        return "\(store): shipped entries \(result.from + 1) to \(result.through)"
    }
}
