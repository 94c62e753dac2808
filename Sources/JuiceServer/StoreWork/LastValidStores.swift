import Foundation
import JuiceMaker
import Synchronization

/// What the counter last read valid of each store, so that a bad edit never
/// stops the bar (SPEC 16): while a store's menu is invalid, the last valid
/// menu it read keeps serving (makes and adjusts go on against the stock on
/// disk); while its inventory is invalid, reads show the last valid stock,
/// marked stale, and changes are refused as before. Each problem is kept
/// with the time the counter first found it, until the file is valid again.
///
/// Only what the counter read itself is kept, in memory: every store's menu
/// is read once at start (``keepValidMenus(of:through:)``), so a menu that
/// breaks before any request still has its valid one; a store whose menu
/// was not valid at start, and has not been read valid since, has nothing
/// to fall back on, and answers with the failure as before. A menu or inventory that cannot be read at
/// all (a missing or unreadable file) is not invalid: it fails as before.
final class LastValidStores: Sendable {
    /// A file of a store that stands invalid: since when the counter has
    /// found it so, and its diagnostics (each naming `file:line:column`).
    struct Problem: Sendable {
        var since: Date
        var diagnostics: [Diagnostic]

        /// Whichever of `problems` has stood longest, with every one's
        /// diagnostics; `nil` for none.
        static func together(_ problems: Problem?...) -> Problem? {
            let standing = problems.compactMap { $0 }
            guard let since = standing.map(\.since).min() else { return nil }
            return Problem(since: since, diagnostics: standing.flatMap(\.diagnostics))
        }
    }

    /// A store's stock as the counter shows it: as read, or while the
    /// inventory is invalid, the last valid one and the inventory's
    /// problem (the stock is then stale: what it was, not what it is).
    struct Stock: Sendable {
        var inventory: Inventory
        /// The inventory file's warnings.
        var diagnostics: [Diagnostic] = []
        /// The inventory's problem, when the stock is the last valid one.
        var stale: Problem?
    }

    /// One store's last valid menu and stock, and since when its menu and
    /// inventory have stood invalid.
    private struct Kept {
        var store: Store?
        var stock: Inventory?
        var menuInvalidSince: Date?
        var stockInvalidSince: Date?
    }

    private let kept = Mutex<[StoreAddress: Kept]>([:])

    /// The store at `address`, opened through `service`; while its menu is
    /// invalid, the last valid one, with the menu's problem.
    ///
    /// - Throws: ``StoreError``: what opening the store throws, when it is
    ///   not an invalid menu or no valid one was read before.
    func open(_ address: StoreAddress, forChange: Bool, through service: StoreService) throws(StoreError) -> (
        store: Store, problem: Problem?
    ) {
        do {
            let store = try service.open(address, forChange: forChange)
            kept.withLock { kept in
                kept[address, default: Kept()].store = store
                kept[address]?.menuInvalidSince = nil
            }
            return (store, nil)
        } catch {
            guard case .invalidData(let diagnostics) = error else { throw error }
            let (store, since) = kept.withLock { kept in
                let since = kept[address]?.menuInvalidSince ?? Date()
                kept[address, default: Kept()].menuInvalidSince = since
                return (kept[address]?.store, since)
            }
            guard let store else { throw error }
            return (store, Problem(since: since, diagnostics: diagnostics))
        }
    }

    /// Reads the menu of each store at `addresses` and keeps each valid
    /// one, so that a menu broken before any request has a valid one to
    /// fall back on: what the server does at start. One loader serves every
    /// store, so a base menu the stores extend is read once.
    func keepValidMenus(of addresses: [StoreAddress], through service: StoreService) {
        let opened = service.openEach(addresses)
        kept.withLock { kept in
            for case .success(let store) in opened {
                kept[store.address, default: Kept()].store = store
            }
        }
    }

    /// `store`'s stock as read now; while its inventory is invalid, the last
    /// valid stock read, stale.
    ///
    /// - Throws: ``StoreError``: what reading the stock throws, when it is
    ///   not an invalid inventory or no valid stock was read before.
    func readStock(of store: Store) throws(StoreError) -> Stock {
        let address = store.address
        do {
            let reading = try store.readStock()
            keep(reading.inventory, of: address)
            return Stock(inventory: reading.inventory, diagnostics: reading.diagnostics)
        } catch {
            guard case .invalidData(let diagnostics) = error else { throw error }
            let (stock, since) = kept.withLock { kept in
                let since = kept[address]?.stockInvalidSince ?? Date()
                kept[address, default: Kept()].stockInvalidSince = since
                return (kept[address]?.stock, since)
            }
            guard let stock else { throw error }
            return Stock(inventory: stock, stale: Problem(since: since, diagnostics: diagnostics))
        }
    }

    /// Keeps `stock` as the valid stock of the store at `address`: read, or
    /// written by a change.
    func keep(_ stock: Inventory, of address: StoreAddress) {
        kept.withLock { kept in
            kept[address, default: Kept()].stock = stock
            kept[address]?.stockInvalidSince = nil
        }
    }

    /// Since when the store at `address` has stood invalid, its menu or its
    /// inventory, if it does: for a failure said with nothing to fall back
    /// on.
    func invalidSince(_ address: StoreAddress) -> Date? {
        kept.withLock { kept in
            [kept[address]?.menuInvalidSince, kept[address]?.stockInvalidSince].compactMap { $0 }.min()
        }
    }
}
