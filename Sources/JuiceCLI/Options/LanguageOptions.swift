import ArgumentParser
import JuicePresentation

/// The language a command speaks and names things in: `--locale`, taken by
/// every command (``Output/catalogue`` reads it before parsing; this
/// declares it, so that no command refuses it).
struct LanguageOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            Output.catalogue(.localeOption), discussion: Output.catalogue(.localeDefault),
            valueName: "locale"), completion: .locales)
    var locale: String?
}
