import JuiceMaker

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

/// What a failure's message depends on besides the failure itself.
struct FailureContext {
    /// Whether the command answers in JSON.
    var isJSON: Bool
    /// The language of fruit names.
    var language: String?
    /// The menu whose fruit names to show, once it is loaded.
    var menu: Menu?
    /// The warnings found before the failure, part of a JSON answer.
    var warnings: [Diagnostic] = []
    /// The options that a suggested command repeats (` --menu FILE`).
    var repeatedArguments = ""
    /// The inventory file the command read, if any: its unknown fruits
    /// get the hint of `adjust --prune`.
    var inventoryPath: String?
}
