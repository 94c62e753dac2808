import ArgumentParser
import JuiceMaker
import JuicePresentation

struct UndoCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "undo",
            abstract: Output.catalogue(.undoAbstract),
            discussion: Output.catalogue.discussion(
                .undoDiscussion, examples: ["juice undo", "juice undo 4", "juice undo --store gangnam --format json"])
        )
    }

    @Argument(help: ArgumentHelp(Output.catalogue(.undoArgument), valueName: "id"))
    var id: Int?

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
        let id = id
        let done = try session.transact(making: false) { store, whileWaiting throws(StoreError) in
            try store.undo(entry: id, whileWaiting: whileWaiting)
        }
        session.answer(done, dryRun: false) {
            guard let undo = done.entries.last, let undone = undo.undoes else { return [] }
            let renderer = TransactionRenderer(menu: menu, language: session.language)
            return [Catalogue(session.language)(.undid, undone)] + renderer.changed(undo.changes, done)
        }
    }
}
