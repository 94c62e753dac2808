import ArgumentParser
import JuiceMaker
import JuicePresentation
import JuiceToolOptions

/// `juice restore FOLDER`: a backup put back, never over journal entries
/// it lacks unless `--force`.
struct RestoreCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "restore",
            abstract: Output.catalogue(.restoreAbstract),
            discussion: Output.catalogue.discussion(
                .restoreDiscussion,
                examples: [
                    "juice restore backups/juice-backup-2026-11-29T184500Z",
                    "juice restore backups/juice-backup-2026-11-29T184500Z --store gangnam",
                    "juice restore backups/juice-backup-2026-11-29T184500Z --force --format json",
                ])
        )
    }

    @Argument(help: ArgumentHelp(Output.catalogue(.restoreFolderArgument), valueName: "folder"), completion: .directory)
    var folder: String

    @Flag(help: ArgumentHelp(Output.catalogue(.forceFlag)))
    var force = false

    @Option(help: ArgumentHelp(Output.catalogue(.restoreStoreOption), valueName: "name"))
    var store: String?

    @OptionGroup var output: OutputOptions

    @OptionGroup var language: LanguageOptions

    @Option(help: ArgumentHelp(Output.catalogue(.formatTextJSON)))
    var format: TransactionFormat = .text

    func validate() throws {
        if folder.isEmpty { throw ValidationError(Output.catalogue(.emptyFileName, "FOLDER")) }
    }

    func run() throws(CommandError) {
        let text = Output.catalogue
        let restoration: Restoration
        do {
            restoration = try Session.service.restore(from: folder, force: force, store: store)
        } catch {
            throw CommandError(
                Failure(error, catalogue: text), context: FailureContext(isJSON: format == .json, catalogue: text))
        }
        if format == .json {
            Output.json(RestorationJSON(restoration))
            return
        }
        guard !output.quiet else { return }
        Output.line(text(.restoredFrom, restoration.folder))
        for store in restoration.stores {
            if store.replacedLastEntry > store.lastEntry {
                Output.line(text(.restoredOver, store.name, store.lastEntry, store.replacedLastEntry))
            } else {
                Output.line(text(.backupStoreLine, store.name, store.lastEntry))
            }
        }
    }
}
