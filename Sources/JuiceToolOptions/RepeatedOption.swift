import ArgumentParser
import Foundation
import JuiceMaker
import JuiceWords

/// An option that takes one value given more than once (`--store a
/// --store b`): the argument parser keeps the last one silently, so a
/// command would work on `b` without a word of `a`. Every command of
/// `juice`, `juice-server` and `juice-sync` refuses it as a usage error
/// (exit 64), told from the command's own definitions of its arguments
/// (the argument parser's description of them, `--experimental-dump-help`'s
/// JSON): a new option is covered without a list to keep. An option that
/// takes several values (an array, which may be given again) may be
/// repeated; a flag may too.
package struct RepeatedOption: Sendable, Hashable {
    /// The option, by its name as given (`--store`).
    package var name: String
    /// Each value given to it, in order.
    package var values: [String]

    /// The first option that takes one value and is given more than once
    /// in `arguments` (those after the tool's name; nothing after `--` is
    /// an option), of the command they name under `root` (its subcommands'
    /// names, as the first words); `nil` when there is none, or when the
    /// arguments ask for help (which the argument parser answers first).
    package static func first(in arguments: [String], under root: any ParsableCommand.Type) -> RepeatedOption? {
        let words = arguments.prefix { $0 != "--" }
        guard !words.contains(where: { $0 == "-h" || $0 == "--help" }), words.first != "help" else { return nil }
        var command = root
        for word in words {
            guard let named = command.configuration.subcommands.first(where: { $0._commandName == word }) else { break }
            command = named
        }
        return first(in: arguments, of: command)
    }

    /// The first option of `command` that takes one value and is given
    /// more than once in `arguments`; `nil` when there is none.
    package static func first(in arguments: [String], of command: any ParsableCommand.Type) -> RepeatedOption? {
        let options = Self.options(of: command)
        guard !options.isEmpty else { return nil }
        var given: [Int: RepeatedOption] = [:]
        var order: [Int] = []
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let word = arguments[index]
            index += 1
            guard let (at, spelled, inline) = Self.match(word, in: options) else { continue }
            var value = inline
            if value == nil, index < arguments.count {
                value = arguments[index]
                index += 1
            }
            guard !options[at].isRepeating else { continue }
            if given[at] == nil { order.append(at) }
            given[at, default: RepeatedOption(name: spelled, values: [])].values.append(value ?? "")
        }
        return order.lazy.compactMap { given[$0] }.first { $0.values.count > 1 }
    }

    /// The sentence that refuses it, in `language`:
    /// `--store is given 2 times (a, b): it takes one value; give it once`.
    package func message(in language: Language) -> String {
        Message.fill(
            ArgumentParserWord.repeatedOption.template(in: language),
            with: [name, String(values.count), values.map(\.controlsEscaped).joined(separator: ", ")])
    }

    /// An option that takes a value: the ways it is spelled, and whether
    /// it may be given again.
    private struct Option {
        var spellings: [String]
        var isRepeating: Bool
    }

    /// The options of `command` that take a value, from the argument
    /// parser's description of its arguments.
    private static func options(of command: any ParsableCommand.Type) -> [Option] {
        guard let tool = try? JSONDecoder().decode(ToolInfo.self, from: Data(command._dumpHelp().utf8)) else {
            return []
        }
        return (tool.command.arguments ?? []).compactMap { argument in
            guard argument.kind == "option", let names = argument.names, !names.isEmpty else { return nil }
            let spellings = names.map { ($0.kind == "long" ? "--" : "-") + $0.name }
            return Option(spellings: spellings, isRepeating: argument.isRepeating)
        }
    }

    /// The option `word` gives (`--store`, `--store=a`): its index in
    /// `options`, its name as written, and its value when written in the
    /// same word.
    private static func match(_ word: String, in options: [Option]) -> (Int, String, String?)? {
        guard word.hasPrefix("-") else { return nil }
        let (name, inline): (Substring, String?) =
            if let equals = word.firstIndex(of: "=") {
                (word[..<equals], String(word[word.index(after: equals)...]))
            } else {
                (word[...], nil)
            }
        guard let at = options.firstIndex(where: { $0.spellings.contains(String(name)) }) else { return nil }
        return (at, String(name), inline)
    }

    /// The part of `--experimental-dump-help`'s JSON read here.
    private struct ToolInfo: Decodable {
        struct Command: Decodable {
            var arguments: [Argument]?
        }
        struct Argument: Decodable {
            var kind: String
            var isRepeating: Bool
            var names: [Name]?
        }
        struct Name: Decodable {
            var kind: String
            var name: String
        }
        var command: Command
    }
}
