import JuiceMaker
import JuiceWords
import PostgresNIO

/// Why a sync could not talk to the database: every store waits (a
/// one-shot run exits 69; `--watch` tries again).
public enum SyncProblem: Error, Sendable, CustomStringConvertible {
    /// The database cannot be reached, or refused what was asked.
    case unreachable(DatabaseURL, reason: String)
    /// The database did not answer within so many seconds.
    case noAnswer(DatabaseURL, seconds: Double)
    /// The connection was closed under a round.
    case closed(DatabaseURL)
    /// The run was stopped (a watch's last push out of time) while it
    /// waited for the database.
    case stoppedWaiting(DatabaseURL)
    /// The database's schema is newer than this tool knows.
    case schemaTooNew(found: Int, known: Int)
    /// The database's schema is older than this tool's, and this run only
    /// reads (`pull`): a `push` migrates it.
    case schemaTooOld(found: Int, known: Int)
    /// The role connected as lacks a privilege on `object` (PostgreSQL's
    /// "table juice_entries", "schema public", "database juice"): `grant`
    /// would give it what the run needs.
    case forbidden(role: String, object: String, grant: String)
    /// The role may not create juice-sync's tables (`object`, the schema),
    /// which are not made yet or are older than this tool's: their owner's
    /// push makes them, or `grant` lets this role.
    case forbiddenMigration(role: String, object: String, grant: String)

    /// How a one-shot run ends for this problem: ``Syncer/Outcome/forbidden``
    /// (77) for a privilege, else ``Syncer/Outcome/unreachable`` (69).
    var outcome: Syncer.Outcome {
        switch self {
        case .forbidden, .forbiddenMigration: .forbidden
        default: .unreachable
        }
    }

    /// The problem of `error`, thrown while talking to the database at
    /// `url` for `access`.
    static func from(_ error: any Error, url: DatabaseURL, access: SyncAccess, migrating: Bool = false) -> SyncProblem {
        if let problem = error as? SyncProblem { return problem }
        if let passed = error as? Deadline.Passed { return passed.problem(url) }
        if error is CancellationError { return .stoppedWaiting(url) }
        if let failed = error as? SyncSchema.MigrationFailed {
            return from(failed.underlying, url: url, access: access, migrating: true)
        }
        if let error = error as? PostgresTransactionError,
            let cause = error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError
        {
            return from(cause, url: url, access: access, migrating: migrating)
        }
        guard let error = error as? PSQLError else { return .unreachable(url, reason: "\(error)") }
        if let forbidden = forbidden(error, role: url.user, access: access, migrating: migrating) { return forbidden }
        if let message = error.serverInfo?[.message] { return .unreachable(url, reason: message) }
        if let underlying = error.underlying { return .unreachable(url, reason: "\(underlying)") }
        return .unreachable(url, reason: "\(error.code)")
    }

    /// The privilege `error` says the role lacks, as a problem; `nil` for
    /// any other error. PostgreSQL says it as SQLSTATE 42501 and
    /// "permission denied for KIND NAME".
    private static func forbidden(_ error: PSQLError, role: String, access: SyncAccess, migrating: Bool)
        -> SyncProblem?
    {
        guard error.code == .server, error.serverInfo?[.sqlState] == "42501",
            let message = error.serverInfo?[.message]
        else { return nil }
        let prefix = "permission denied for "
        guard message.hasPrefix(prefix) else { return nil }
        let words = message.dropFirst(prefix.count).split(separator: " ", maxSplits: 1).map(String.init)
        guard words.count == 2 else { return nil }
        // A database's name comes quoted ("juice"), a table's not.
        var name = words[1]
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
            name = String(name.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
        }
        guard let grant = access.grant(kind: words[0], name: name, role: role, migrating: migrating) else {
            return nil
        }
        let object = words[0] + " " + SyncAccess.quoted(name)
        if migrating, words[0] == "schema" { return .forbiddenMigration(role: role, object: object, grant: grant) }
        return .forbidden(role: role, object: object, grant: grant)
    }

    /// What the server said when it refused a statement (a failed cast, a
    /// constraint); `nil` for any other error (a connection lost, a
    /// timeout), which is no store's data.
    static func refusal(in error: any Error) -> String? {
        if let error = error as? PostgresTransactionError, let cause = error.closureError {
            return refusal(in: cause)
        }
        guard let error = error as? PSQLError, error.code == .server else { return nil }
        return error.serverInfo?[.message] ?? "\(error.code)"
    }

    /// The problem in one line, as `juice-sync` says it on stderr.
    public var description: String { text(.english) }

    /// What went wrong, in `language`.
    public func text(_ language: Language) -> String {
        switch self {
        case .unreachable(let url, let reason): SyncWord.unreachable.text(language, ["\(url)", reason])
        case .noAnswer(let url, let seconds):
            SyncWord.unreachable.text(
                language, ["\(url)", SyncWord.noAnswer.text(language, [Deadline.Passed.shown(seconds)])])
        case .closed(let url):
            SyncWord.unreachable.text(language, ["\(url)", SyncWord.connectionClosed.text(language)])
        case .stoppedWaiting(let url):
            SyncWord.unreachable.text(language, ["\(url)", SyncWord.stoppedWaiting.text(language)])
        case .schemaTooNew(let found, let known): SyncWord.schemaTooNew.text(language, ["\(found)", "\(known)"])
        case .schemaTooOld(let found, let known): SyncWord.schemaTooOld.text(language, ["\(found)", "\(known)"])
        case .forbidden(let role, let object, let grant): SyncWord.forbidden.text(language, [role, object, grant])
        case .forbiddenMigration(let role, let object, let grant):
            SyncWord.forbiddenMigration.text(language, [role, object, grant])
        }
    }
}

/// Why one store's sync stopped while the others go on: nothing of it is
/// shipped until a person looks (a one-shot run exits 65 at the end).
public enum SyncStop: Error, Sendable, Hashable, CustomStringConvertible {
    /// The journal disagrees with what the database holds, from `entry` on:
    /// that entry differs, or (`missing`) the journal has no such entry
    /// (a restored backup, a rewritten line, a journal cut short).
    case disagrees(store: String, entry: Int, missing: Bool)
    /// The database lacks `entry` of the store, below the `last` entry its
    /// row says it holds (rows deleted by hand, a partial restore): what it
    /// says it holds is not there, and a person decides what it should be.
    case lacks(store: String, entry: Int, last: Int)
    /// The store's menu, inventory or journal cannot be read (`reason`,
    /// said in the stop's language).
    case unreadable(store: String, reason: StoreError)
    /// The database refused the store's data (`reason`, as the server
    /// says it): the other stores go on.
    case refused(store: String, reason: String)

    /// The stop in one line, as `juice-sync` says it on stderr.
    public var description: String { text(.english) }

    /// Why the store is not synced, in `language`.
    public func text(_ language: Language) -> String {
        switch self {
        case .disagrees(let store, let entry, let missing):
            (missing ? SyncWord.disagreesMissing : .disagreesDiffers).text(language, [store, "\(entry)"])
        case .lacks(let store, let entry, let last): SyncWord.lacks.text(language, [store, "\(entry)", "\(last)"])
        case .unreadable(let store, let reason): SyncWord.unreadable.text(language, [store, reason.text(language)])
        case .refused(let store, let reason): SyncWord.refused.text(language, [store, reason])
        }
    }
}
