import JuiceMaker
import JuicePresentation

/// A report each store works out from its journal (`juice forecast`,
/// `juice expiring`): over every store of a chain with `--stores` and no
/// `--store`, else over one store; then written in the format asked.
struct JournalReport<Value: Sendable> {
    /// Each store read: its name (`nil` for the one store of a run
    /// without a chain), menu and value, in the manifest's order.
    private(set) var stores: [(name: String?, menu: Menu, value: Value)] = []
    /// For a chain, every store of the manifest, those that could not be
    /// read too: what its JSON lists.
    private var chainStores: ChainStores<Value> = []
    /// The problems found, said on stderr in text (exit 65 after the
    /// answer for an error).
    private var diagnostics: [Diagnostic] = []
    /// What the JSON carries: for one store, its warnings too (in text
    /// the session has said them already).
    private var jsonDiagnostics: [Diagnostic] = []
    /// Whether the report is a chain's.
    private let isChain: Bool
    /// The language of the names.
    let language: String?

    /// Works the report out: `eachStore` on every store of the chain (on
    /// any thread), or `store` on the one store.
    init(
        options: CommandOptions, isJSON: Bool,
        eachStore: @escaping @Sendable (StoreSnapshot) -> (Value?, [Diagnostic]),
        store work: (Store) throws(StoreError) -> (Value, [Diagnostic])
    ) throws(CommandError) {
        if let stores = options.chain.stores, options.store.store == nil {
            isChain = true
            language = options.store.language
            var chain = try ChainRun(manifestPath: stores, isJSON: isJSON)
            var results: [(name: String?, menu: Menu, value: Value)] = []
            var found: [Diagnostic] = []
            chain.forEachStore { snapshot in
                (snapshot.menu, eachStore(snapshot))
            } consume: { summary, result in
                let (menu, (value, diagnostics)) = result
                found += diagnostics
                // A store is read when it has both; else its JSON lists it as not read.
                let read = menu.flatMap { menu in value.map { (menu: menu, value: $0) } }
                chainStores.append((summary.store.name, read?.value))
                if let read { results.append((summary.store.name, read.menu, read.value)) }
            }
            self.stores = results
            diagnostics = chain.diagnostics + found
            jsonDiagnostics = diagnostics
            return
        }
        isChain = false
        let session = try Session(
            options: options.store, manifestPath: options.chain.stores, forChange: true, isJSON: isJSON,
            quiet: options.output.quiet)
        language = session.language
        let value: Value
        do {
            (value, diagnostics) = try work(session.store)
        } catch {
            throw session.failure(error)
        }
        stores = [(nil, session.menu, value)]
        jsonDiagnostics = session.warnings + diagnostics
    }

    /// Writes the answer in `format`: `text` or `csv` lines; in JSON,
    /// `chainJSON` of every store of a chain (see ``ChainStores``), else
    /// `storeJSON` of the one store, each given the diagnostics the JSON
    /// carries. Exit 65 after it when a file had an error.
    func write<StoreJSON: Encodable, ChainJSON: Encodable>(
        _ format: TableFormat, quiet: Bool, text: () -> [String], csv: () -> [String],
        storeJSON: (Value, [Diagnostic]) -> StoreJSON, chainJSON: (ChainStores<Value>, [Diagnostic]) -> ChainJSON
    ) throws(CommandError) {
        if format != .json { Output.diagnostics(diagnostics, quiet: quiet) }
        switch format {
        case .text: text().forEach { Output.line($0) }
        case .csv: csv().forEach { Output.line($0) }
        case .json where isChain: Output.json(chainJSON(chainStores, jsonDiagnostics))
        case .json: Output.json(storeJSON(stores[0].value, jsonDiagnostics))
        }
        if diagnostics.containsErrors { throw .shown(.invalidData([])) }
    }
}
