import JuiceMaker
import JuicePresentation

/// What a command throws when it does not succeed: the failure, and what is
/// needed to say it. The entry point (``Juice/main()``) says it and exits
/// with its status; no command prints a failure or picks an exit code itself.
struct CommandError: Error {
    /// What failed; `nil` for a run that ended with a status of its own
    /// (``ended(status:)``).
    var failure: Failure?
    /// How to say the failure; `nil` when the command's own output has said
    /// it already (a batch report with invalid stores, a validation with
    /// errors), so that only the exit status remains.
    var context: FailureContext?
    /// The process's exit status.
    var exitStatus: Int32

    init(_ failure: Failure, context: FailureContext?) {
        self.failure = failure
        self.context = context
        self.exitStatus = failure.exitStatus
    }

    private init(status: Int32) {
        self.failure = nil
        self.context = nil
        self.exitStatus = status
    }

    /// A failure the command's output has already shown.
    static func shown(_ failure: Failure) -> CommandError {
        CommandError(failure, context: nil)
    }

    /// A run whose own protocol set a status other than 0, with nothing
    /// more to say: the language server's session ended without `shutdown`.
    static func ended(status: Int32) -> CommandError {
        CommandError(status: status)
    }
}
