import ArgumentParser
import JuiceMaker
import JuicePresentation
import JuiceToolOptions

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `juice` command: its subcommands, and the one place where a run
/// becomes an exit status.
public struct Juice: ParsableCommand {
    /// The subcommands, help and version.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "juice",
            abstract: Output.catalogue(.rootAbstract),
            discussion: Output.catalogue(.rootDiscussion),
            version: "0.1.0",
            subcommands: [
                ReportCommand.self, MakeCommand.self, AdjustCommand.self, PlanCommand.self, MenuCommand.self,
                ValidateCommand.self, MixCommand.self, LogCommand.self, UndoCommand.self, UsageCommand.self,
                OrderCommand.self, OrdersCommand.self, ReceiveCommand.self, ImportCommand.self, CountCommand.self,
                VarianceCommand.self, ForecastCommand.self, WasteCommand.self, ExpiringCommand.self,
                SchemaCommand.self,
                LspCommand.self, InitCommand.self, BackupCommand.self, RestoreCommand.self,
            ]
        )
    }

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
        let context = FailureContext(isJSON: Output.requestsJSON(arguments), catalogue: Output.catalogue)
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

    /// Refuses `juice adjust lemon -3`, which the argument parser would
    /// call an unknown option `-3`, as a usage error that says to write
    /// `lemon=-3`.
    static func checkCountAsOption(_ arguments: [String]) throws(CommandError) {
        guard arguments.first == "adjust" else { return }
        let words = Array(arguments.dropFirst().prefix { $0 != "--" })
        let valueOptions: Set = ["--reason", "--menu", "--inventory", "--store", "--stores", "--locale", "--format"]
        for index in words.indices.dropFirst() {
            let (word, previous) = (words[index], words[index - 1])
            guard word.count > 1, word.hasPrefix("-"), word.dropFirst().allSatisfy({ ("0"..."9").contains($0) }),
                !previous.hasPrefix("-"), !previous.contains("="), index < 2 || !valueOptions.contains(words[index - 2])
            else { continue }
            throw CommandError(
                .usage(Output.catalogue(.negativeAsOption, word, word.dropFirst(), previous)),
                context: FailureContext(isJSON: Output.requestsJSON(arguments), catalogue: Output.catalogue))
        }
    }

    /// Refuses an option of one value given more than once (`--store a
    /// --store b`, which the argument parser takes as `b` alone) as a usage
    /// error naming it, for every command (``RepeatedOption``).
    static func checkRepeatedOptions(_ arguments: [String]) throws(CommandError) {
        guard let repeated = RepeatedOption.first(in: arguments, under: Juice.self) else { return }
        throw CommandError(
            .usage(repeated.message(in: Output.catalogue.language)),
            context: FailureContext(isJSON: Output.requestsJSON(arguments), catalogue: Output.catalogue))
    }

    /// Whether the arguments ask for help: `-h`, `--help`, or `juice help`.
    static func isHelpRequest(_ arguments: [String]) -> Bool {
        arguments.dropFirst().first == "help" || arguments.contains("-h") || arguments.contains("--help")
    }

    /// `juice help COMMAND... OPTION...` as `juice COMMAND... --help
    /// OPTION...`: the argument parser's `help` takes command names only,
    /// so `juice help import --locale ko` would be refused where `juice
    /// import --help --locale ko` is not. Without an option, as given.
    static func helpAsFlag(_ arguments: [String]) -> [String] {
        guard arguments.first == "help", arguments.dropFirst().contains(where: { $0.hasPrefix("-") }) else {
            return arguments
        }
        let names = arguments.dropFirst().prefix { !$0.hasPrefix("-") }
        return Array(names) + ["--help"] + arguments.dropFirst(1 + names.count)
    }

    /// Refuses more than ``maximumArguments`` arguments as a usage error.
    static func checkArgumentCount(_ count: Int) throws(CommandError) {
        guard count > maximumArguments else { return }
        throw CommandError(
            .usage(Output.catalogue(.tooManyArguments, count, maximumArguments)),
            context: FailureContext(isJSON: Output.requestsJSON(CommandLine.arguments), catalogue: Output.catalogue))
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
            try checkArgumentCount(CommandLine.arguments.count - 1)
            try checkCommandWord(Array(CommandLine.arguments.dropFirst()))
            try checkCountAsOption(Array(CommandLine.arguments.dropFirst()))
            try checkRepeatedOptions(Array(CommandLine.arguments.dropFirst()))
            var command = try parseAsRoot(helpAsFlag(Array(CommandLine.arguments.dropFirst())))
            try command.run()
            try Output.finish()
        } catch let error as CommandError {
            if let failure = error.failure, let context = error.context {
                FailureRenderer(context: context).write(failure)
            }
            Output.standardOutput.flush()
            exit(withError: ExitCode(error.exitStatus))
        } catch {
            // A usage error the argument parser found is said like every
            // other failure: `error:` in text (its `Error:` is not juice's
            // style), or JSON under --format json.
            guard !(error is ExitCode), exitCode(for: error) == .validationFailure else {
                if !(error is ExitCode), exitCode(for: error) == .success, isHelpRequest(CommandLine.arguments) {
                    Output.line(Output.catalogue.argumentParserHelp(fullMessage(for: error)))
                    Output.standardOutput.flush()
                    exit(withError: ExitCode.success)
                }
                if !(error is ExitCode), exitCode(for: error) == .success,
                    let shell = HelpCompletion.shell(in: CommandLine.arguments)
                {
                    Output.line(HelpCompletion.amend(fullMessage(for: error), shell: shell, commands: commandNames))
                    Output.standardOutput.flush()
                    exit(withError: ExitCode.success)
                }
                Output.standardOutput.flush()
                exit(withError: error)
            }
            let message = fullMessage(for: error)
            let text = Output.catalogue.argumentParserMessage(
                message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message)
            let context = FailureContext(
                isJSON: Output.requestsJSON(CommandLine.arguments), catalogue: Output.catalogue)
            FailureRenderer(context: context).write(.usage(text))
            Output.standardOutput.flush()
            exit(withError: ExitCode.validationFailure)
        }
    }
}
