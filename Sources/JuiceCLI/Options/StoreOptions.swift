import ArgumentParser
import JuiceMaker

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The options that say which menu, inventory and language a command uses.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The menu file.", discussion: "Default: recipes/menu.yaml if it exists, else the built-in menu.",
            valueName: "file"))
    var menu: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The inventory file.",
            discussion: "Default: inventory.yaml. A missing file means the menu's initial stock.", valueName: "file"))
    var inventory: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The language of display names, e.g. en or ko.", discussion: "Default: from LC_ALL, LC_MESSAGES or LANG.",
            valueName: "locale"))
    var locale: String?

    static let defaultMenuPath = "recipes/menu.yaml"
    static let defaultInventoryPath = "inventory.yaml"

    /// The language for display names: --locale, else the environment.
    var language: String? {
        DisplayName.preferredLanguage(explicit: locale, environment: ProcessInfo.processInfo.environment)
    }

    /// The menu file to read, or `nil` for the built-in menu.
    var menuPath: String? {
        if let menu { return menu }
        return FileManager.default.fileExists(atPath: Self.defaultMenuPath) ? Self.defaultMenuPath : nil
    }

    /// The inventory file, with the lock wait from `JUICE_LOCK_TIMEOUT`
    /// (seconds, default 10; anything but a finite number of 0 or more,
    /// such as `abc`, `inf`, `nan` or `-1`, is ignored).
    var inventoryFile: InventoryFile {
        let timeout = ProcessInfo.processInfo.environment["JUICE_LOCK_TIMEOUT"].flatMap(Double.init).flatMap {
            $0.isFinite && $0 >= 0 ? $0 : nil
        }
        return InventoryFile(path: inventory ?? Self.defaultInventoryPath, lockTimeout: timeout ?? 10)
    }

    /// The options a user would repeat to act on the same files, for
    /// commands the tool suggests.
    var repeatedArguments: String {
        var words: [String] = []
        if let menu { words += ["--menu", Output.shellQuoted(menu)] }
        if let inventory { words += ["--inventory", Output.shellQuoted(inventory)] }
        return words.map { " " + $0 }.joined()
    }
}
