import JuiceMaker

/// The stores of a manifest, read for a batch command (`--stores`).
struct Chain {
    let manifest: StoresManifest
    let snapshots: [StoreSnapshot]

    /// Reads the manifest and every store's files.
    ///
    /// - Throws: ``CommandError`` when the manifest itself cannot be read
    ///   (66 when it does not exist).
    init(manifestPath: String, isJSON: Bool) throws(CommandError) {
        do {
            manifest = try StoresManifest.load(path: manifestPath)
        } catch {
            throw CommandError(Failure(error), context: FailureContext(isJSON: isJSON))
        }
        snapshots = StoreSnapshot.load(manifest)
    }

    /// Every diagnostic of the run, the manifest's first, each once.
    var diagnostics: [Diagnostic] {
        manifest.diagnostics(with: snapshots)
    }

    /// Fails, once every store has been answered, when anything had an
    /// error: the output has shown the diagnostics already.
    func finish() throws(CommandError) {
        if diagnostics.containsErrors { throw .shown(.invalidData([])) }
    }
}
