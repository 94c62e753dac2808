import ArgumentParser
import Foundation
import JuiceMaker
import JuiceWords

extension AsyncParsableCommand {
    /// Parses the arguments and runs the command, as the argument parser's
    /// own `main()` does; a usage error is said in the console's language (``ConsoleLanguage``)
    /// (exit 64, as in English). An option of one value given more than
    /// once is one (``RepeatedOption``).
    package static func mainInConsoleLanguage() async {
        do {
            // An option of one value given twice: refused, as `juice` does.
            if let repeated = RepeatedOption.first(in: Array(CommandLine.arguments.dropFirst()), under: Self.self) {
                throw ValidationError(repeated.message(in: ConsoleLanguage.current))
            }
            var command = try parseAsRoot()
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            let language = ConsoleLanguage.current
            guard language != .english, !(error is ExitCode) else { exit(withError: error) }
            // The help asked for: its headings in the language too (its
            // texts are the word tables' already).
            if exitCode(for: error) == .success {
                print(ArgumentParserWord.helpSaid(fullMessage(for: error), in: language))
                exit(withError: ExitCode.success)
            }
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            let message = ArgumentParserWord.said(fullMessage(for: error), in: language)
            FileHandle.standardError.write(Data((message + "\n").utf8))
            exit(withError: ExitCode.validationFailure)
        }
    }
}
