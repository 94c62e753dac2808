import Foundation
import JuiceMaker

/// What an open file is, decided as `juice validate` decides: an inventory
/// is a file a store names as its inventory (a store of the shop's
/// `recipes/stores.yaml`, or the shop's own `inventory.yaml`), checked
/// against that store's menu; anything else is a menu or a manifest, told
/// apart by its content (a manifest's root has `stores`).
enum DocumentKind: Sendable, Equatable {
    case menuOrManifest
    /// An inventory, of the store at this address.
    case inventory(StoreAddress)

    /// The kind of the file at `path`, its shop's files read through
    /// `overlay` (open manifests as they are typed).
    static func of(_ path: String, overlay: FileOverlay) -> DocumentKind {
        let key = OpenDocument.key(path)
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL
        // The shop is the nearest folder up that holds recipes/menu.yaml or
        // recipes/stores.yaml, as the command line finds it.
        for _ in 0..<64 {
            let manifest = folder.appendingPathComponent(StoreService.defaultManifestPath).path
            let menu = folder.appendingPathComponent(StoreService.defaultMenuPath).path
            let hasManifest = exists(manifest, overlay: overlay)
            let hasMenu = exists(menu, overlay: overlay)
            if hasManifest || hasMenu {
                if hasManifest, let loaded = try? StoresManifest.load(path: manifest, overlay: overlay),
                    let store = loaded.stores.first(where: { $0.inventoryPath.map(OpenDocument.key) == key })
                {
                    return .inventory(
                        StoreAddress(
                            name: store.name, manifestPath: manifest, menuPath: store.menuPath,
                            inventoryPath: store.inventoryPath))
                }
                let inventory = folder.appendingPathComponent(StoreService.defaultInventoryPath).path
                if OpenDocument.key(inventory) == key {
                    return .inventory(StoreAddress(menuPath: hasMenu ? menu : nil, inventoryPath: path))
                }
                return .menuOrManifest
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return .menuOrManifest
    }

    private static func exists(_ path: String, overlay: FileOverlay) -> Bool {
        overlay.contents(of: path) != nil || FileManager.default.fileExists(atPath: path)
    }
}
