import JuiceMaker
import JuicePresentation

/// A batch command's run over a chain (`--stores`): the chain's stores
/// through the store service, and what the run collects for its closing
/// diagnostics.
struct ChainRun {
    let stores: ChainBatch
    /// Each store's own diagnostics, in the manifest's order, kept for the
    /// run's diagnostics.
    private(set) var storeDiagnostics: [(store: StoresManifest.Entry, diagnostics: [Diagnostic])] = []
    /// The languages the stores' menus give names in.
    private(set) var languages: Set<String> = []
    /// Problems of the stores' journals, read beside their snapshots (the
    /// open orders of `juice order --stores`).
    private(set) var journalDiagnostics: [Diagnostic] = []

    /// Reads the manifest.
    ///
    /// - Throws: ``CommandError`` when the manifest itself cannot be read
    ///   (66 when it does not exist).
    init(manifestPath: String, isJSON: Bool) throws(CommandError) {
        do {
            stores = try Session.service.chain(manifestPath: manifestPath)
        } catch {
            throw CommandError(
                Failure(error, making: false, catalogue: Output.catalogue),
                context: FailureContext(isJSON: isJSON, catalogue: Output.catalogue))
        }
    }

    /// The manifest's own problems.
    var manifestDiagnostics: [Diagnostic] { stores.manifestDiagnostics }

    /// Reads every store and runs `work` on it, on every core, and hands each
    /// result to `consume` on this thread in the manifest's order (see
    /// ``ChainBatch/forEachStore(languagesWanted:_:consume:)``). Stops early
    /// once stdout has failed.
    mutating func forEachStore<Result: Sendable>(
        languagesWanted: Bool = false, _ work: @escaping @Sendable (StoreSnapshot) -> Result,
        consume: (ChainBatch.Summary, Result) -> Void
    ) {
        stores.forEachStore(languagesWanted: languagesWanted, work) { summary, result in
            storeDiagnostics.append((summary.store, summary.diagnostics))
            languages.formUnion(summary.languages)
            consume(summary, result)
            return !Output.outputFailed
        }
    }

    /// Every diagnostic of the run, the manifest's first, each once.
    var diagnostics: [Diagnostic] {
        let all = stores.diagnostics(perStore: storeDiagnostics)
        return all + journalDiagnostics.filter { !all.contains($0) }
    }

    /// Keeps the problems of a reading of the stores' journals (those of
    /// the manifest, which it repeats, once) for the run's diagnostics.
    mutating func record(_ diagnostics: [Diagnostic]) {
        journalDiagnostics += diagnostics.filter { !manifestDiagnostics.contains($0) }
    }

    /// Fails, once every store has been answered, when anything had an
    /// error: the output has shown the diagnostics already.
    func finish() throws(CommandError) {
        if diagnostics.containsErrors { throw .shown(.invalidData([])) }
    }
}
