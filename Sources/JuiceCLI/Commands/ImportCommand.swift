import ArgumentParser
import Foundation
import JuiceMaker
import JuicePresentation
import JuiceTill

extension TillFormat: ExpressibleByArgument {}

struct ImportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import",
            abstract: Output.catalogue(.importAbstract),
            discussion: Output.catalogue.discussion(
                .importDiscussion,
                examples: [
                    "juice import square-items-2026-11-28.csv --dry-run",
                    "juice import square-items-2026-11-28.csv",
                    "juice import ItemSelectionDetails.csv ModifiersSelectionDetails.csv --from toast",
                    "juice import sales.csv --columns time=Date,item=Product,quantity=Qty --time-zone Asia/Seoul",
                    "juice import square.csv --stores stores.yaml --store gangnam --location Gangnam",
                    "juice import square.csv --stores stores.yaml --location 'Busan Station=jamsil'",
                ])
        )
    }

    @Argument(
        help: ArgumentHelp(Output.catalogue(.exportsArgument), valueName: "export.csv"),
        completion: .file(extensions: ["csv"]))
    var exports: [String] = []

    @Option(help: ArgumentHelp(Output.catalogue(.fromOption)))
    var from: TillFormat?

    @Option(
        help: ArgumentHelp(Output.catalogue(.mapOption), valueName: "sales.yaml"),
        completion: .file(extensions: ["yaml"]))
    var map: String?

    @Option(help: ArgumentHelp(Output.catalogue(.columnsOption), valueName: "role=header,..."))
    var columns: String?

    @Option(help: ArgumentHelp(Output.catalogue(.timeZoneOption), valueName: "zone"))
    var timeZone: String?

    @Option(help: ArgumentHelp(Output.catalogue(.locationOption), valueName: "name"))
    var location: [String] = []

    @Flag(help: ArgumentHelp(Output.catalogue(.importDryRunFlag)))
    var dryRun = false

    @OptionGroup var common: CommandOptions

    @Option(help: ArgumentHelp(Output.catalogue(.formatTextJSON)))
    var format: TransactionFormat = .text

    /// Whether the import is the chain's (`--stores` without `--store`):
    /// each ticket into the store of its till location.
    private var isChain: Bool { common.chain.stores != nil && common.store.store == nil }

    func validate() throws {
        if exports.isEmpty { throw ValidationError(Output.catalogue(.importWhat)) }
        if exports.contains(where: \.isEmpty) {
            throw ValidationError(Output.catalogue(.emptyFileName, "import"))
        }
        try common.chain.validate(with: common.store)
        _ = try renamedColumns()
        if let timeZone, TillZone.named(timeZone) == nil {
            throw ValidationError(Output.catalogue(.notATimeZone, timeZone))
        }
        if isChain {
            _ = try storesOfLocations()
        } else if location.count > 1 || location.contains(where: { $0.contains("=") }) {
            throw ValidationError(Output.catalogue(.importLocationNeedsChain))
        }
    }

    /// `--columns` as roles and their headers.
    private func renamedColumns() throws(ValidationError) -> [TillColumns.Role: String] {
        guard let columns else { return [:] }
        do {
            return try TillColumns.renamed(parsing: columns)
        } catch {
            throw ValidationError(Output.catalogue(.notAColumn, error.pair, error.columns))
        }
    }

    /// A chain's `--location NAME=STORE`s: the store of each till location
    /// (`=STORE`: of the rows that name none).
    private func storesOfLocations() throws(ValidationError) -> [String: String] {
        var stores: [String: String] = [:]
        for given in location {
            let name = given.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let store = given.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
            guard given.contains("="), !store.isEmpty, !store.contains("=") else {
                throw ValidationError(Output.catalogue(.importLocationNeedsStore, String(name)))
            }
            let key = ChainSalesImport.locationKey(String(name))
            if let other = stores[key], other != store {
                throw ValidationError(Output.catalogue(.importLocationTwice, String(name), other, store))
            }
            stores[key] = store
        }
        return stores
    }

    /// The exports, read one after another.
    private func sales(location: String?) throws(StoreError) -> TillImport {
        try TillImport(
            exports.map(TillImport.Source.file), format: from, renamed: (try? renamedColumns()) ?? [:],
            timeZone: timeZone.flatMap(TillZone.named), location: location)
    }

    func run() throws(CommandError) {
        if let manifestPath = common.chain.stores, isChain {
            try runChain(manifestPath: manifestPath)
            return
        }
        var session = try Session(
            options: common.store, manifestPath: common.chain.stores, forChange: !dryRun, isJSON: format == .json,
            quiet: common.output.quiet)
        let store = session.store
        let loaded: Loaded<SalesMap>
        do {
            loaded = try Session.service.salesMap(for: store, path: map)
        } catch {
            throw session.failure(error)
        }
        guard let salesMap = loaded.value else { throw session.failure(.invalidData(loaded.diagnostics)) }
        session.record(loaded.diagnostics)
        var sales: TillImport
        do {
            sales = try self.sales(location: location.first)
        } catch {
            throw session.failure(error)
        }
        session.record(sales.notes)
        session.noteIfAbsent()
        let summary: SalesImport
        do {
            // The text names no held-back ticket: a list would grow with
            // the export.
            summary = try store.importSales(
                from: &sales, map: salesMap, dryRun: dryRun, listingHeldBack: session.isJSON
            ) {
                [isJSON = session.isJSON, isQuiet = session.isQuiet] in
                Session.sayWaiting(for: store, isJSON: isJSON, quiet: isQuiet)
            }
        } catch {
            throw session.failure(error)
        }
        session.record(summary.diagnostics)
        if session.isJSON {
            SalesImportJSON(summary, dryRun: dryRun, diagnostics: session.warnings)
                .write(to: Output.standardOutput, level: 0, catalogue: Output.catalogue)
            Output.standardOutput.newline()
        } else {
            Session.warn(notFlushed: summary.notFlushed, isJSON: false)
            let mapPath = map ?? Session.service.defaultSalesMapPath(for: store.address)
            let renderer = SalesImportRenderer(menu: session.menu, language: session.language)
            // What asks the owner to act (tickets held back, a shelf to
            // count): --quiet keeps the summary then.
            if !session.isQuiet || summary.tickets.heldBack > 0 || summary.tickets.short > 0 {
                renderer.lines(summary, dryRun: dryRun, mapPath: mapPath).forEach { Output.line($0) }
            }
        }
        // Held back tickets: the output said which; the status says so.
        if summary.tickets.heldBack > 0 { throw .shown(Failure.invalidData([])) }
    }

    /// The chain's import: every store of the manifest opened, one map
    /// for all, each ticket into the store of its till location.
    private func runChain(manifestPath: String) throws(CommandError) {
        let isJSON = format == .json
        let quiet = common.output.quiet
        let language = common.store.language
        var warnings: [Diagnostic] = []
        func record(_ diagnostics: [Diagnostic]) {
            if !isJSON { Output.diagnostics(diagnostics, quiet: quiet) }
            warnings += diagnostics
        }
        func failure(_ error: StoreError) -> CommandError {
            CommandError(
                Failure(error, making: false, catalogue: Output.catalogue),
                context: FailureContext(
                    isJSON: isJSON, language: language, warnings: warnings, catalogue: Output.catalogue))
        }
        var stores: [Store] = []
        do throws(StoreError) {
            let chain = try Session.service.chain(manifestPath: manifestPath)
            if chain.manifestDiagnostics.containsErrors { throw .invalidData(chain.manifestDiagnostics) }
            record(chain.manifestDiagnostics)
            for opened in Session.service.openEach(chain.addresses) { stores.append(try opened.get()) }
        } catch {
            throw failure(error)
        }
        record(stores.flatMap(\.warnings))
        let loaded: Loaded<SalesMap>
        var sales: TillImport
        let chain: ChainSalesImport
        do {
            loaded = try Session.service.salesMap(forChain: stores, manifestPath: manifestPath, path: map)
            guard let salesMap = loaded.value else { throw StoreError.invalidData(loaded.diagnostics) }
            record(loaded.diagnostics)
            sales = try self.sales(location: nil)
            record(sales.notes)
            chain = try Session.service.importSales(
                from: &sales, intoChain: stores, locations: try storesOfLocations(), map: salesMap, dryRun: dryRun,
                listingHeldBack: isJSON
            ) { store in
                Session.sayWaiting(for: store, isJSON: isJSON, quiet: quiet)
            }
        } catch let error as StoreError {
            throw failure(error)
        } catch {
            // `storesOfLocations` was checked in `validate`.
            preconditionFailure("\(error)")
        }
        if isJSON {
            ChainSalesImportJSON(chain, dryRun: dryRun, diagnostics: warnings)
                .write(to: Output.standardOutput, catalogue: Output.catalogue)
        } else {
            for part in chain.stores {
                record(part.summary.diagnostics)
                Session.warn(notFlushed: part.summary.notFlushed, isJSON: false)
            }
            if !quiet || chain.leftTicketsOut || chain.total.tickets.short > 0 {
                let renderer = ChainSalesImportRenderer(
                    menus: Dictionary(stores.map { ($0.address.name ?? "", $0.menu) }) { first, _ in first },
                    language: language)
                renderer.lines(
                    chain, dryRun: dryRun,
                    mapPath: map ?? StoreService.defaultSalesMapPath(forManifest: manifestPath),
                    manifestPath: manifestPath
                ).forEach { Output.line($0) }
            }
        }
        if chain.leftTicketsOut { throw .shown(Failure.invalidData([])) }
    }
}
