import ArgumentParser
import JuiceMaker

struct SchemaCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "schema",
            abstract: Output.catalogue(.schemaAbstract),
            discussion: Output.catalogue.discussion(
                .schemaDiscussion,
                examples: [
                    "juice schema menu",
                    "juice schema menu > schemas/menu.schema.json",
                    "juice schema stores",
                ])
        )
    }

    @Argument(help: ArgumentHelp(Output.catalogue(.schemaKindArgument), valueName: "kind"))
    var kind: FileSchema

    @OptionGroup var language: LanguageOptions

    func run() {
        // The text ends with its line break.
        Output.line(String(kind.text.dropLast()))
    }
}

// The kinds of file `juice schema` takes.
extension FileSchema: ExpressibleByArgument {}
