import JuiceMaker
import JuiceWords
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
        /// The role connected as lacks a privilege the run needs (said on
        /// stderr, with the `GRANT` that would give it).
        case forbidden
        /// Another pull kept writing the copy's folder all the time waited:
        /// nothing written (said on stderr).
        case busy

        /// The exit status of `juice-sync push` or `pull` for the outcome.
        public var exitCode: Int32 {
            switch self {
            case .done: 0
            case .storesStopped: 65
            case .unreachable: 69
            case .forbidden: 77
            case .busy: 75
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
    /// The language of the lines said and warned.
    public var language = Language.english
    /// How long `watch` waits between two looks at the journals, in seconds.
    public var pollInterval = 0.25
    /// The longest wait before `watch` tries an unreachable database again,
    /// in seconds; the wait doubles from ``pollInterval`` up to it.
    public var longestRetry = 4.0
    /// The longest any step may wait for the database, in seconds: a
    /// connection with its schema migrated, one transaction (a batch of a
    /// store's entries), a look at where the stores stand. Past it the
    /// connection is closed and the database taken for away.
    public var roundTimeout = 30.0
    /// How often `watch` asks the database where each store stands, in
    /// seconds, so that a database restored behind what it shipped (a
    /// store's last entry moved back) is shipped again without waiting
    /// for the shop's next change.
    public var standingInterval = 2.0
    /// Called after a round read a store's journal, before it asks the
    /// database (with the store's name): tests interleave two syncers here.
    var afterReading: (@Sendable (String) async -> Void)?

    /// What ``watch()`` finds of the database and of each store, as it
    /// finds it: `juice-server --sync`'s health and metrics.
    public enum Observation: Sendable, Equatable {
        /// The database could not be reached, or stopped answering.
        case databaseAway
        /// The database holds the store's entries through `through` (an
        /// entry's id; 0 for none): every one this syncer has read.
        case holds(store: String, through: Int)
        /// The store's journal disagrees with the database, or the database
        /// lacks an entry it says it holds: the store is not synced until
        /// a person mends it and the watch is restarted.
        case stopped(store: String)
        /// The database answers but refuses this role a privilege it needs;
        /// tried again slowly until it is granted.
        case refused
    }

    /// Told each ``Observation`` of ``watch()``; `nil` for none.
    public var observe: (@Sendable (Observation) -> Void)?

    /// The environment variable that sets ``roundTimeout`` for
    /// `juice-sync push` and `pull` and `juice-server --sync` and
    /// `--central`: seconds, 30 when unset.
    public static let timeoutVariable = "JUICE_SYNC_TIMEOUT"

    /// The longest ``timeoutVariable`` may set: a day. Past it (`1e20`) a
    /// wait would overflow the clock's and the server's numbers.
    public static let longestTimeout = 86_400.0

    /// The ``roundTimeout`` that ``timeoutVariable`` sets in `environment`:
    /// a number of seconds from 0.1 to ``longestTimeout``, else 30.
    public static func timeout(in environment: [String: String]) -> Double {
        seconds(timeoutVariable, in: environment, from: 0.1, otherwise: 30)
    }

    /// The seconds the variable `name` sets in `environment`: a number from
    /// `minimum` to ``longestTimeout``, else `fallback`.
    package static func seconds(
        _ name: String, in environment: [String: String], from minimum: Double, otherwise fallback: Double
    ) -> Double {
        guard let seconds = environment[name].flatMap(Double.init), seconds >= minimum, seconds <= longestTimeout
        else { return fallback }
        return seconds
    }

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
            let problem = SyncProblem.from(error, url: database, access: .push)
            warn(problem.text(language))
            return problem.outcome
        }
        var outcome = Outcome.done
        for source in sources where outcome == .done || outcome == .storesStopped {
            switch await round(source, on: connection, since: nil, known: nil).0 {
            case .shipped(let shipped): say(line(source.name, shipped.result))
            case .unchanged: break
            case .stopped(let stop):
                warn(stop.text(language))
                outcome = .storesStopped
            case .databaseFailed(let problem):
                warn(problem.text(language))
                outcome = problem.outcome
            }
        }
        try? await connection.close()
        return outcome
    }

    /// Ships each store's new entries as they come, until the task is
    /// cancelled: the journals are looked at every ``pollInterval``, where
    /// the stores stand in the database every ``standingInterval``, and an
    /// unreachable database is tried again, ever more slowly up to
    /// ``longestRetry``, each store resuming where the database stands.
    /// Cancelled, it returns at once, whatever the database is doing.
    public func watch() async {
        var connection: PostgresConnection?
        var shipped: [Source: Shipped.State] = [:]
        var known: [Source: Known] = [:]
        var stopped: Set<Source> = []
        var unreadable: Set<Source> = []
        var retry = pollInterval
        var isAway = false
        var lastStanding = ContinuousClock.now
        // The last refusal of a privilege said, so that it is said once.
        var refusal: String?
        while !Task.isCancelled {
            if connection == nil {
                do {
                    connection = try await connect()
                    if isAway { warn(SyncWord.databaseBack.text(language, ["\(database)"])) }
                    isAway = false
                    retry = pollInterval
                    // Where the database stands is read again: it may have
                    // lost what it had not written to disk.
                    shipped = [:]
                    lastStanding = .now
                } catch {
                    if Task.isCancelled { break }
                    observe?(.databaseAway)
                    if !isAway { warn(tryingAgain(SyncProblem.from(error, url: database, access: .push))) }
                    isAway = true
                    try? await Task.sleep(for: .seconds(retry))
                    retry = min(retry * 2, longestRetry)
                    continue
                }
            }
            guard let open = connection else { continue }
            if ContinuousClock.now - lastStanding >= .seconds(standingInterval) {
                lastStanding = .now
                do {
                    let stands = try await standing(on: open)
                    // A store the database no longer stands where this
                    // syncer left it (a backup restored) is asked again.
                    for (source, state) in shipped
                    where stands[source.name]?.last != state.last || stands[source.name]?.history != state.history {
                        shipped[source] = nil
                    }
                } catch {
                    if Task.isCancelled { break }
                    observe?(.databaseAway)
                    warn(tryingAgain(SyncProblem.from(error, url: database, access: .push)))
                    isAway = true
                    try? await open.close()
                    connection = nil
                    continue
                }
            }
            stores: for source in sources where !stopped.contains(source) {
                guard let open = connection else { break }
                let (done, read) = await round(source, on: open, since: shipped[source], known: known[source])
                if Task.isCancelled { break }
                known[source] = read
                switch done {
                case .shipped(let done):
                    refusal = nil
                    say(line(source.name, done.result))
                    shipped[source] = done.state
                    unreadable.remove(source)
                    observe?(.holds(store: source.name, through: done.state.last))
                case .unchanged(let state):
                    shipped[source] = state
                    observe?(.holds(store: source.name, through: state.last))
                case .stopped(let stop):
                    // A history that disagrees (or rows the database lacks)
                    // waits for a person; files that cannot be read now (a
                    // menu being edited), or data the database refused, are
                    // tried again next time, and said once.
                    switch stop {
                    case .disagrees, .lacks:
                        warn(stop.text(language))
                        stopped.insert(source)
                        observe?(.stopped(store: source.name))
                    case .unreadable, .refused:
                        if unreadable.insert(source).inserted { warn(stop.text(language)) }
                    }
                case .databaseFailed(let problem) where problem.outcome == .forbidden:
                    // The database is there but refuses the role, for every
                    // store: said once, the round given up, tried again
                    // slowly on the same connection until someone grants it
                    // (no "back" said for a database that never went).
                    let text = tryingAgain(problem)
                    if refusal != text { warn(text) }
                    refusal = text
                    observe?(.refused)
                    try? await Task.sleep(for: .seconds(longestRetry))
                    break stores
                case .databaseFailed(let problem):
                    observe?(.databaseAway)
                    warn(tryingAgain(problem))
                    isAway = true
                    try? await open.close()
                    connection = nil
                }
            }
            try? await Task.sleep(for: .seconds(pollInterval))
        }
        try? await connection?.close()
    }

    /// The longest ``finish(within:)`` is given by `juice-sync push --watch`
    /// and `juice-server --sync` when stopped: the whole stop stays within
    /// the 10 seconds a service manager waits.
    public static let lastPushSeconds = 3.0

    /// The last push of a watch that was stopped (SIGTERM, SIGINT): ships
    /// what the journals hold now, so that the changes made just before
    /// the stop reach the database, in `seconds` at most (each step's
    /// deadline cut to it, and the push cancelled past it): a database
    /// that is away does not hold up the stop.
    public func finish(within seconds: Double) async {
        var last = self
        last.roundTimeout = min(roundTimeout, seconds)
        // Not the caller's task, which was cancelled: that would stop the
        // push before it began.
        let push = Task { [last] in _ = await last.pushOnce() }
        let deadline = Task {
            try await Task.sleep(for: .seconds(seconds))
            push.cancel()
        }
        await push.value
        deadline.cancel()
    }

    /// Where the stores stand in the database: each one's last entry and
    /// history, one query within ``roundTimeout``.
    private func standing(on connection: PostgresConnection) async throws -> [String: (last: Int, history: String)] {
        let names = sources.map(\.name)
        return try await Deadline.answer(within: roundTimeout, closing: connection) {
            var standing: [String: (last: Int, history: String)] = [:]
            for try await (store, last, history) in try await connection.query(
                "SELECT store, last_entry, history FROM juice_stores WHERE store = ANY(\(names))", logger: Self.logger
            ).decode((String, Int, String).self) {
                standing[store] = (last, history)
            }
            return standing
        }
    }

    /// What a round over one store did.
    private enum Round {
        case shipped(Shipped)
        /// Nothing new since `since`, the database not asked.
        case unchanged(Shipped.State)
        case stopped(SyncStop)
        case databaseFailed(SyncProblem)
    }

    private struct Shipped {
        /// What a store's files were when shipped: the same again is not
        /// shipped again.
        struct State: Equatable {
            var last: Int
            var history: String
            var inventory: String?

            init(_ history: SyncedHistory) {
                last = history.last
                self.history = history.history
                inventory = history.inventory
            }
        }

        var result: Shipment.Result
        var state: Shipped.State
    }

    /// What a watch knows of a store's files since its last round: their
    /// stamps, and the history read then, which the next read continues.
    private struct Known: Sendable {
        var stamps: FileStamps
        var history: SyncedHistory
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
        let history: SyncedHistory
        do {
            history = try SyncedHistory(
                store: source.name, at: source.address, service: service, continuing: known?.history)
        } catch {
            return (.stopped(error), nil)
        }
        await afterReading?(source.name)
        let (round, shipped) = await ship(source, history, on: connection, since: since)
        return (round, Known(stamps: stamps, history: shipped))
    }

    /// Ships `history` unless it is as it was at `since`.
    ///
    /// - Returns: the round, and the history as last read (read again when
    ///   the database was ahead of it).
    private func ship(
        _ source: Source, _ history: SyncedHistory, on connection: PostgresConnection, since: Shipped.State?
    ) async -> (Round, SyncedHistory) {
        let state = Shipped.State(history)
        if let since, since == state { return (.unchanged(state), history) }
        guard !connection.isClosed else {
            return (.databaseFailed(.closed(database)), history)
        }
        // A database that stops answering without closing the connection
        // is given up on as one that is away.
        var shipment = Shipment(
            history: history, address: source.address, service: service, connection: connection, logger: logger,
            timeout: roundTimeout)
        do {
            let result: Shipment.Result
            do {
                result = try await shipment.run()
            } catch let error where Self.unwrapped(error) is Shipment.NeedsWholeJournal {
                // The database stands before what this round read: the
                // whole journal, once.
                shipment.history = try SyncedHistory(store: source.name, at: source.address, service: service)
                result = try await shipment.run()
            }
            return (.shipped(Shipped(result: result, state: Shipped.State(shipment.history))), shipment.history)
        } catch let passed as Deadline.Passed {
            return (.databaseFailed(passed.problem(database)), history)
        } catch {
            if let stop = Self.storeStop(in: error) { return (.stopped(stop), history) }
            let problem = SyncProblem.from(error, url: database, access: .push)
            // A statement the server refused, on a connection still open,
            // is this store's data (the others go on), unless it is a
            // privilege the role lacks, which every store needs.
            if problem.outcome == .forbidden { return (.databaseFailed(problem), history) }
            if !connection.isClosed, let reason = SyncProblem.refusal(in: error) {
                return (.stopped(.refused(store: source.name, reason: reason)), history)
            }
            return (.databaseFailed(problem), history)
        }
    }

    /// The store's stop a transaction's error carries, if that is what it is.
    private static func storeStop(in error: any Error) -> SyncStop? {
        unwrapped(error) as? SyncStop
    }

    /// The error thrown in a transaction's body, if `error` is the
    /// transaction's; else `error`.
    private static func unwrapped(_ error: any Error) -> any Error {
        (error as? PostgresTransactionError)?.closureError ?? error
    }

    /// A connection to the database, its schema migrated, within
    /// ``roundTimeout`` (the connecting and the migration's lock included).
    private func connect() async throws -> PostgresConnection {
        var configuration = database.configuration
        // A transaction whose connection died without a word (no reset: the
        // server never hears) would hold the migration's lock or a store's
        // row for hours: the server ends it once it has idled that long.
        configuration.options.additionalStartupParameters = [
            ("idle_in_transaction_session_timeout", "\(Int(max(min(roundTimeout, Self.longestTimeout), 0.001) * 1000))")
        ]
        return try await Deadline.connection(within: roundTimeout) { [configuration] in
            try await PostgresConnection.connect(configuration: configuration, id: 1, logger: Self.logger)
        } setUp: { connection in
            try await SyncSchema.migrate(connection, logger: Self.logger)
        }
    }

    /// What was shipped of a store, in one line.
    private func line(_ store: String, _ result: Shipment.Result) -> String {
        if result.through == result.from {
            return result.through == 0
                ? SyncWord.noEntriesYet.text(language, [store])
                : SyncWord.upToDate.text(language, [store, "\(result.through)"])
        }
        return SyncWord.shipped.text(language, [store, "\(result.from + 1)", "\(result.through)"])
    }

    /// A problem with the database, and that the syncer tries again.
    private func tryingAgain(_ problem: SyncProblem) -> String {
        SyncWord.tryingAgain.text(language, [problem.text(language)])
    }
}
