import ArgumentParser
import JuiceMaker
import JuicePresentation

/// What the shell completion scripts offer for juice's options and
/// arguments (`juice --generate-completion-script bash|zsh|fish`).
///
/// The custom completions run inside `juice` when TAB is pressed: they
/// read the menu or the stores manifest the command would read, taking
/// `--menu`, `--store` and `--stores` from the words typed so far. They
/// print nothing but candidates, and offer nothing when a file is missing
/// or invalid.
extension CompletionKind {
    /// A YAML file (menu, inventory, stores manifest); folders are offered
    /// too, so that they can be entered.
    static var yamlFile: CompletionKind { .file(extensions: ["yaml", "yml"]) }

    /// The languages of the display names.
    static var locales: CompletionKind { .list(Catalogue.Language.allCases.map(\.rawValue)) }

    /// The recipe ids of the menu, for `make` and `plan` orders.
    static var recipeIDs: CompletionKind {
        .custom { words, index, _ in CompletionMenu(words: words, completing: index).recipeIDs }
    }

    /// The fruit ids of the menu, for `log --fruit`.
    static var fruitIDs: CompletionKind {
        .custom { words, index, _ in CompletionMenu(words: words, completing: index).fruitIDs }
    }

    /// The fruit ids of the menu followed by `=`, for `adjust` changes.
    static var fruitChanges: CompletionKind {
        .custom { words, index, _ in CompletionMenu(words: words, completing: index).fruitChanges }
    }

    /// The store names of the stores manifest (`--stores`, else
    /// `recipes/stores.yaml`).
    static var storeNames: CompletionKind {
        .custom { words, index, _ in CompletionMenu(words: words, completing: index).storeNames }
    }
}

/// The menu and manifest that the words of a command line being completed
/// point at.
struct CompletionMenu {
    /// `--menu`, `--store` and `--stores` as typed (unquoted), last one wins.
    var menu: String?
    var store: String?
    var stores: String?

    /// Reads the options from the shell words of the command line; the
    /// word being completed (`index`) is not a value yet, and words after
    /// `--` are arguments.
    init(words: [String], completing index: Int) {
        var position = 1
        while position < words.count {
            let word = words[position]
            if word == "--" { break }
            position += 1
            for name in ["menu", "store", "stores"] {
                let value: String?
                let option = "--" + name
                if word.hasPrefix(option + "=") {
                    value = String(word.dropFirst(option.count + 1))
                } else if word == option, position < words.count, position != index {
                    // bash splits `--menu=FILE` into `--menu`, `=`, `FILE`.
                    if words[position] == "=", position + 1 < words.count, position + 1 != index {
                        value = words[position + 1]
                        position += 2
                    } else {
                        value = words[position]
                        position += 1
                    }
                } else {
                    continue
                }
                let text = value.map(ShellWord.unquoted)
                switch name {
                case "menu": menu = text
                case "store": store = text
                default: stores = text
                }
                break
            }
        }
    }

    /// The menu the command would read, or `nil` when it cannot be read.
    var loaded: Menu? {
        var arguments: [String] = []
        if let menu { arguments += ["--menu", menu] }
        if let store { arguments += ["--store", store] }
        guard let options = try? StoreOptions.parse(arguments),
            let address = try? options.address(manifestPath: stores)
        else { return nil }
        return (try? Session.service.open(address))?.menu
    }

    /// The menu's recipe ids, in its order.
    var recipeIDs: [String] {
        loaded?.recipes.ids ?? []
    }

    /// The menu's fruit ids, in its order.
    var fruitIDs: [String] {
        loaded?.fruits.map(\.id) ?? []
    }

    /// The menu's fruit ids, each followed by `=`.
    var fruitChanges: [String] {
        fruitIDs.map { $0 + "=" }
    }

    /// The store names of `--stores`, else of the shop's `recipes/stores.yaml`.
    var storeNames: [String] {
        guard let chain = try? Session.service.chain(manifestPath: stores ?? Session.service.defaultManifestPath())
        else {
            return []
        }
        return chain.stores.map(\.name)
    }
}

/// A shell word as the completion scripts pass it: verbatim, with its
/// quotes and backslashes.
enum ShellWord {
    /// The word's text without its quotes and backslash escapes, with a
    /// leading `~/` expanded to `$HOME/`.
    static func unquoted(_ word: String) -> String {
        var result = ""
        var quote: Character?
        var escaped = false
        for character in word {
            if escaped {
                if quote == "\"", !"$`\"\\".contains(character) { result.append("\\") }
                result.append(character)
                escaped = false
            } else if character == "\\", quote != "'" {
                escaped = true
            } else if let open = quote, character == open {
                quote = nil
            } else if quote == nil, character == "'" || character == "\"" {
                quote = character
            } else {
                result.append(character)
            }
        }
        if result.hasPrefix("~/"), word.hasPrefix("~/"), let home = Environment.variables["HOME"] {
            result = home + result.dropFirst()
        }
        return result
    }
}
