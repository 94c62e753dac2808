import Foundation
import JuiceMaker
import JuiceWords

/// The language `juice-server` and `juice-sync` speak on the console:
/// `--locale` in the arguments, else the environment's (`LC_ALL`,
/// `LC_MESSAGES`, `LANG`), as `juice` chooses it; read before parsing, so
/// that the help and a usage error speak it too.
package enum ConsoleLanguage {
    /// The language of this run.
    package static var current: Language {
        Language(
            code: DisplayName.preferredLanguage(
                explicit: OptionScan.value(of: "--locale", in: Array(CommandLine.arguments.dropFirst())),
                environment: ProcessInfo.processInfo.environment))
    }
}
