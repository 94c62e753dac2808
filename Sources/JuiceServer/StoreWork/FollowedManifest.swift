import Foundation
import JuiceMaker
import Synchronization

/// A chain's manifest as it is now: read at start, and read again when a
/// request finds it changed on disk (one `stat` per look), so that a store
/// added while the server runs is served without a restart. A manifest
/// that can no longer be read, or reads invalid, keeps the stores last
/// read, and says since when (`GET /healthz`).
final class FollowedManifest: Sendable {
    /// The stores of the manifest, as last read.
    struct Reading: Sendable {
        var chain: ChainBatch
        /// The stores' names and files, in the manifest's order.
        var stores: [(name: String, address: StoreAddress)]
        /// The manifest's stamp when it was read.
        var stamp: FileStamp?
        /// Whether the manifest read without an error: an invalid one (a
        /// typo mid-edit, which may list no store at all) never replaces
        /// the stores last read.
        var isValid: Bool { !chain.manifestDiagnostics.containsErrors }
    }

    /// The manifest as found last: its last reading, and since when the
    /// file (at which stamp) cannot be read, if it cannot.
    private struct State {
        var reading: Reading
        var failure: (stamp: FileStamp?, since: Date)?
    }

    let path: String
    private let service: StoreService
    /// Called with the stores a reading adds, before they are served.
    private let onAdded: @Sendable ([StoreAddress]) -> Void
    private let state: Mutex<State>

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
        // An invalid manifest at start is served as it reads (its stores
        // that can be), and said invalid.
        state = Mutex(State(reading: first, failure: first.isValid ? nil : (first.stamp, Date())))
    }

    /// The manifest's stores now: read again when the file changed since
    /// it was last read or last found unreadable.
    func current() -> Reading {
        let stamp = FileStamp(path: path)
        return state.withLock { state in
            guard stamp != state.reading.stamp, state.failure.map({ stamp != $0.stamp }) ?? true else {
                return state.reading
            }
            guard let fresh = try? Self.read(path, service), fresh.isValid else {
                state.failure = (stamp, state.failure?.since ?? Date())
                return state.reading
            }
            let known = Set(state.reading.stores.map(\.address))
            onAdded(fresh.stores.map(\.address).filter { !known.contains($0) })
            state.reading = fresh
            state.failure = nil
            return fresh
        }
    }

    /// Since when the manifest cannot be read (invalid, unreadable or
    /// gone: the stores last read are served meanwhile); `nil` while it can.
    func unreadableSince() -> Date? {
        _ = current()
        return state.withLock { $0.failure?.since }
    }

    private static func read(_ path: String, _ service: StoreService) throws(StoreError) -> Reading {
        let stamp = FileStamp(path: path)
        let chain = try service.chain(manifestPath: path)
        return Reading(chain: chain, stores: chain.addresses.map { ($0.name ?? "", $0) }, stamp: stamp)
    }
}
