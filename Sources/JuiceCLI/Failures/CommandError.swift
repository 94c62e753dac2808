import JuiceMaker
import JuicePresentation

/// What a command throws when it fails: the failure, and what is needed to
/// say it. The entry point (``Juice/main()``) says it and exits with its
/// status; no command prints a failure or picks an exit code itself.
struct CommandError: Error {
    var failure: Failure
    /// How to say the failure; `nil` when the command's own output has said
    /// it already (a batch report with invalid stores, a validation with
    /// errors), so that only the exit status remains.
    var context: FailureContext?

    init(_ failure: Failure, context: FailureContext?) {
        self.failure = failure
        self.context = context
    }

    /// A failure the command's output has already shown.
    static func shown(_ failure: Failure) -> CommandError {
        CommandError(failure, context: nil)
    }
}
