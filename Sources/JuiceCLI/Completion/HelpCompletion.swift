import ArgumentParser

/// `juice help <TAB>`: the completion scripts swift-argument-parser writes
/// give its `help` command an argument with nothing to offer. The script is
/// amended here to offer the command names there, as the first word after
/// `help` only.
enum HelpCompletion {
    /// The shell `--generate-completion-script SHELL` asks a script for, if
    /// the arguments ask for one.
    static func shell(in arguments: [String]) -> CompletionShell? {
        let option = "--generate-completion-script"
        for (index, word) in arguments.enumerated() {
            if word.hasPrefix(option + "=") {
                return CompletionShell(rawValue: String(word.dropFirst(option.count + 1)))
            }
            if word == option, index + 1 < arguments.count { return CompletionShell(rawValue: arguments[index + 1]) }
        }
        return nil
    }

    /// `script` (for `shell`) offering `commands` after `help`; a script of
    /// another shape is returned as it is.
    static func amend(_ script: String, shell: CompletionShell, commands: [String]) -> String {
        let list = commands.joined(separator: " ")
        switch shell {
        case .bash:
            // The end of the `help` command's function.
            guard let start = script.firstRange(of: "\n_juice_help() {\n") else { return script }
            let rest = script[start.upperBound...]
            guard let end = rest.firstRange(of: "\n}\n") else { return script }
            let offer = #"\#n    [[ "${COMP_CWORD}" -eq 2 ]] && COMPREPLY+=($(compgen -W '\#(list)' -- "${cur}"))"#
            return script[..<end.lowerBound] + offer + script[end.lowerBound...]
        case .zsh:
            return script.replacing("'*:subcommands:'", with: "'1:subcommand:(\(list))'", maxReplacements: 1)
        case .fish:
            return script
                + "\ncomplete -c juice -n '__fish_seen_subcommand_from help; and test (count (commandline -opc)) -eq 2'"
                + " -f -a '\(list)'\n"
        default:
            return script
        }
    }
}
