import ArgumentParser
import JuiceMaker

struct ValidateCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "validate",
            abstract: Output.catalogue(.validateAbstract),
            discussion: Output.catalogue.discussion(
                .validateDiscussion,
                examples: [
                    "juice validate",
                    "juice validate recipes/menu.yaml --format json",
                    "juice validate --inventory state/gangnam.yaml --format github",
                    "juice validate --stores recipes/stores.yaml --format github",
                ])
        )
    }

    @Argument(help: ArgumentHelp(Output.catalogue(.filesArgument), valueName: "file"), completion: .yamlFile)
    var files: [String] = []

    @OptionGroup var options: CommandOptions

    @Option(help: ArgumentHelp(Output.catalogue(.formatValidate)))
    var format: ValidateFormat = .text

    @Flag(help: ArgumentHelp(Output.catalogue(.strictFlag)))
    var strict = false

    func validate() throws {
        if options.chain.stores?.isEmpty == true {
            throw ValidationError(Output.catalogue(.emptyFileName, "--stores"))
        }
    }

    func run() throws(CommandError) {
        var validation = Validation()
        // Without files (or manifest), or with --menu, --inventory or
        // --store, the menu of those options (or the default one) is checked
        // too, and the inventory against it.
        let checksStore =
            (files.isEmpty && options.chain.stores == nil) || options.store.menu != nil
            || options.store.inventory != nil || options.store.store != nil
        let storeFiles = try StoreFiles(
            options: options.store, manifestPath: options.chain.stores, forChange: false,
            context: FailureContext(isJSON: format == .json))
        var paths: [String?] = files
        if checksStore, !paths.contains(storeFiles.menuPath) { paths.append(storeFiles.menuPath) }
        var inventoryMenu: Menu?
        for path in paths {
            let menu = validation.checkFile(at: path)
            if path == storeFiles.menuPath { inventoryMenu = menu }
        }
        if let stores = options.chain.stores, options.store.store == nil {
            validation.checkManifest(at: stores)
        }
        if checksStore, let inventoryMenu, let inventory = storeFiles.inventory {
            validation.checkInventory(inventory, menu: inventoryMenu)
        }
        try validation.finish(format: format, strict: strict)
    }
}

/// The files checked by one `juice validate` run and what was found.
private struct Validation {
    var diagnostics: [Diagnostic] = []
    var summaries: [String] = []
    /// The files that could not be read: missing (66) or unreadable (74).
    var unreadFiles: [Failure] = []
    /// One loader for the run, so that a menu many files extend is checked once.
    let loader = ProcessLifetime.kept(MenuLoader())

    /// Checks a manifest named by `--stores`, with every file it names.
    mutating func checkManifest(at path: String) {
        do {
            check(try StoresManifest.load(path: path))
        } catch {
            fail(error)
        }
    }

    private mutating func check(_ manifest: StoresManifest) {
        let snapshots = StoreSnapshot.load(manifest, loader: loader)
        record(
            manifest.diagnostics(with: snapshots), for: manifest.path,
            detail: Output.catalogue(.storeCount, manifest.stores.count))
    }

    /// Checks a menu or manifest file (`nil`: the built-in menu) and returns
    /// the menu when the file is a valid one.
    mutating func checkFile(at path: String?) -> Menu? {
        guard let path else {
            summaries.append("\(Menu.builtinPath): " + Output.catalogue(.valid))
            return .builtin
        }
        do {
            switch try JuiceFile.load(path: path, loader: loader) {
            case .menu(let loaded):
                record(loaded.diagnostics, for: path)
                return loaded.value
            case .storesManifest(let manifest):
                check(manifest)
                return nil
            }
        } catch {
            fail(error)
            return nil
        }
    }

    /// Checks an inventory file against a valid menu; an absent one is fine
    /// (it means the initial stock), and said so. Its journal, when there
    /// is one, is checked too, a line at a time.
    mutating func checkInventory(_ file: InventoryFile, menu: Menu) {
        do {
            let isAbsent = !file.exists
            let loaded = try file.read(menu: menu)
            record(
                loaded.diagnostics, for: file.path, detail: isAbsent ? Output.catalogue(.absentInventorySummary) : nil)
        } catch {
            fail(error)
        }
        let journal = file.journal
        guard journal.exists else { return }
        do {
            record(try file.readJournal { _ in }, for: journal.path)
        } catch {
            fail(error)
        }
    }

    private mutating func record(_ found: [Diagnostic], for path: String, detail: String? = nil) {
        diagnostics += found
        let text = Output.catalogue
        let errors = found.filter { $0.severity == .error }.count
        let warnings = found.count - errors
        var counts: [String] = []
        if errors > 0 { counts.append(errors == 1 ? text(.errorCount) : text(.errorsCount, errors)) }
        if warnings > 0 { counts.append(warnings == 1 ? text(.warningCount) : text(.warningsCount, warnings)) }
        let verdict = counts.isEmpty ? text(.valid) : counts.joined(separator: ", ")
        summaries.append("\(path): " + verdict + (detail.map { " (\($0))" } ?? ""))
    }

    private mutating func fail(_ error: FileError) {
        unreadFiles.append(Failure(error))
    }

    /// Prints the findings in `format` and fails as they say: for a file
    /// that could not be read, as the first such file (66 missing, 74
    /// unreadable); else as invalid data for an error (or, when `strict`,
    /// a warning); else not at all.
    func finish(format: ValidateFormat, strict: Bool) throws(CommandError) {
        // A parent that several files extend brings its problems to each:
        // each is shown once.
        let diagnostics = diagnostics.uniqued()
        let renderer = ValidationRenderer(diagnostics: diagnostics, summaries: summaries, unreadFiles: unreadFiles)
        switch format {
        case .json: Output.json(renderer.json())
        case .github: renderer.github().forEach { Output.line($0) }
        case .text:
            renderer.textErrors(quiet: Output.isQuiet && !strict).forEach { Output.errorLine($0) }
            if !Output.isQuiet { summaries.forEach { Output.line($0) } }
        }
        if let first = unreadFiles.first { throw .shown(first) }
        if diagnostics.containsErrors || (strict && !diagnostics.isEmpty) { throw .shown(.invalidData([])) }
    }
}
