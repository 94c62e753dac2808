import ArgumentParser
import Foundation
import JuiceMaker
import JuiceSync
import JuiceToolOptions
import JuiceWords

/// `--locale`: the language of what `juice-sync` says on the console.
struct ConsoleOptions: ParsableArguments {
    @Option(help: ToolHelpWord.locale.help())
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
