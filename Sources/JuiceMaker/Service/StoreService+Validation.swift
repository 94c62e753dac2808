/// What `validate` found in one file.
public struct FileCheck: Sendable {
    /// What the summary of a file adds to its verdict.
    public enum Detail: Sendable, Hashable {
        /// A manifest, with the number of stores it names.
        case stores(Int)
        /// An inventory file that does not exist yet: the menu's initial
        /// stock.
        case absentInventory
        /// A sales map, with the number of stores' menus its ids were
        /// checked against (0: no menu or manifest beside it).
        case salesMap(menusChecked: Int)
    }

    /// The file, as named (``Menu/builtinPath`` for the built-in menu).
    public var path: String
    /// Its problems (for a manifest, its stores' too).
    public var diagnostics: [Diagnostic]
    /// What the summary adds, if anything.
    public var detail: Detail?
}

/// What one validation found: each file checked, in order, and the files
/// that could not be read.
public struct Validation: Sendable {
    /// The files checked, in the order checked.
    public var checks: [FileCheck] = []
    /// The files that could not be read, in the order met.
    public var unreadable: [FileError] = []
}

extension StoreService {
    /// Checks menus, manifests and sales maps (told apart by their name
    /// and content; a sales map against each store's menu of the
    /// `stores.yaml` beside it, else the `menu.yaml` beside it), a
    /// manifest with every file its stores name, and a store's inventory
    /// and journal against its menu. One loader serves the run, so a menu
    /// that many files extend is checked once.
    ///
    /// - Parameters:
    ///   - files: the menus and manifests named.
    ///   - store: a store whose menu (when not among `files`), inventory
    ///     and journal are checked too.
    ///   - manifestPath: a manifest checked with every store it names.
    public func validate(files: [String], store: StoreAddress?, manifestPath: String?) -> Validation {
        var run = ValidationRun(loader: newLoader())
        var paths: [String?] = files
        if let store, !paths.contains(store.menuPath) { paths.append(store.menuPath) }
        var storeMenu: Menu?
        for path in paths {
            let menu = run.checkFile(at: path)
            if let store, path == store.menuPath { storeMenu = menu }
        }
        if let manifestPath { run.checkManifest(at: manifestPath) }
        if let storeMenu, let path = store?.inventoryPath {
            var file = InventoryFile(path: path, lockTimeout: lockTimeout)
            file.overlay = overlay
            run.checkInventory(file, menu: storeMenu)
        }
        return run.validation
    }
}

/// The files checked by one validation, and what was found.
private struct ValidationRun {
    var validation = Validation()
    let loader: MenuLoader

    mutating func checkManifest(at path: String) {
        do {
            check(try StoresManifest.load(path: path, overlay: loader.overlay))
        } catch {
            validation.unreadable.append(error)
        }
    }

    private mutating func check(_ manifest: StoresManifest) {
        let snapshots = StoreSnapshot.load(manifest, loader: loader)
        record(manifest.diagnostics(with: snapshots), for: manifest.path, detail: .stores(manifest.stores.count))
    }

    /// Checks a menu or manifest file (`nil`: the built-in menu) and returns
    /// the menu when the file is a valid one.
    mutating func checkFile(at path: String?) -> Menu? {
        guard let path else {
            record([], for: Menu.builtinPath)
            return .builtin
        }
        do {
            switch try JuiceFile.load(path: path, loader: loader) {
            case .menu(let loaded):
                record(loaded.diagnostics, for: path)
                return loaded.value
            case .storesManifest(let manifest):
                check(manifest)
                return nil
            case .salesMap(let map, let form):
                let menus = SalesMapFile.menus(besides: path, loader: loader)
                record(
                    map.diagnostics(withForm: form, against: menus), for: path,
                    detail: .salesMap(menusChecked: menus.count))
                return nil
            }
        } catch {
            validation.unreadable.append(error)
            return nil
        }
    }

    /// Checks an inventory file against a valid menu; an absent one is fine
    /// (it means the initial stock), and said so. Its journal, when there
    /// is one, is checked too, a line at a time.
    mutating func checkInventory(_ file: InventoryFile, menu: Menu) {
        do {
            let isAbsent = !file.exists
            let loaded = try file.read(menu: menu)
            record(loaded.diagnostics, for: file.path, detail: isAbsent ? .absentInventory : nil)
        } catch {
            validation.unreadable.append(error)
        }
        let journal = file.journal
        guard journal.exists else { return }
        do {
            record(try file.readJournal { _ in }, for: journal.path)
        } catch {
            validation.unreadable.append(error)
        }
    }

    private mutating func record(_ found: [Diagnostic], for path: String, detail: FileCheck.Detail? = nil) {
        validation.checks.append(FileCheck(path: path, diagnostics: found, detail: detail))
    }
}
