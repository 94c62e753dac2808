import Foundation
import JuiceMaker
import LanguageServerProtocol

/// The files a request looks at: the open documents as typed, the rest as
/// saved; how they extend each other; the menus the store service loads
/// from them.
struct Workspace {
    let documents: [String: OpenDocument]
    let service: StoreService
    let encoding: PositionEncoding
    /// What was read and loaded since the documents last changed.
    let loaded: LoadCache
    /// The texts of the menus last checked without an error, kept across
    /// changes.
    let lastValid: LastValidTexts
    /// The file and 0-based line the cursor is on, for a request at a
    /// place: that line may be half typed.
    var cursor: (path: String, line: Int)?

    /// The text of `path`: the open document's, else the file's, read by
    /// the store service (bounded, regular files only: a path typed in
    /// `extends` may name `/dev/zero` or a FIFO).
    func text(of path: String) -> String? {
        service.text(of: path)
    }

    func kind(of path: String) -> DocumentKind {
        DocumentKind.of(path, service: service)
    }

    /// The outline of the file at `path`.
    func outline(of path: String) -> DocumentOutline {
        if let known = loaded.outlines[path] { return known }
        let isInventory = if case .inventory = kind(of: path) { true } else { false }
        let outline = DocumentOutline(text(of: path) ?? "", isInventory: isInventory)
        loaded.outlines[path] = outline
        return outline
    }

    /// `relative` joined to the folder of `file`, as `extends` and a
    /// manifest name files (`file` is absolute): by the library's rule (``PathName``), so that a
    /// `..` after a linked folder reaches the file the loader reads.
    static func join(_ relative: String, besides file: String) -> String {
        PathName.resolve(relative, besides: file)
    }

    /// The menus a sales map's ids are checked against: each store's of
    /// the manifest beside it, else the menu beside it.
    func salesMapMenus(of path: String) -> [Menu] {
        service.salesMapMenus(besides: path).map(\.menu)
    }

    /// The menus `path` extends, near or far, nearest first, each once.
    func ancestors(of path: String) -> [String] {
        var found: [String] = []
        var seen: Set<String> = [OpenDocument.key(path)]
        var pending = [path]
        while !pending.isEmpty {
            let next = pending.removeFirst()
            for parent in outline(of: next).parents.map({ Self.join($0, besides: next) })
            where seen.insert(OpenDocument.key(parent)).inserted {
                found.append(parent)
                pending.append(parent)
            }
        }
        return found
    }

    /// The menu a file's ids are checked against: a menu's own, merged
    /// with its parents; an inventory's store's menu. While it is invalid,
    /// as far as it can be read, else as it last was valid; `nil` when it
    /// never was and cannot be read (then ``parentMenus(of:)`` still helps).
    func menu(for path: String) -> Menu? {
        if let known = loaded.menus[path] { return known }
        let menu = loadMenu(for: path)
        loaded.menus[path] = menu
        return menu
    }

    private func loadMenu(for path: String) -> Menu? {
        switch kind(of: path) {
        case .inventory(let store):
            return model(of: store)?.menu
        case .menuOrManifest:
            return menu(at: path)
        case .salesMap:
            // Its menus are those beside it: see `salesMapMenus(of:)`.
            return nil
        }
    }

    /// The menus a menu's `extends` names, each loaded with its own parents.
    func parentMenus(of path: String) -> [Menu] {
        outline(of: path).parents.compactMap { menu(at: Self.join($0, besides: path)) }
    }

    /// The menu of the menu file at `path`, opened by the store service
    /// (as ``model(of:)`` has it); `nil` when it cannot be read.
    private func menu(at path: String) -> Menu? {
        model(of: StoreAddress(menuPath: path, inventoryPath: nil))?.menu
    }

    /// The store at `address` as help answers from it, opened by the store
    /// service: whole when its menu is valid; while it is not, its menu as
    /// far as the text can be read (an unknown fruit declared, a wrong
    /// entry left out), else as far as it can without the line being
    /// typed, else as it was when last checked valid: as language servers
    /// for code answer while a file does not compile.
    func model(of address: StoreAddress) -> Store? {
        let files = [address.menuPath, address.inventoryPath].map { $0.map(OpenDocument.key) ?? "" }
        let cacheKey = files.joined(separator: "\n")
        if let known = loaded.stores[cacheKey] { return known }
        if let store = (try? service.open(address)) ?? service.openDraft(address) {
            loaded.stores[cacheKey] = store
            return store
        }
        guard let path = address.menuPath else { return nil }
        let key = files[0]
        if let cursor, OpenDocument.key(cursor.path) == key, let text = text(of: path) {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if cursor.line < lines.count {
                lines[cursor.line] = ""
                if let store = service.openDraft(address, menuText: lines.joined(separator: "\n")) { return store }
            }
        }
        return lastValid.texts[key].flatMap { service.openDraft(address, menuText: $0) }
    }

    /// The store whose stock a file's ids are shown with (``model(of:)``):
    /// an inventory's own store; for a menu, the store of its shop whose
    /// menu it is (a manifest's, or the shop's own), else the menu alone
    /// (its initial stock).
    func store(for path: String) -> Store? {
        if case .inventory(let store) = kind(of: path) { return model(of: store) }
        let key = OpenDocument.key(path)
        var address = StoreAddress(menuPath: path, inventoryPath: nil)
        for candidate in storeFiles(near: path) {
            if case .inventory(let store) = kind(of: candidate), store.menuPath.map(OpenDocument.key) == key {
                address = store
                break
            }
        }
        return model(of: address)
    }

    /// The files of the shops of `path` and of the open documents: each
    /// open document, each menu and inventory their manifests name, and
    /// each shop's own menu and inventory.
    func storeFiles(near path: String) -> [String] {
        var files = documents.values.map(\.path).sorted()
        let shops = Set((files + [path]).compactMap(service.shopFolder(of:)))
        for shop in shops.sorted().map(URL.init(fileURLWithPath:)) {
            files.append(shop.appendingPathComponent(StoreService.defaultMenuPath).path)
            files.append(shop.appendingPathComponent(StoreService.defaultInventoryPath).path)
            let manifest = shop.appendingPathComponent(StoreService.defaultManifestPath).path
            for store in (try? service.chain(manifestPath: manifest))?.addresses ?? [] {
                files += [store.menuPath, store.inventoryPath].compactMap { $0 }
            }
        }
        var seen: Set<String> = []
        return files.filter { text(of: $0) != nil && seen.insert(OpenDocument.key($0)).inserted }
    }

    /// The files that write the ids `path` can see or that can see its
    /// ids: `path`, the menus it extends, and every known menu or
    /// inventory whose menu extends one of those.
    func family(of path: String) -> [String] {
        let lineage = [path] + ancestors(of: path)
        let keys = Set(lineage.map(OpenDocument.key))
        var files = lineage
        var seen = keys
        for candidate in storeFiles(near: path) where !seen.contains(OpenDocument.key(candidate)) {
            var reach = [candidate]
            if case .inventory(let store) = kind(of: candidate), let menu = store.menuPath {
                reach = [menu]
            }
            reach += reach.flatMap(ancestors(of:))
            if reach.contains(where: { keys.contains(OpenDocument.key($0)) }) {
                files.append(candidate)
                seen.insert(OpenDocument.key(candidate))
            }
        }
        return files
    }

    /// The lines of `path` as positions count them.
    func lines(of path: String) -> LineIndex {
        LineIndex(text(of: path) ?? "", encoding: encoding)
    }
}

/// What requests have read and loaded, kept until a document changes: a
/// completion after another reads nothing again.
final class LoadCache {
    var menus: [String: Menu?] = [:]
    /// The stores ``Workspace/model(of:)`` opened whole or as drafts, by
    /// their files.
    var stores: [String: Store] = [:]
    /// The outlines of the files read, by path.
    var outlines: [String: DocumentOutline] = [:]
}

/// The text of each open menu when it was last checked without an error,
/// by ``OpenDocument/key(_:)``: what help answers from while the document
/// is mid-edit and cannot be read as a menu.
final class LastValidTexts {
    var texts: [String: String] = [:]
}
