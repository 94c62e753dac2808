import ArgumentParser
import Foundation
import JuiceMaker
import JuicePresentation

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
        // Without files (or manifest), or with --menu, --inventory or
        // --store, the menu of those options (or the default one) is checked
        // too, and the inventory against it.
        let checksStore =
            (files.isEmpty && options.chain.stores == nil) || options.store.menu != nil
            || options.store.inventory != nil || options.store.store != nil
        var store: StoreAddress?
        if checksStore {
            do {
                store = try options.store.address(manifestPath: options.chain.stores)
                if format == .text, let store { ShopNote.say(for: store, quiet: options.output.quiet) }
            } catch {
                throw CommandError(
                    Failure(error, making: false, catalogue: Output.catalogue),
                    context: FailureContext(isJSON: format == .json, catalogue: Output.catalogue))
            }
        }
        let manifestPath = options.store.store == nil ? options.chain.stores : nil
        let validation = Session.service.validate(
            files: files.isEmpty ? defaultFiles(of: store) : files, store: store, manifestPath: manifestPath)
        try finish(validation, format: format, strict: strict)
    }

    /// What a run without files checks beside the store's menu: a shop's
    /// sales map at its default place (`recipes/sales.yaml`), when there is
    /// one, after the menu it is checked against.
    private func defaultFiles(of store: StoreAddress?) -> [String] {
        guard let store, store.manifestPath == nil, let menu = store.menuPath else { return [] }
        let map = Session.service.defaultSalesMapPath(for: store)
        return FileManager.default.fileExists(atPath: map) ? [menu, map] : []
    }

    /// Prints the findings in `format` and fails as they say: for a file
    /// that could not be read, as the first such file (66 missing, 74
    /// unreadable); else as invalid data for an error (or, when `strict`,
    /// a warning); else not at all.
    private func finish(_ validation: Validation, format: ValidateFormat, strict: Bool) throws(CommandError) {
        // A parent that several files extend brings its problems to each:
        // each is shown once.
        let diagnostics = validation.checks.flatMap(\.diagnostics).uniqued()
        let summaries = validation.checks.map(summary)
        let unreadFiles = validation.unreadable.map { Failure($0, catalogue: Output.catalogue) }
        let renderer = ValidationRenderer(
            diagnostics: diagnostics, summaries: summaries, unreadFiles: unreadFiles, catalogue: Output.catalogue)
        switch format {
        case .json: Output.json(renderer.json())
        case .github: renderer.github().forEach { Output.line($0) }
        case .text:
            renderer.textErrors(quiet: options.output.quiet && !strict).forEach { Output.errorLine($0) }
            if !options.output.quiet { summaries.forEach { Output.line($0) } }
        }
        if let first = unreadFiles.first { throw .shown(first) }
        if diagnostics.containsErrors || (strict && !diagnostics.isEmpty) { throw .shown(.invalidData([])) }
    }

    /// `path: verdict (detail)`: the file's errors and warnings counted.
    private func summary(_ check: FileCheck) -> String {
        let text = Output.catalogue
        let errors = check.diagnostics.filter { $0.severity == .error }.count
        let warnings = check.diagnostics.count - errors
        var counts: [String] = []
        if errors > 0 { counts.append(errors == 1 ? text(.errorCount) : text(.errorsCount, errors)) }
        if warnings > 0 { counts.append(warnings == 1 ? text(.warningCount) : text(.warningsCount, warnings)) }
        let verdict = counts.isEmpty ? text(.valid) : counts.joined(separator: ", ")
        let detail: String? =
            switch check.detail {
            case .stores(let count): text(.storeCount, count)
            case .absentInventory: text(.absentInventorySummary)
            case .salesMap(let menus):
                menus == 0
                    ? text(.salesMapUnchecked) : menus == 1 ? text(.salesMapOneMenu) : text(.salesMapMenus, menus)
            case nil: nil
            }
        return "\(check.path): " + verdict + (detail.map { " (\($0))" } ?? "")
    }
}
