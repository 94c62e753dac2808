import ArgumentParser
import JuiceMaker
import JuicePresentation

/// `juice init`: a shop, or a chain, from nothing, in the current folder.
struct InitCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "init",
            abstract: Output.catalogue(.initAbstract),
            discussion: Output.catalogue.discussion(.initDiscussion, examples: ["juice init", "juice init --chain"])
        )
    }

    @Flag(help: ArgumentHelp(Output.catalogue(.initChainFlag)))
    var chain = false

    @OptionGroup var output: OutputOptions

    @OptionGroup var language: LanguageOptions

    func run() throws(CommandError) {
        let text = Output.catalogue
        let done: StoreService.CreatedShop
        do {
            done = try Session.service.create(NewShop(chain: chain), in: ".")
        } catch {
            throw CommandError(
                Failure(error, making: false, catalogue: text), context: FailureContext(isJSON: false, catalogue: text))
        }
        guard !output.quiet else { return }
        for path in done.created { Output.line(text(.created, path)) }
        switch done.gitignore {
        case .created: Output.line(text(.created, ".gitignore"))
        case .extended(let lines): Output.line(text(.addedToGitignore, lines.joined(separator: " ")))
        case .unchanged: break
        }
        Output.line(text(chain ? .initNextChain : .initNext))
    }
}
