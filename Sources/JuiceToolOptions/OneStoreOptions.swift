import ArgumentParser
import JuiceMaker

/// `--menu` and `--inventory`, the one store of `juice-server` and of
/// `juice-sync push` when no manifest names the stores: declared here once
/// for both.
public struct OneStoreOptions: ParsableArguments, Sendable {
    /// `--menu FILE`; `nil`: `juice`'s default.
    @Option(help: ToolHelpWord.menu.help(valueName: "file"))
    public var menu: String?

    /// `--inventory FILE`; `nil`: `juice`'s default.
    @Option(help: ToolHelpWord.inventory.help(valueName: "file"))
    public var inventory: String?

    /// Whether either file is named.
    public var namesAFile: Bool { menu != nil || inventory != nil }

    /// No file named: `juice`'s defaults.
    public init() {}

    /// The one store's files, with `juice`'s defaults for those not named
    /// (see ``StoreService/address(menu:inventory:)``).
    public func address(_ service: StoreService) -> StoreAddress {
        service.address(menu: menu, inventory: inventory)
    }
}
