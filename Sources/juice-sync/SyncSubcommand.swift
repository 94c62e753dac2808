import ArgumentParser

/// A subcommand of `juice-sync`: its run comes to an exit status, which the
/// process exits with here, the one place `juice-sync` decides it.
protocol SyncSubcommand: AsyncParsableCommand {
    /// Does the work, says what there is to say, and answers the exit
    /// status (0 when all went through).
    func status() async -> Int32
}

extension SyncSubcommand {
    func run() async throws {
        throw ExitCode(await status())
    }
}
