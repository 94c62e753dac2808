import JuiceMaker
import Synchronization

/// The stores of a manifest, for a batch command (`--stores`): each store
/// read and worked on in parallel, its result handed on in the manifest's
/// order, and only a few stores' results held at once.
struct Chain {
    /// What a batch run keeps of a store once its result is written.
    struct StoreSummary: Sendable {
        var store: StoresManifest.Store
        var isValid: Bool
        var diagnostics: [Diagnostic]
        var languages: [String]
    }

    let manifest: StoresManifest
    /// Each store's own diagnostics, in the manifest's order, kept for the
    /// run's diagnostics.
    private(set) var storeDiagnostics: [(store: StoresManifest.Store, diagnostics: [Diagnostic])] = []
    /// The languages the stores' menus give names in.
    private(set) var languages: Set<String> = []

    /// Reads the manifest.
    ///
    /// - Throws: ``CommandError`` when the manifest itself cannot be read
    ///   (66 when it does not exist).
    init(manifestPath: String, isJSON: Bool) throws(CommandError) {
        do {
            manifest = try StoresManifest.load(path: manifestPath)
        } catch {
            throw CommandError(Failure(error), context: FailureContext(isJSON: isJSON))
        }
    }

    /// Reads every store and runs `work` on it, on every core, and hands each
    /// result to `consume` on this thread in the manifest's order. One
    /// loader serves every store, so a menu many stores share is read once.
    /// Stops early once stdout has failed.
    ///
    /// - Parameters:
    ///   - languagesWanted: whether to collect the menus' languages (for
    ///     ``LanguageNote``).
    ///   - work: what to make of a store, on any thread.
    ///   - consume: takes the results in order, on this thread.
    mutating func forEachStore<Result: Sendable>(
        languagesWanted: Bool = false, _ work: @escaping @Sendable (StoreSnapshot) -> Result,
        consume: (StoreSummary, Result) -> Void
    ) {
        let loader = MenuLoader()
        let stores = manifest.stores
        // The stores still to be read with each menu: after the last, the
        // loader forgets the menu, so memory does not grow with the stores.
        var users: [String: Int] = [:]
        for store in stores { users[store.menuPath, default: 0] += 1 }
        let remaining = Mutex(users)
        OrderedWork.run(count: stores.count) { index in
            let snapshot = StoreSnapshot.load(stores[index], loader: loader)
            let summary = StoreSummary(
                store: snapshot.store, isValid: snapshot.isValid, diagnostics: snapshot.diagnostics,
                languages: languagesWanted ? snapshot.menu?.languages ?? [] : [])
            let path = snapshot.store.menuPath
            let isLast = remaining.withLock { users in
                users[path, default: 1] -= 1
                return users[path] == 0
            }
            if isLast { loader.forget(path: path) }
            return (summary, work(snapshot))
        } consume: { _, result in
            storeDiagnostics.append((result.0.store, result.0.diagnostics))
            languages.formUnion(result.0.languages)
            consume(result.0, result.1)
            return !Output.outputFailed
        }
    }

    /// Every diagnostic of the run, the manifest's first, each once.
    var diagnostics: [Diagnostic] {
        manifest.diagnostics(perStore: storeDiagnostics)
    }

    /// Fails, once every store has been answered, when anything had an
    /// error: the output has shown the diagnostics already.
    func finish() throws(CommandError) {
        if diagnostics.containsErrors { throw .shown(.invalidData([])) }
    }
}
