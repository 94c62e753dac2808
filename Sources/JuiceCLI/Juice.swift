import ArgumentParser
import JuiceMaker

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `juice` command: its subcommands, and the one place where a run
/// becomes an exit status.
public struct Juice: ParsableCommand {
    /// The subcommands, help and version.
    public static let configuration = CommandConfiguration(
        commandName: "juice",
        abstract: "A juice bar's menu and stock, as data.",
        discussion: """
            The menu (fruits and recipes) is read from --menu, else recipes/menu.yaml in the \
            current folder, else the built-in menu of the original Juice Maker. The stock is \
            read from --inventory, else inventory.yaml in the current folder; a missing \
            inventory means the menu's initial stock, and the first change creates it.

            Examples:
              juice report                      what can I make now?
              juice make banana=2 mangoKiwi     make three juices
              juice adjust strawberry=+6        six more strawberries
              juice menu --locale ko            the menu, in Korean
              juice validate recipes/menu.yaml  check a menu

            Tab completion: juice --generate-completion-script bash|zsh|fish

            Exit codes: 0 done, 1 refused (not enough stock, or a count out of range), 64 usage, 65 invalid data, \
            66 missing file, 73 cannot write the inventory, 74 I/O error, 75 inventory locked.
            """,
        version: "0.1.0",
        subcommands: [
            ReportCommand.self, MakeCommand.self, AdjustCommand.self, PlanCommand.self, MenuCommand.self,
            ValidateCommand.self,
        ]
    )

    /// The root command; its subcommands do the work.
    public init() {}

    /// The most command-line arguments one call takes: the argument parser
    /// needs time that grows as the square of their number (10,000 take
    /// seconds), so more is refused before it starts.
    static let maximumArguments = 2_000

    /// The names of the subcommands, in the order help lists them.
    static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName }
    }

    /// Refuses a first word that names no command (`juice reprot`, `juice
    /// help nope`) with a did-you-mean, and `juice` alone with the help, as
    /// usage errors; the argument parser would take the first for an
    /// unexpected argument, and print help and succeed for the others.
    static func checkCommandWord(_ arguments: [String]) throws(CommandError) {
        let context = FailureContext(isJSON: Output.requestsJSON(arguments))
        guard let first = arguments.first else {
            Output.errorLine(helpMessage())
            throw CommandError(
                .usage(Output.catalogue(.nameACommand, commandNames.joined(separator: ", "))), context: context)
        }
        let word = first == "help" ? arguments.dropFirst().first : first
        guard let word, !word.hasPrefix("-"), !commandNames.contains(word), word != "help" else { return }
        let text = Output.catalogue
        let suggestion = text.didYouMean(Suggestion.closest(to: word, among: commandNames))
        throw CommandError(
            .usage(text(.notACommand, word, suggestion, commandNames.joined(separator: ", "))), context: context)
    }

    /// Refuses more than ``maximumArguments`` arguments as a usage error.
    static func checkArgumentCount(_ count: Int) throws(CommandError) {
        guard count > maximumArguments else { return }
        throw CommandError(
            .usage(Output.catalogue(.tooManyArguments, count, maximumArguments)),
            context: FailureContext(isJSON: Output.requestsJSON(CommandLine.arguments)))
    }

    /// Parses and runs the command, then exits: 0 after success, else the
    /// failure's status once it has been said. A usage error under
    /// `--format json` is answered in JSON on stdout, as every other
    /// outcome is.
    public static func main() {
        // A closed pipe is a failed write, said and exited 74 like a full
        // disk, not a silent death by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        do {
            // The language of what is said before the options are parsed.
            Output.catalogue = Catalogue(
                DisplayName.preferredLanguage(
                    explicit: Output.locale(in: CommandLine.arguments), environment: Environment.variables))
            try checkArgumentCount(CommandLine.arguments.count - 1)
            try checkCommandWord(Array(CommandLine.arguments.dropFirst()))
            var command = try parseAsRoot()
            try command.run()
            try Output.finish()
        } catch let error as CommandError {
            if let context = error.context {
                FailureRenderer(context: context).write(error.failure)
            }
            Output.standardOutput.flush()
            exit(withError: ExitCode(error.failure.exitStatus))
        } catch {
            // A usage error the argument parser found is said like every
            // other failure: `error:` in text (its `Error:` is not juice's
            // style), or JSON under --format json.
            guard !(error is ExitCode), exitCode(for: error) == .validationFailure else {
                Output.standardOutput.flush()
                exit(withError: error)
            }
            let message = fullMessage(for: error)
            let text = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
            let context = FailureContext(isJSON: Output.requestsJSON(CommandLine.arguments))
            FailureRenderer(context: context).write(.usage(text))
            Output.standardOutput.flush()
            exit(withError: ExitCode.validationFailure)
        }
    }
}
