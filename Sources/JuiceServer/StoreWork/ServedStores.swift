import Foundation
import JuiceMaker
import Logging

/// The stores the server serves, by name: `main` for one menu and
/// inventory, or the stores of a chain's manifest, followed as it changes
/// (``FollowedManifest``).
struct ServedStores: Sendable {
    /// The service every request opens its store through.
    let service: StoreService
    /// The chain of the manifest served, as it is now; `nil` for one
    /// store served without a manifest.
    var chain: ChainBatch? { manifest?.current().chain }
    /// The stores' names and files, in the manifest's order: as the
    /// manifest is now (a store added while the server runs is served).
    var stores: [(name: String, address: StoreAddress)] { manifest?.current().stores ?? single }
    /// Since when the manifest served cannot be read (the stores last read
    /// are served meanwhile); `nil` while it can, and for one store.
    var manifestUnreadableSince: Date? { manifest?.unreadableSince() }
    /// The manifest served, followed; `nil` for one store.
    private let manifest: FollowedManifest?
    /// The one store served without a manifest.
    private let single: [(name: String, address: StoreAddress)]
    /// The manifest's path, or the server's name for its one store: named
    /// in the answer to an unknown store.
    let source: String
    /// Where every store's file work runs: a line per store.
    let executor: StoreQueue
    /// The stores' event streams.
    let events: EventHub
    /// The last valid menu and stock of each store, served while its files
    /// stand invalid.
    let lastValid = LastValidStores()
    /// Where each change is logged.
    let logger: Logger

    /// The stores `configuration` names, their file work on
    /// `configuration.storeThreads` threads, at most
    /// `configuration.storeQueueLimit` requests waiting per store.
    ///
    /// - Parameter maxStreams: the most event streams open at once.
    /// - Throws: ``StoreError`` when the manifest cannot be read.
    init(_ configuration: ServerConfiguration, service: StoreService, maxStreams: Int) throws(StoreError) {
        self.service = service
        logger = configuration.logger
        executor = StoreQueue(
            limits: .init(threads: configuration.storeThreads, pendingPerStore: configuration.storeQueueLimit))
        events = EventHub(
            executor: executor,
            settings: .init(maxStreams: maxStreams, pingInterval: configuration.streamPingInterval))
        // Every store's menu is read at start (and each store's added to
        // the manifest later, when it is): its last valid menu.
        let lastValid = lastValid
        switch configuration.stores {
        case .single(let menuPath, let inventoryPath):
            single = [(StoreAddress.oneStoreName, StoreAddress(menuPath: menuPath, inventoryPath: inventoryPath))]
            manifest = nil
            self.source = "juice-server"
            lastValid.keepValidMenus(of: single.map(\.address), through: service)
        case .chain(let path):
            single = []
            manifest = try FollowedManifest(path: path, service: service) { added in
                lastValid.keepValidMenus(of: added, through: service)
            }
            self.source = path
        }
    }

    /// Whether a store named `name` is served now.
    func serves(_ name: String) -> Bool {
        stores.contains { $0.name == name }
    }

    /// The files of the store named `name`.
    ///
    /// - Throws: ``StoreError/noSuchStore(name:manifestPath:known:)``.
    func address(of name: String) throws(StoreError) -> StoreAddress {
        let stores = stores
        guard let store = stores.first(where: { $0.name == name }) else {
            throw .noSuchStore(name: name, manifestPath: source, known: stores.map(\.name))
        }
        return store.address
    }

    /// A request's work on the store `name` at `address`, in `language`.
    func request(_ name: String, _ address: StoreAddress, language: String) -> StoreRequest {
        StoreRequest(
            service: service, lastValid: lastValid, logger: logger, name: name, address: address, language: language)
    }

    /// Runs `request`'s `work` on its store's line: refused with 503 `busy`
    /// when the line is full, or when the work waited there longer than the
    /// lock's wait (at least a second).
    func run<Value: Sendable>(
        _ request: StoreRequest, _ kind: StoreQueue.Kind,
        _ work: @escaping @Sendable () throws(APIFailure) -> Value
    ) async throws(APIFailure) -> Value {
        let queued = ContinuousClock.now
        do {
            return try await executor.run(
                store: request.address, kind, maximumWait: .seconds(max(service.lockTimeout, 1)),
                language: request.language
            ) { () throws(APIFailure) -> Value in
                CounterMetrics.waited(.now - queued, store: request.name, kind: kind)
                return try work()
            }
        } catch {
            if error.status == .serviceUnavailable { CounterMetrics.busy(store: request.name) }
            throw error
        }
    }
}
