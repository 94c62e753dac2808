import ArgumentParser

/// How much a command says: `--quiet` for scripts.
struct OutputOptions: ParsableArguments {
    @Flag(
        name: [.short, .long],
        help: "Say only what went wrong: no notes, warnings or success messages (results are still printed).")
    var quiet = false

    func validate() throws {
        Output.isQuiet = quiet
    }
}
