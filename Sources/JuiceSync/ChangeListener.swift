import PostgresNIO

/// The head office's ear on the database: one connection that `LISTEN`s on
/// ``SyncSchema/changesChannel`` and hands each store a push names (when
/// its transaction commits) to ``requests``. The connection is asked a
/// `SELECT 1` every ``heartbeat``: one that does not answer within
/// ``timeout`` is closed, as is one the database or the network dropped,
/// and the listener connects again ``retry`` later. Each start and each
/// stop of listening asks for every store, so that what was pushed while
/// nobody listened is pulled.
struct ChangeListener: Sendable {
    /// The connection's `application_name`, which `pg_stat_activity` shows.
    static let applicationName = "juice-server central listener"

    /// The database.
    var database: DatabaseURL
    /// The longest the connecting or a heartbeat may wait, in seconds.
    var timeout: Double
    /// How often the connection is asked whether it still answers.
    var heartbeat = Duration.seconds(10)
    /// How long after a stop it connects again.
    var retry = Duration.seconds(1)
    /// Where the stores named, and the starts and stops, go.
    let requests: PullRequests

    /// Listens, connecting again after each stop, until the task is cancelled.
    func run() async {
        while !Task.isCancelled {
            await listenOnce()
            requests.listening(false)
            try? await Task.sleep(for: retry)
        }
    }

    /// One connection's listening, until it stops answering or the task is
    /// cancelled.
    private func listenOnce() async {
        var configuration = database.configuration
        configuration.options.additionalStartupParameters = [("application_name", Self.applicationName)]
        let connection: PostgresConnection
        do {
            connection = try await Deadline.connection(within: timeout) { [configuration] in
                try await PostgresConnection.connect(configuration: configuration, id: 2, logger: Syncer.logger)
            } setUp: { _ in
            }
        } catch {
            return
        }
        do {
            try await connection.listen(on: SyncSchema.changesChannel) { notifications in
                // LISTEN has been answered: every push committed from now on
                // is heard.
                requests.listening(true)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await keepAsking(connection) }
                    for try await notification in notifications { requests.add(notification.payload) }
                    group.cancelAll()
                }
            }
        } catch {
            // Said by the pulls that follow, which reach the database or not.
        }
        try? await connection.close()
    }

    /// Asks `connection` a `SELECT 1` every ``heartbeat`` until it fails
    /// (a connection that does not answer is closed, which ends the
    /// listening).
    private func keepAsking(_ connection: PostgresConnection) async throws {
        while !Task.isCancelled {
            try await Task.sleep(for: heartbeat)
            try await Deadline.answer(within: timeout, closing: connection) {
                _ = try await connection.query("SELECT 1", logger: Syncer.logger)
            }
        }
    }
}
