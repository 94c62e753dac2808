/// Where one store's files are: what a front end's options name, found
/// but not yet read (see ``StoreService/open(_:forChange:)``).
public struct StoreAddress: Sendable, Hashable {
    /// The store's name in its manifest; `nil` for a store named by its
    /// files alone.
    public var name: String?
    /// The manifest the store was found in, if any.
    public var manifestPath: String?
    /// The menu file; `nil` for the built-in menu.
    public var menuPath: String?
    /// The inventory file; `nil` for a manifest's store that names none:
    /// its menu's initial stock, which cannot be changed.
    public var inventoryPath: String?
    /// The shop folder the default files were found in, when it is a
    /// parent of the current one (`..`, `../..`); `nil` otherwise.
    public var shopFolder: String?
    /// The manifest's `dayStarts` for the store, if it sets one; the menu's
    /// wins (see ``Store/dayStart``).
    public var dayStarts: DayStart?

    /// The name of a store named by its files alone, where a front end
    /// needs one: the server's one store, `juice-sync push`'s default.
    package static let oneStoreName = "main"

    /// A store at these files.
    public init(name: String? = nil, manifestPath: String? = nil, menuPath: String?, inventoryPath: String?) {
        self.name = name
        self.manifestPath = manifestPath
        self.menuPath = menuPath
        self.inventoryPath = inventoryPath
    }
}
