internal import MarkedYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds, opens and checks stores with the rules every front end shares
/// (the default files, `--store` in a manifest, the lock's wait): `juice`,
/// `juice-server` and any front end to come call this, and none reads a
/// store's files itself.
///
/// ```swift
/// let service = StoreService(environment: ProcessInfo.processInfo.environment)
/// let store = try service.open(try service.address(store: "gangnam", manifestPath: nil), forChange: true)
/// let done = try store.make(try store.orders(parsing: ["banana=2"]))
/// ```
public struct StoreService: Sendable {
    /// The menu read when none is named, if anything is there.
    public static let defaultMenuPath = "recipes/menu.yaml"
    /// The inventory used when none is named.
    public static let defaultInventoryPath = "inventory.yaml"
    /// The manifest `--store` looks in when none is named.
    public static let defaultManifestPath = "recipes/stores.yaml"
    /// The environment variable that sets ``ceilings``: absolute folders,
    /// separated by `:`, as git's `GIT_CEILING_DIRECTORIES`.
    public static let ceilingsVariable = "JUICE_CEILING_DIRECTORIES"
    /// The environment variable that sets ``lockTimeout``.
    public static let lockTimeoutVariable = "JUICE_LOCK_TIMEOUT"
    /// The lock's wait when the environment sets none, in seconds.
    public static let defaultLockTimeout = 10.0

    /// How long a change waits for another process's lock, in seconds.
    public var lockTimeout: Double
    /// Whether menus loaded live until the process exits rather than being
    /// freed one by one just before it does: right for a command that runs
    /// once, not for a server.
    public var keepsMenusUntilExit: Bool
    /// Folders the search for the shop does not enter (see
    /// ``shopFolder()``): it stops below them.
    public var ceilings: [String]
    /// Open documents that reads take instead of the disk: an editor's
    /// unsaved text, which ``validate(files:store:manifestPath:)`` then
    /// checks as saved. Empty for the command line and the server.
    package var overlay = FileOverlay()

    /// A service whose lock wait is `JUICE_LOCK_TIMEOUT` in `environment`
    /// and whose search for the shop stops at `JUICE_CEILING_DIRECTORIES`.
    public init(environment: [String: String], keepsMenusUntilExit: Bool = false) {
        self.init(
            lockTimeout: Self.lockTimeout(in: environment), keepsMenusUntilExit: keepsMenusUntilExit,
            ceilings: (environment[Self.ceilingsVariable] ?? "").split(separator: ":").map(String.init))
    }

    /// A service whose changes wait `lockTimeout` seconds for a lock.
    public init(
        lockTimeout: Double = defaultLockTimeout, keepsMenusUntilExit: Bool = false, ceilings: [String] = []
    ) {
        self.lockTimeout = lockTimeout
        self.keepsMenusUntilExit = keepsMenusUntilExit
        self.ceilings = ceilings
    }

    /// The lock's wait that `JUICE_LOCK_TIMEOUT` sets: seconds, 10 when
    /// unset; anything but a finite number of 0 or more (`abc`, `inf`,
    /// `nan`, `-1`) is ignored.
    public static func lockTimeout(in environment: [String: String]) -> Double {
        environment[lockTimeoutVariable].flatMap(Double.init).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
            ?? defaultLockTimeout
    }

    /// The store of a menu and an inventory file: `menu`, else
    /// `recipes/menu.yaml` of the shop when anything is there (else the
    /// built-in menu); `inventory`, else the shop's `inventory.yaml`. The
    /// shop is the nearest folder, this one or a parent, that holds
    /// `recipes/menu.yaml` or `recipes/stores.yaml` (see ``shopFolder()``),
    /// else this folder; `menu` and `inventory` are kept as given.
    ///
    /// A default menu that is there but cannot be read (a dangling link, a
    /// folder that may not be searched) is still named, so that opening
    /// the store fails with the reason rather than falling back to the
    /// built-in menu and its stock.
    public func address(menu: String?, inventory: String?) -> StoreAddress {
        let shop = shopFolder() ?? ""
        let defaultMenu = shop + Self.defaultMenuPath
        var address = StoreAddress(
            menuPath: menu ?? (Self.isThere(defaultMenu) ? defaultMenu : nil),
            inventoryPath: inventory ?? shop + Self.defaultInventoryPath)
        address.shopFolder = shop.isEmpty ? nil : String(shop.dropLast())
        return address
    }

    /// The manifest `--store` looks in when none is named: the shop's
    /// `recipes/stores.yaml` (see ``shopFolder()``).
    public func defaultManifestPath() -> String {
        (shopFolder() ?? "") + Self.defaultManifestPath
    }

    /// The nearest folder, this one or a parent, that holds
    /// `recipes/menu.yaml` or `recipes/stores.yaml` (anything there, even
    /// what cannot be read), as git finds its repository: `""` for this
    /// folder, `"../"`, `"../../"`, ... for a parent; `nil` when there is
    /// none. The search stops at the file system's root, where a parent is
    /// on another file system (a mount point is not crossed), and before a
    /// folder of ``ceilings``.
    public func shopFolder() -> String? {
        shopFolder(from: "")
    }

    /// ``shopFolder()`` searched from the folder `start` (`""` for this
    /// one, else a path ending in `/`): `start` followed by `"../"` once
    /// per folder up. A file of ``overlay`` counts as there.
    func shopFolder(from start: String) -> String? {
        var prefix = start
        var here = stat()
        guard stat(start.isEmpty ? "." : start, &here) == 0 else { return nil }
        let stops = ceilings.compactMap(Self.identity)
        for _ in 0..<Self.deepestShopSearch {
            if isThere(prefix + Self.defaultMenuPath) || isThere(prefix + Self.defaultManifestPath) {
                return prefix
            }
            var parent = stat()
            let parentPrefix = prefix + "../"
            guard stat(parentPrefix, &parent) == 0, parent.st_dev == here.st_dev, parent.st_ino != here.st_ino,
                !stops.contains(where: { $0 == (parent.st_dev, parent.st_ino) })
            else { return nil }
            prefix = parentPrefix
            here = parent
        }
        return nil
    }

    /// How many folders up ``shopFolder()`` looks at most: deeper than any
    /// real tree, a guard against a loop the file system should not have.
    private static let deepestShopSearch = 256

    /// The device and inode of a folder, which say it is the same folder
    /// whatever path leads there.
    private static func identity(_ path: String) -> (dev_t, ino_t)? {
        var info = stat()
        return stat(path, &info) == 0 ? (info.st_dev, info.st_ino) : nil
    }

    /// Whether anything is at `path`, even what cannot be read, or
    /// ``overlay`` has it (an editor's document not saved yet).
    func isThere(_ path: String) -> Bool {
        Self.isThere(path) || overlay.contents(of: path) != nil
    }

    /// Whether anything is at `path`, even what cannot be read (a final
    /// link not followed).
    static func isThere(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 || (errno != ENOENT && errno != ENOTDIR)
    }

    /// Store `name` of the manifest at `manifestPath` (default
    /// ``defaultManifestPath()``, and then the address's ``StoreAddress/shopFolder``
    /// is the shop it was found in when that is a parent folder).
    ///
    /// - Throws: ``StoreError``: the manifest's file error, or its
    ///   diagnostics when it is invalid and has no such store;
    ///   ``StoreError/noSuchStore(name:manifestPath:known:)`` otherwise.
    public func address(store name: String, manifestPath: String?) throws(StoreError) -> StoreAddress {
        if let manifestPath { return try chain(manifestPath: manifestPath).address(of: name) }
        let shop = shopFolder() ?? ""
        var address = try chain(manifestPath: shop + Self.defaultManifestPath).address(of: name)
        address.shopFolder = shop.isEmpty ? nil : String(shop.dropLast())
        return address
    }

    /// Opens a store: reads and checks its menu.
    ///
    /// - Parameters:
    ///   - address: where the store's files are (``address(menu:inventory:)``,
    ///     ``address(store:manifestPath:)``).
    ///   - forChange: whether the caller will change the stock or read its
    ///     journal: a manifest's store that names no inventory is then
    ///     refused before anything is read. It opens nothing read-only: a
    ///     store opened without it is changed as asked, and such a store is
    ///     refused at its first change instead.
    /// - Throws: ``StoreError``: the menu's file error or diagnostics, or
    ///   ``StoreError/noInventory(store:manifestPath:)``.
    public func open(_ address: StoreAddress, forChange: Bool = false) throws(StoreError) -> Store {
        try open(address, forChange: forChange, loader: newLoader())
    }

    /// Opens each store of `addresses` for reading, on every core, one
    /// loader serving them all, so that a menu many stores extend is read
    /// once (what a server reads at start): each store's
    /// ``open(_:forChange:)``, in order.
    public func openEach(_ addresses: [StoreAddress]) -> [Result<Store, StoreError>] {
        let loader = newLoader()
        var opened: [Result<Store, StoreError>] = []
        opened.reserveCapacity(addresses.count)
        OrderedWork.run(count: addresses.count) { index in
            Result { () throws(StoreError) in try open(addresses[index], forChange: false, loader: loader) }
        } consume: { _, result in
            opened.append(result)
            return true
        }
        return opened
    }

    /// ``open(_:forChange:)`` with `loader`.
    private func open(_ address: StoreAddress, forChange: Bool, loader: MenuLoader) throws(StoreError) -> Store {
        if forChange, address.inventoryPath == nil {
            throw StoreError(noInventoryFor: address)
        }
        // No menu file: the built-in menu, which has no problems to say.
        var loaded = Loaded(value: Menu.builtin, diagnostics: [])
        if let path = address.menuPath {
            do {
                loaded = try loader.load(path: path)
            } catch {
                throw .file(error)
            }
        }
        guard let menu = loaded.value else { throw .invalidData(loaded.diagnostics) }
        return store(at: address, menu: menu, warnings: loaded.diagnostics)
    }

    /// The store at `address` with `menu`, its inventory file waiting as
    /// this service waits.
    private func store(at address: StoreAddress, menu: Menu, warnings: [Diagnostic]) -> Store {
        Store(
            address: address, menu: menu, warnings: warnings,
            inventoryFile: address.inventoryPath.map { InventoryFile(path: $0, lockTimeout: lockTimeout) })
    }

    /// A store whose menu is read as far as it can be, whatever its errors
    /// (an entry that is wrong, or an ingredient naming a fruit no entry
    /// declares, left out): what an editor's help answers from
    /// while a menu is being typed. Never for a change; `nil` when the menu
    /// cannot be read or is no menu at all.
    ///
    /// - Parameters:
    ///   - address: where the store's files are.
    ///   - menuText: the text to read the menu file as, instead of the
    ///     file's (or the open document's): an earlier text, or the text
    ///     without the line being typed.
    package func openDraft(_ address: StoreAddress, menuText: String? = nil) -> Store? {
        guard let path = address.menuPath else { return try? open(address) }
        let loader = MenuLoader(overlay: overlay)
        if let menuText { _ = loader.load(text: menuText, assumingPath: path) }
        guard let menu = try? loader.draft(path: path) else { return nil }
        return store(at: address, menu: menu, warnings: [])
    }

    /// The files a store's menu is read from: its menu file and every file
    /// that extends names, near or far (missing ones included), or none
    /// for the built-in menu. What a front end watches to follow the menu.
    package func menuFiles(of address: StoreAddress) -> [String] {
        guard let path = address.menuPath else { return [] }
        let loader = newLoader()
        _ = try? loader.load(path: path)
        return loader.files(readFrom: path)
    }

    /// What the store's menu file, inventory and journal are on disk now,
    /// without reading them: the same stamps again say that no change was
    /// committed meanwhile (a change replaces the inventory and appends to
    /// the journal) and that the menu file was not saved (the files it
    /// extends are not looked at).
    package func stamps(of address: StoreAddress) -> FileStamps {
        let inventory = address.inventoryPath.map { InventoryFile(path: $0, lockTimeout: lockTimeout) }
        return FileStamps(of: [address.menuPath, inventory?.resolvedPath, inventory?.journal.path].compactMap { $0 })
    }

    /// What the store's menu is on disk now, without reading it: the
    /// stamps of its ``menuFiles(of:)``, the menu file and every file it
    /// extends (reading the menu once to find them). The same stamps again
    /// (``FileStamps/areCurrent``) say that none was saved meanwhile.
    package func menuStamps(of address: StoreAddress) -> FileStamps {
        FileStamps(of: menuFiles(of: address))
    }

    /// The stores of the manifest at `manifestPath` (as an editor's open
    /// document has it, if it does), read but not opened.
    ///
    /// - Throws: ``StoreError/file(_:)`` when the manifest cannot be read.
    public func chain(manifestPath: String) throws(StoreError) -> ChainBatch {
        do {
            return ChainBatch(manifest: try StoresManifest.load(path: manifestPath, overlay: overlay), service: self)
        } catch {
            throw .file(error)
        }
    }

    /// The text of the file at `path` as the loaders would read it: the
    /// open document's in ``overlay``, else the file's when it is a regular
    /// file no larger than a menu may be; `nil` otherwise (missing,
    /// unreadable, a device or a FIFO, too large). For an editor's outline
    /// of a file; ``validate(files:store:manifestPath:)`` judges it.
    package func text(of path: String) -> String? {
        if let bytes = overlay.contents(of: path) { return String(decoding: bytes, as: UTF8.self) }
        let limit = YAMLLimits.standard.maxInputBytes
        guard case .bytes(let bytes) = try? SourceFile.contents(of: path, limit: limit, onlyRegular: true) else {
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A loader of menus, kept until the process exits when asked.
    func newLoader() -> MenuLoader {
        keepsMenusUntilExit ? ProcessLifetime.kept(MenuLoader(overlay: overlay)) : MenuLoader(overlay: overlay)
    }
}
