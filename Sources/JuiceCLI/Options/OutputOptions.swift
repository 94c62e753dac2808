import ArgumentParser
import JuicePresentation

/// How much a command says: `--quiet` for scripts.
struct OutputOptions: ParsableArguments {
    @Flag(
        name: [.short, .long],
        help: ArgumentHelp(Output.catalogue(.quietFlag)))
    var quiet = false
}
