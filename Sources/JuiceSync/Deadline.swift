import PostgresNIO

/// A database call given at most some seconds: past them the connection is
/// closed and ``Passed`` thrown at once. Not a task group, which would wait
/// for the call to end: a query on a connection the server or the network
/// dropped may never end, and the syncer or the copy must go on without it.
enum Deadline {
    /// The call had no answer in time.
    struct Passed: Error {
        /// The seconds it was given.
        var seconds: Double

        /// The problem it is: the database did not answer.
        func problem(_ url: DatabaseURL) -> SyncProblem {
            .unreachable(url, reason: "no answer in \(Int(seconds)) seconds")
        }
    }

    /// `body`'s answer, if it comes within `seconds`; else `connection` is
    /// closed and ``Passed`` thrown.
    static func answer<T: Sendable>(
        within seconds: Double, closing connection: PostgresConnection,
        _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let outcome = FirstOutcome<T>()
        return try await withCheckedThrowingContinuation { continuation in
            outcome.wait(continuation)
            let work = Task {
                do {
                    outcome.resume(with: .success(try await body()))
                } catch {
                    outcome.resume(with: .failure(error))
                }
            }
            let timer = Task {
                try await Task.sleep(for: .seconds(seconds))
                guard outcome.resume(with: .failure(Passed(seconds: seconds))) else { return }
                work.cancel()
                try? await connection.close()
            }
            outcome.onResume { timer.cancel() }
        }
    }
}
