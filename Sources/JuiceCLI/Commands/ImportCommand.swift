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
    var location: String?

    @OptionGroup var options: TransactionOptions

    func validate() throws {
        if exports.isEmpty { throw ValidationError(Output.catalogue(.importWhat)) }
        if exports.contains(where: \.isEmpty) {
            throw ValidationError(Output.catalogue(.emptyFileName, "import"))
        }
        _ = try renamedColumns()
        if let timeZone, TillZone.named(timeZone) == nil {
            throw ValidationError(Output.catalogue(.notATimeZone, timeZone))
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

    func run() throws(CommandError) {
        var session = try Session(transaction: options)
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
            sales = try TillImport(
                exports.map(TillImport.Source.file), format: from,
                renamed: (try? renamedColumns()) ?? [:],
                timeZone: timeZone.flatMap(TillZone.named), location: location)
        } catch {
            throw session.failure(error)
        }
        session.record(sales.notes)
        let dryRun = options.dryRun
        session.noteIfAbsent()
        let summary: SalesImport
        do {
            summary = try store.importSales(from: &sales, map: salesMap, dryRun: dryRun) {
                [isJSON = session.isJSON, isQuiet = session.isQuiet] in
                if !isJSON, let lockPath = store.lockPath {
                    Output.note(Output.catalogue(.waitingForLock, lockPath), quiet: isQuiet)
                }
            }
        } catch {
            throw session.failure(error)
        }
        session.record(summary.diagnostics)
        if session.isJSON {
            Output.json(SalesImportJSON(summary, dryRun: dryRun, diagnostics: session.warnings))
        } else {
            if let notFlushed = summary.notFlushed {
                Output.errorLine(Output.catalogue(.warning) + ": " + Output.catalogue(notFlushed.message))
            }
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
}
