import ArgumentParser
import JuiceWords

/// The help of `juice-server` and `juice-sync` (their abstracts,
/// discussions and options), as keys of the word tables (`toolHelp.`), in
/// the console's language (``ConsoleLanguage``): read when the options are
/// declared, before parsing, as `juice` reads its own.
package enum ToolHelpWord: String, WordKey {
    // juice-server.
    case serverAbstract, serverDiscussion, host, allowHost, port, serverStores, token, maxStreams, sync, central
    case copy, logFormat
    // Both.
    case locale, menu, inventory, database
    // juice-sync.
    case syncAbstract, syncDiscussion, pushAbstract, pushDiscussion, pushStores, pushStore, pushName, watch
    case pullAbstract, pullDiscussion, pullFolder, pullStores

    package static var namespace: String { "toolHelp" }

    /// The text in the console's language.
    package var text: String { template(in: ConsoleLanguage.current) }

    /// The text as an option's help, its value named `valueName`.
    package func help(valueName: String? = nil) -> ArgumentHelp {
        ArgumentHelp(text, valueName: valueName)
    }
}
