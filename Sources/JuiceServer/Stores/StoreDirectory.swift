import JuiceMaker

/// The stores the server serves, by name: `main` for one menu and
/// inventory, or the stores of a chain's manifest, read once at start.
struct StoreDirectory: Sendable {
    /// The name of the one store served without `--stores`.
    static let mainStore = "main"

    /// The service every request opens its store through.
    let service: StoreService
    /// The stores' names and files, in the manifest's order.
    let stores: [(name: String, address: StoreAddress)]
    /// The manifest's path, or the server's name for its one store: named
    /// in the answer to an unknown store.
    let source: String

    /// - Throws: ``StoreError`` when the manifest cannot be read.
    init(_ source: ServerConfiguration.Stores, service: StoreService) throws(StoreError) {
        self.service = service
        switch source {
        case .single(let menuPath, let inventoryPath):
            stores = [(Self.mainStore, StoreAddress(menuPath: menuPath, inventoryPath: inventoryPath))]
            self.source = "juice-server"
        case .chain(let path):
            stores = try service.chain(manifestPath: path).addresses.map { ($0.name ?? "", $0) }
            self.source = path
        }
    }

    /// The files of the store named `name`.
    ///
    /// - Throws: ``StoreError/noSuchStore(name:manifestPath:known:)``.
    func address(of name: String) throws(StoreError) -> StoreAddress {
        guard let store = stores.first(where: { $0.name == name }) else {
            throw .noSuchStore(name: name, manifestPath: source, known: stores.map(\.name))
        }
        return store.address
    }
}
