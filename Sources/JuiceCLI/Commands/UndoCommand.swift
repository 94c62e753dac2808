import ArgumentParser
import JuiceMaker
import JuicePresentation

struct UndoCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "undo",
            abstract: Output.catalogue(.undoAbstract),
            discussion: Output.catalogue.discussion(
                .undoDiscussion,
                examples: [
                    "juice undo --dry-run", "juice undo", "juice undo 4", "juice undo --store gangnam --format json",
                ])
        )
    }

    @Argument(help: ArgumentHelp(Output.catalogue(.undoArgument), valueName: "id"))
    var id: Int?

    @Flag(help: ArgumentHelp(Output.catalogue(.undoDryRunFlag)))
    var dryRun = false

    @OptionGroup var options: CommandOptions

    @Option(help: ArgumentHelp(Output.catalogue(.formatTextJSON)))
    var format: TransactionFormat = .text

    func validate() throws {
        try options.chain.validate(with: options.store)
        try options.chain.requireStore(with: options.store)
        if let id, id < 1 { throw ValidationError(Output.catalogue(.notAnEntry, id)) }
    }

    func run() throws(CommandError) {
        var session = try Session(
            options: options.store, manifestPath: options.chain.stores, forChange: true, isJSON: format == .json,
            quiet: options.output.quiet)
        let menu = session.menu
        let (id, dryRun) = (id, dryRun)
        let done = try session.transact(dryRun: dryRun, making: false) { store, whileWaiting throws(StoreError) in
            try store.undo(entry: id, dryRun: dryRun, whileWaiting: whileWaiting)
        }
        // What is undone, as `juice log` lists it: an entry other than the
        // one meant (an earlier delivery) is seen.
        let log = LogRenderer(
            menu: menu, language: session.language, format: .text, catalogue: Output.catalogue, quiet: true
        ) { _ in }
        let undoneEntry = done.undone.map { "  " + log.text($0) }
        if dryRun, !session.isJSON, let undone = done.undone, let undoneEntry {
            Output.line(Catalogue(session.language)(.wouldUndo, undone.id))
            Output.line(undoneEntry)
        }
        session.answer(done, dryRun: dryRun) {
            guard let undo = done.entries.last, let undone = undo.undoes else { return [] }
            let renderer = TransactionRenderer(menu: menu, language: session.language)
            return [Catalogue(session.language)(.undid, undone)] + (undoneEntry.map { [$0] } ?? [])
                + renderer.changed(undo.changes, done)
        }
    }
}
