import ArgumentParser
import JuiceMaker
import JuicePresentation

/// The options that say which menu, inventory and language a command uses.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            Output.catalogue(.menuOption), discussion: Output.catalogue(.menuDefault), valueName: "file"),
        completion: .yamlFile)
    var menu: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            Output.catalogue(.inventoryOption), discussion: Output.catalogue(.inventoryDefault), valueName: "file"),
        completion: .yamlFile)
    var inventory: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            Output.catalogue(.storeOption), discussion: Output.catalogue(.storeDefault),
            valueName: "name"), completion: .storeNames)
    var store: String?

    @OptionGroup var languageOptions: LanguageOptions

    /// `--locale`, if given.
    var locale: String? { languageOptions.locale }

    func validate() throws {
        for (option, value) in [("--menu", menu), ("--inventory", inventory)] where value?.isEmpty == true {
            throw ValidationError(Output.catalogue(.emptyFileName, option))
        }
        if store?.isEmpty == true { throw ValidationError(Output.catalogue(.emptyStoreName)) }
        if store != nil, menu != nil || inventory != nil {
            throw ValidationError(Output.catalogue(.storeWithFiles))
        }
    }

    /// The language for display names: --locale, else the environment.
    var language: String? {
        DisplayName.preferredLanguage(explicit: locale, environment: Environment.variables)
    }

    /// Where the store's files are: `--store` in the manifest (`--stores`,
    /// else the default one), else `--menu` and `--inventory` or their
    /// defaults.
    ///
    /// - Throws: ``StoreError`` when `--store` names no store of the
    ///   manifest, or the manifest cannot be read.
    func address(manifestPath: String?) throws(StoreError) -> StoreAddress {
        guard let store else { return Session.service.address(menu: menu, inventory: inventory) }
        return try Session.service.address(store: store, manifestPath: manifestPath)
    }

    /// The options a user would repeat to act on the same files, for
    /// commands the tool suggests; `manifestPath` is `--stores`. Without
    /// `inventory`, for a command that reads only the menu (`juice menu`).
    func repeatedArguments(manifestPath: String?, inventory withInventory: Bool = true) -> String {
        var words: [String] = []
        if let menu { words += ["--menu", Output.shellQuoted(menu)] }
        if withInventory, let inventory { words += ["--inventory", Output.shellQuoted(inventory)] }
        if let store { words += ["--store", Output.shellQuoted(store)] }
        if store != nil, let manifestPath { words += ["--stores", Output.shellQuoted(manifestPath)] }
        return words.map { " " + $0 }.joined()
    }
}
