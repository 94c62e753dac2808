import JuiceMaker

/// What an open file is, decided as `juice validate` decides: an inventory
/// is a file a store names as its inventory (a store of the shop's
/// `recipes/stores.yaml`, or the shop's own `inventory.yaml`), checked
/// against that store's menu; a sales map is a file named `sales.yaml` or
/// whose root has a map's keys and none of a menu's or a manifest's,
/// checked against the menus beside it; anything else is a menu or a
/// manifest, told apart by its content (a manifest's root has `stores`).
enum DocumentKind: Sendable, Equatable {
    case menuOrManifest
    /// An inventory, of the store at this address.
    case inventory(StoreAddress)
    /// A sales map (SPEC 17).
    case salesMap

    /// The kind of the file at `path`, as the store service finds its
    /// shop and reads the shop's manifest (through its overlay: open
    /// manifests as they are typed).
    static func of(_ path: String, service: StoreService) -> DocumentKind {
        if let store = service.store(ofInventory: path) { return .inventory(store) }
        return service.isSalesMap(path) ? .salesMap : .menuOrManifest
    }
}
