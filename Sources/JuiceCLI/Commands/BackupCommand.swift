import ArgumentParser
import JuiceMaker
import JuicePresentation

/// `juice backup DIR`: a store's (or a chain's) menu files, inventory and
/// journal copied into a new dated folder under DIR, checked by replay.
struct BackupCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "backup",
            abstract: Output.catalogue(.backupAbstract),
            discussion: Output.catalogue.discussion(
                .backupDiscussion,
                examples: [
                    "juice backup /media/usb/juice", "juice backup backups --stores recipes/stores.yaml",
                    "juice backup backups --store gangnam --format json",
                ])
        )
    }

    @Argument(help: ArgumentHelp(Output.catalogue(.backupFolderArgument), valueName: "dir"), completion: .directory)
    var folder: String

    @OptionGroup var options: CommandOptions

    @Option(help: ArgumentHelp(Output.catalogue(.formatTextJSON)))
    var format: TransactionFormat = .text

    func validate() throws {
        try options.chain.validate(with: options.store)
        if folder.isEmpty { throw ValidationError(Output.catalogue(.emptyFileName, "DIR")) }
    }

    func run() throws(CommandError) {
        let text = Output.catalogue
        let context = FailureContext(isJSON: format == .json, catalogue: text)
        let addresses: [StoreAddress]
        do throws(StoreError) {
            addresses = try storeAddresses()
        } catch {
            throw CommandError(Failure(error, making: false, catalogue: text), context: context)
        }
        let backup: Backup
        do {
            backup = try Session.service.backup(addresses, into: folder)
        } catch {
            throw CommandError(Failure(error, catalogue: text), context: context)
        }
        if format == .json {
            Output.json(BackupJSON(backup))
        } else if options.output.quiet {
            Output.line(backup.folder)
        } else {
            Output.line(text(.backupTaken, backup.folder))
            for store in backup.stores { Output.line(text(.backupStoreLine, store.name, store.lastEntry)) }
        }
    }

    /// The stores to copy: every store of `--stores` without `--store`,
    /// else the one store the other commands would use. A manifest with
    /// errors is refused: a backup must not leave out a store unsaid.
    private func storeAddresses() throws(StoreError) -> [StoreAddress] {
        guard let manifest = options.chain.stores, options.store.store == nil else {
            return [try options.store.address(manifestPath: options.chain.stores)]
        }
        let chain = try Session.service.chain(manifestPath: manifest)
        guard !chain.manifestDiagnostics.containsErrors else { throw .invalidData(chain.manifestDiagnostics) }
        return chain.addresses
    }
}
