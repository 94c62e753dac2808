import ArgumentParser
import JuiceMaker

/// The stores of a manifest, read for a batch command (`--stores`).
struct Chain {
    let manifest: StoresManifest
    let snapshots: [StoreSnapshot]

    /// Reads the manifest and every store's files.
    ///
    /// - Throws: the exit code, after saying why, when the manifest itself
    ///   cannot be read (66 when it does not exist).
    init(manifestPath: String, options: StoreOptions, isJSON: Bool) throws(ExitCode) {
        do {
            manifest = try StoresManifest.load(path: manifestPath)
        } catch {
            throw Session.emit(Failure(error), isJSON: isJSON, menu: nil, language: options.language, options: options)
        }
        snapshots = StoreSnapshot.load(manifest)
    }

    /// Every diagnostic of the run, the manifest's first, each once.
    var diagnostics: [Diagnostic] {
        manifest.diagnostics(with: snapshots)
    }

    /// 65 when anything had an error, else success; to throw at the end, once
    /// every store has been answered.
    var exitCode: ExitCode {
        diagnostics.containsErrors ? ExitCode(65) : .success
    }

    /// Rejects `--menu` and `--inventory` beside `--stores`: the manifest
    /// names each store's files.
    static func checkOptions(_ options: StoreOptions) throws {
        if options.menu != nil || options.inventory != nil {
            throw ValidationError("--stores names each store's menu and inventory; it cannot be used with --menu or --inventory")
        }
    }
}
