/// Every store of a chain's manifest, in its order, with its answer:
/// `nil` for a store whose files could not be read (the run's diagnostics
/// say why). A chain's JSON names each of them all the same, one not read
/// with empty lists (and a `null` total where a store has one), so that
/// every store of the manifest is found where the manifest puts it.
package typealias ChainStores<Answer> = [(store: String, answer: Answer?)]
