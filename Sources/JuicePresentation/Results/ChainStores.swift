/// Every store of a chain's manifest, in its order, with its answer:
/// `nil` for a store whose files could not be read (the run's diagnostics
/// say why). A chain's JSON names each of them all the same, one not read
/// with empty lists (and a `null` total where a store has one), so that
/// every store of the manifest is found where the manifest puts it.
package typealias ChainStores<Answer> = [(store: String, answer: Answer?)]

extension [String] {
    /// `read` (each named by `name`) in the order of these names, every
    /// store's of a manifest: a store not among them is `notRead(name)`,
    /// as a chain's JSON lists it (see ``ChainStores``).
    func inOrder<Store>(_ read: [Store], named name: (Store) -> String, notRead: (String) -> Store) -> [Store] {
        let byName = Dictionary(read.map { (name($0), $0) }, uniquingKeysWith: { first, _ in first })
        return map { byName[$0] ?? notRead($0) }
    }
}
