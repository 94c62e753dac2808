import JuiceMaker
import Synchronization

/// A chain's manifest as it is now: read at start, and read again when a
/// request finds it changed on disk (one `stat` per look), so that a store
/// added while the server runs is served without a restart. A manifest
/// that can no longer be read keeps the stores last read.
final class FollowedManifest: Sendable {
    /// The stores of the manifest, as last read.
    struct Reading: Sendable {
        var chain: ChainBatch
        /// The stores' names and files, in the manifest's order.
        var stores: [(name: String, address: StoreAddress)]
        /// The manifest's stamp when it was read.
        var stamp: FileStamp?
    }

    let path: String
    private let service: StoreService
    /// Called with the stores a reading adds, before they are served.
    private let onAdded: @Sendable ([StoreAddress]) -> Void
    private let reading: Mutex<Reading>

    /// The manifest at `path`, read now.
    ///
    /// - Parameter onAdded: called with the stores of the first reading,
    ///   and with those each later reading adds.
    /// - Throws: ``StoreError/file(_:)`` when the manifest cannot be read.
    init(path: String, service: StoreService, onAdded: @escaping @Sendable ([StoreAddress]) -> Void)
        throws(StoreError)
    {
        self.path = path
        self.service = service
        self.onAdded = onAdded
        let first = try Self.read(path, service)
        onAdded(first.stores.map(\.address))
        reading = Mutex(first)
    }

    /// The manifest's stores now: read again when the file changed since.
    func current() -> Reading {
        let stamp = FileStamp(path: path)
        return reading.withLock { reading in
            guard stamp != reading.stamp, let fresh = try? Self.read(path, service) else { return reading }
            let known = Set(reading.stores.map(\.address))
            onAdded(fresh.stores.map(\.address).filter { !known.contains($0) })
            reading = fresh
            return fresh
        }
    }

    private static func read(_ path: String, _ service: StoreService) throws(StoreError) -> Reading {
        let stamp = FileStamp(path: path)
        let chain = try service.chain(manifestPath: path)
        return Reading(chain: chain, stores: chain.addresses.map { ($0.name ?? "", $0) }, stamp: stamp)
    }
}
