import ArgumentParser
import Foundation
import JuiceMaker
import JuiceWords

extension AsyncParsableCommand {
    /// The language of `--locale` in the arguments, else the environment's
    /// (`LC_ALL`, `LC_MESSAGES`, `LANG`), as `juice` chooses it: read
    /// before parsing, so that a usage error speaks it too.
    package static var consoleLanguage: Language {
        Language(
            code: DisplayName.preferredLanguage(
                explicit: OptionScan.value(of: "--locale", in: Array(CommandLine.arguments.dropFirst())),
                environment: ProcessInfo.processInfo.environment))
    }

    /// Parses the arguments and runs the command, as the argument parser's
    /// own `main()` does; a usage error is said in ``consoleLanguage``
    /// (exit 64, as in English).
    package static func mainInConsoleLanguage() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            let language = consoleLanguage
            guard language != .english, !(error is ExitCode), exitCode(for: error) == .validationFailure else {
                exit(withError: error)
            }
            let message = ArgumentParserWord.said(fullMessage(for: error), in: language)
            FileHandle.standardError.write(Data((message + "\n").utf8))
            exit(withError: ExitCode.validationFailure)
        }
    }
}
