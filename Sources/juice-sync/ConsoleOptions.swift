import ArgumentParser
import Foundation
import JuiceMaker
import JuiceSync
import JuiceWords

/// `--locale`: the language of what `juice-sync` says on the console.
struct ConsoleOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("The language of the console's lines: en or ko (default: from LC_ALL, LC_MESSAGES or LANG).")
    )
    var locale: String?

    /// `--locale`, else the environment's, as `juice` chooses it.
    var language: Language {
        Language(
            code: DisplayName.preferredLanguage(explicit: locale, environment: ProcessInfo.processInfo.environment))
    }

    /// A usage error, said in the console's language.
    func refusal(_ word: SyncWord, _ arguments: String...) -> ValidationError {
        ValidationError(word.text(language, arguments))
    }
}
