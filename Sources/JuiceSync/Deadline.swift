import PostgresNIO
import Synchronization

/// A database call given at most some seconds: past them the connection is
/// closed and ``Passed`` thrown at once. Not a task group, which would wait
/// for the call to end: a query on a connection the server or the network
/// dropped may never end, and the syncer or the copy must go on without it.
/// A task cancelled while it waits (a `--watch` stopped) is not kept
/// waiting either: the call is given up on as at its deadline.
enum Deadline {
    /// The call had no answer in time.
    struct Passed: Error {
        /// The seconds it was given.
        var seconds: Double

        /// The problem it is: the database did not answer.
        func problem(_ url: DatabaseURL) -> SyncProblem {
            .noAnswer(url, seconds: seconds)
        }

        /// `seconds` as a person reads them: `30`, `0.5`.
        static func shown(_ seconds: Double) -> String {
            seconds >= 1 && seconds < 1e9 && seconds == seconds.rounded() ? String(Int(seconds)) : "\(seconds)"
        }
    }

    /// `body`'s answer, if it comes within `seconds`; else `connection` is
    /// closed and ``Passed`` thrown.
    static func answer<T: Sendable>(
        within seconds: Double, closing connection: PostgresConnection,
        _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await answer(within: seconds, givingUp: { try? await connection.close() }, body)
    }

    /// A connection `connect` opens and `setUp` readies (the schema
    /// migrated, say), both within `seconds`: past them the connecting is
    /// cancelled, the connection closed (also when it comes later), and
    /// ``Passed`` thrown.
    static func connection(
        within seconds: Double, _ connect: @escaping @Sendable () async throws -> PostgresConnection,
        setUp: @escaping @Sendable (PostgresConnection) async throws -> Void
    ) async throws -> PostgresConnection {
        let slot = Slot()
        let giveUp: @Sendable () async -> Void = { try? await slot.abandon()?.close() }
        return try await answer(within: seconds, givingUp: giveUp) {
            let connection = try await connect()
            guard slot.hold(connection) else {
                try? await connection.close()
                throw Passed(seconds: seconds)
            }
            do {
                try await setUp(connection)
            } catch {
                try? await connection.close()
                throw error
            }
            return connection
        }
    }

    /// The connection being made, or that it was given up on.
    private final class Slot: Sendable {
        private let state = Mutex<(connection: PostgresConnection?, isAbandoned: Bool)>((nil, false))

        /// Keeps `connection`; `false` when it was given up on already.
        func hold(_ connection: PostgresConnection) -> Bool {
            state.withLock { state in
                if state.isAbandoned { return false }
                state.connection = connection
                return true
            }
        }

        /// Gives the connecting up; the connection made so far, if any.
        func abandon() -> PostgresConnection? {
            state.withLock { state in
                state.isAbandoned = true
                return state.connection
            }
        }
    }

    /// `body`'s answer, if it comes within `seconds` and the task is not
    /// cancelled meanwhile; else `giveUp` runs (closing what `body` waits
    /// on) and ``Passed`` (or `CancellationError`) is thrown at once.
    private static func answer<T: Sendable>(
        within seconds: Double, givingUp giveUp: @escaping @Sendable () async -> Void,
        _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let outcome = FirstOutcome<T>()
        let work = Task {
            do {
                outcome.resume(with: .success(try await body()))
            } catch {
                outcome.resume(with: .failure(error))
            }
        }
        let end: @Sendable (any Error) async -> Void = { error in
            guard outcome.resume(with: .failure(error)) else { return }
            work.cancel()
            await giveUp()
        }
        let timer = Task {
            try await Task.sleep(for: .seconds(seconds))
            await end(Passed(seconds: seconds))
        }
        outcome.onResume { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { outcome.wait($0) }
        } onCancel: {
            Task { await end(CancellationError()) }
        }
    }
}
