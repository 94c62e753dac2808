import ArgumentParser
import JuiceMaker

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    @Option(
        name: .long,
        help: ArgumentHelp(
            Output.catalogue(.localeOption), discussion: Output.catalogue(.localeDefault),
            valueName: "locale"), completion: .locales)
    var locale: String?

    static let defaultMenuPath = "recipes/menu.yaml"
    static let defaultInventoryPath = "inventory.yaml"
    static let defaultManifestPath = "recipes/stores.yaml"

    func validate() throws {
        Output.catalogue = Catalogue(language)
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

    /// The menu file to read, or `nil` for the built-in menu: `--menu`, else
    /// `recipes/menu.yaml` when anything is there. A default file that is
    /// there but cannot be read (a dangling link, a folder that may not be
    /// searched) is still named, so that reading it fails with the reason
    /// rather than falling back to the built-in menu.
    var menuPath: String? {
        if let menu { return menu }
        var info = stat()
        if lstat(Self.defaultMenuPath, &info) == 0 || (errno != ENOENT && errno != ENOTDIR) {
            return Self.defaultMenuPath
        }
        return nil
    }

    /// The inventory file: `--inventory`, else `inventory.yaml`.
    var inventoryPath: String {
        inventory ?? Self.defaultInventoryPath
    }

    /// The options a user would repeat to act on the same files, for
    /// commands the tool suggests.
    var repeatedArguments: String {
        var words: [String] = []
        if let menu { words += ["--menu", Output.shellQuoted(menu)] }
        if let inventory { words += ["--inventory", Output.shellQuoted(inventory)] }
        if let store { words += ["--store", Output.shellQuoted(store)] }
        return words.map { " " + $0 }.joined()
    }
}
