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

    /// The kind of the file at `path`, as the store service finds its
    /// shop and reads the shop's manifest (through its overlay: open
    /// manifests as they are typed).
    static func of(_ path: String, service: StoreService) -> DocumentKind {
        service.store(ofInventory: path).map(DocumentKind.inventory) ?? .menuOrManifest
    }
}
