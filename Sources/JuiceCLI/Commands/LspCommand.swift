import ArgumentParser
import JuiceLanguageServer

/// `juice lsp`: the language server, for an editor to start. Its work is
/// all behind `run`: no other command pays for it.
struct LspCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "lsp",
            abstract: Output.catalogue(.lspAbstract),
            discussion: Output.catalogue.discussion(.lspDiscussion, examples: ["juice lsp"])
        )
    }

    func run() throws(CommandError) {
        let status = JuiceLanguageServer.run(environment: Environment.variables)
        if status != 0 { throw .ended(status: status) }
    }
}
