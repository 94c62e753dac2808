import JuiceMaker
import Synchronization

/// What a renderer works out once per menu (a ``ReportJSONWriter``, a
/// ``CSVRowWriter``), shared by the stores that share the menu and
/// dropped after the last of them.
package final class MenuValueCache<Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value?
        /// The stores still to be written with it.
        var users: Int
    }

    private let entries: Mutex<[String: Entry]>
    /// The menu most stores use, by path.
    private let chainMenu: String?

    package init(stores: [StoresManifest.Entry]) {
        var entries: [String: Entry] = [:]
        for store in stores {
            entries[store.menuPath, default: Entry(users: 0)].users += 1
        }
        chainMenu = entries.max { $0.value.users < $1.value.users }?.key
        self.entries = Mutex(entries)
    }

    /// The value for the store's menu, made on first use by `make`, given
    /// how many stores use the menu and the chain menu's value when it
    /// is at hand; kept only for a menu several stores use.
    package func value(for store: StoresManifest.Entry, make: (_ users: Int, _ chainValue: Value?) -> Value) -> Value {
        let path = store.menuPath
        let (known, users, chainValue) = entries.withLock { entries in
            (entries[path]?.value, entries[path]?.users ?? 0, chainMenu.flatMap { entries[$0]?.value })
        }
        if let known { return known }
        // Made outside the lock; two stores may both make it, one is kept.
        let made = make(users, chainValue)
        guard users > 1 else { return made }
        return entries.withLock { entries in
            if let known = entries[path]?.value { return known }
            entries[path]?.value = made
            return made
        }
    }

    /// Marks one store of the menu done; the last frees the value.
    package func done(with store: StoresManifest.Entry) {
        entries.withLock { entries in
            entries[store.menuPath]?.users -= 1
            if entries[store.menuPath]?.users == 0 { entries[store.menuPath]?.value = nil }
        }
    }
}
