import Foundation
import TestSupport
import Testing

/// The shell completion scripts, run: the bash script is sourced in a real
/// `bash` and its completion function called as bash would call it on TAB,
/// with the `juice` under test first on PATH for its custom completions;
/// the zsh and fish scripts are loaded in a real `zsh` and `fish` when they
/// are installed (the tests say so when they are not).
@Suite struct CompletionTests {
    /// A small menu that shares no id with the example chain's.
    static let otherMenu = """
        fruits:
          melon: { stock: 3 }
          lime: { stock: 2 }
        recipes:
          melon: { melon: 2 }
          melonLime: { melon: 1, lime: 1 }
        """

    /// The recipe ids of `recipes/menu.yaml` (and of the built-in menu).
    static let chainRecipes: Set = [
        "strawberry", "banana", "kiwi", "pineapple", "strawberryBanana", "mango", "mangoKiwi",
    ]

    /// The script that `juice --generate-completion-script SHELL` prints
    /// for bash, zsh and fish, each made once for every test: a debug build
    /// takes most of a CPU second to make one, which a busy machine
    /// stretched past a minute when each completion made its own.
    static let scripts = Dictionary(
        uniqueKeysWithValues: ["bash", "zsh", "fish"].map { shell in
            (
                shell,
                Task { () throws -> String in
                    let result = try await JuiceProcess.run(
                        ["--generate-completion-script", shell], in: FileManager.default.temporaryDirectory,
                        timeout: 600)
                    guard result.exitCode == 0, result.stderr.isEmpty, !result.stdout.isEmpty else {
                        throw ScriptUnavailable(result: result)
                    }
                    return result.stdout
                }
            )
        })

    /// `juice --generate-completion-script bash` failed.
    struct ScriptUnavailable: Error {
        var result: ProcessResult
    }

    /// What bash's completion of `juice words...` offers, the cursor at the
    /// end of the last word (`""` for a TAB after a space), as a set.
    /// Fails the test when the script or a custom completion says anything
    /// on stderr or fails.
    static func bash(
        _ words: [String], in sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Set<String> {
        let all = ["juice"] + words
        let line = all.joined(separator: " ")
        let script = """
            eval "$JUICE_COMPLETION_SCRIPT" || exit 99
            COMP_WORDS=(\(all.map(quoted).joined(separator: " ")))
            COMP_CWORD=\(all.count - 1)
            COMP_LINE=\(quoted(line))
            COMP_POINT=${#COMP_LINE}
            _juice juice "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            for candidate in "${COMPREPLY[@]}"; do printf '%s\\n' "$candidate"; done
            """
        return try await complete("bash", ["-c", script], in: sandbox, sourceLocation: sourceLocation)
    }

    /// What the completion of `shell` (started with `arguments`, the
    /// script in `JUICE_COMPLETION_SCRIPT`) prints, a candidate a line, as
    /// a set. Fails the test when the shell or a custom completion says
    /// anything on stderr or fails.
    static func complete(
        _ shell: String, _ arguments: [String], in sandbox: Sandbox, sourceLocation: SourceLocation
    ) async throws -> Set<String> {
        let binary = try #require(JuiceProcess.binary, "no 'juice' executable found", sourceLocation: sourceLocation)
        let path = binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        let script = try #require(scripts[shell], sourceLocation: sourceLocation)
        let environment = JuiceProcess.environment(["PATH": path, "JUICE_COMPLETION_SCRIPT": try await script.value])
        // A guard against a hang, not a speed test: one shell and at most
        // one `juice`, which a loaded machine may keep waiting for minutes.
        let result = try await RunningProcess.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: [shell] + arguments,
            directory: sandbox.url, environment: environment, timeout: 600
        )
        #expect(result.exitCode == 0, "\(shell): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr == "", sourceLocation: sourceLocation)
        return Set(result.stdoutLines)
    }

    /// What zsh's completion offers on a TAB at the end of `line`, as a set:
    /// an interactive `zsh -f` on a pseudo-terminal (`zpty`) with the
    /// completion system and the script loaded, whose `compadd` prints each
    /// match it is given (then adds them as usual).
    static func zsh(_ line: String, in sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> Set<String>
    {
        let script = #"""
            zmodload zsh/zpty || exit 97
            setup=$(mktemp) || exit 98
            cat > $setup <<'SETUP'
            PROMPT=
            autoload -U compinit && compinit -u -D
            eval "$JUICE_COMPLETION_SCRIPT"
            compdef _juice juice
            compadd() {
                if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
                local -a hits
                local hit
                builtin compadd -A hits "$@"
                for hit in "${hits[@]}"; do print -r -- "<<$hit>>"; done
                builtin compadd "$@"
            }
            finished() { print -r -- '<<done>>'; exit }
            comppostfuncs=(finished)
            bindkey '^I' complete-word
            print -r -- '<<ready>>'
            SETUP
            zpty shell zsh -f -i
            zpty -w shell "source $setup"
            while zpty -r shell out; do [[ $out == *'<<ready>>'* ]] && break; done
            zpty -w -n shell "$1"$'	'
            while zpty -r shell out; do
                [[ $out == *'<<done>>'* ]] && break
                [[ $out =~ '<<(.*)>>' ]] && print -r -- $match[1]
            done
            rm -f $setup
            """#
        return try await complete(
            "zsh", ["-f", "-c", script, "zsh", line], in: sandbox, sourceLocation: sourceLocation)
    }

    /// What fish's completion offers on a TAB at the end of `line`
    /// (`complete -C`), as a set of candidates without their descriptions.
    static func fish(_ line: String, in sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> Set<String>
    {
        let script = #"echo $JUICE_COMPLETION_SCRIPT | source; and complete -C"$argv[1]""#
        let offered = try await complete(
            "fish", ["--no-config", "-c", script, line], in: sandbox, sourceLocation: sourceLocation)
        return Set(offered.map { String($0.prefix { $0 != "\t" }) })
    }

    /// Expects bash's completion of `juice words...` to offer exactly `expected`.
    static func expect(
        _ words: String..., offers expected: Set<String>, in sandbox: Sandbox,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let offered = try await bash(words, in: sandbox, sourceLocation: sourceLocation)
        #expect(offered == expected, "juice \(words.joined(separator: " "))<TAB>", sourceLocation: sourceLocation)
    }

    /// `text` single-quoted for bash.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// A sandbox with the example chain, `other.yaml`, and a file that is
    /// not YAML.
    static func withChain<T>(_ body: (Sandbox) async throws -> T) async throws -> T {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            try sandbox.write("other.yaml", otherMenu)
            try sandbox.write("notes.txt", "not a menu\n")
            return try await body(sandbox)
        }
    }

    @Test func makeAndPlanOfferTheMenusRecipeIDs() async throws {
        try await Self.withChain { sandbox in
            try await Self.expect("make", "str", offers: ["strawberry", "strawberryBanana"], in: sandbox)
            try await Self.expect("make", "banana=2", "", offers: Self.chainRecipes, in: sandbox)
            try await Self.expect("plan", "mango", offers: ["mango", "mangoKiwi"], in: sandbox)
            try await Self.expect("make", "--dry-run", "k", offers: ["kiwi"], in: sandbox)
        }
    }

    @Test func adjustOffersFruitIDsWithAnEqualsSign() async throws {
        try await Self.withChain { sandbox in
            try await Self.expect("adjust", "ki", offers: ["kiwi="], in: sandbox)
            try await Self.expect("adjust", "--menu", "other.yaml", "", offers: ["melon=", "lime="], in: sandbox)
        }
    }

    @Test func theMenuOnTheLineIsTheOneRead() async throws {
        try await Self.withChain { sandbox in
            try await Self.expect("make", "--menu", "other.yaml", "m", offers: ["melon", "melonLime"], in: sandbox)
            try sandbox.write("my menus/other one.yaml", Self.otherMenu)
            try await Self.expect(
                "make", "--menu", "'my menus/other one.yaml'", "", offers: ["melon", "melonLime"], in: sandbox)
            try await Self.expect(
                "make", "--menu", #"my\ menus/other\ one.yaml"#, "", offers: ["melon", "melonLime"], in: sandbox)
            // bash splits `--menu=FILE` at the `=`.
            try await Self.expect("make", "--menu", "=", "other.yaml", "", offers: ["melon", "melonLime"], in: sandbox)
        }
    }

    @Test func aStoreOnTheLineUsesItsMenuFromTheManifest() async throws {
        try await Self.withChain { sandbox in
            // Gangnam has no mangoes.
            try await Self.expect(
                "make", "--store", "gangnam", "", offers: Self.chainRecipes.subtracting(["mango", "mangoKiwi"]),
                in: sandbox)
            try await Self.expect(
                "plan", "--store", "hongdae", "p", offers: ["peach", "peachBanana", "pineapple"], in: sandbox)
            try await Self.expect(
                "adjust", "--stores", "recipes/stores.yaml", "--store", "hongdae", "pe", offers: ["peach="], in: sandbox
            )
            try await Self.expect("make", "--store", "nowhere", "", offers: [], in: sandbox)
        }
    }

    @Test func storeOffersTheManifestsStoreNames() async throws {
        try await Self.withChain { sandbox in
            try await Self.expect("report", "--store", "", offers: Set(ExampleChain.stores), in: sandbox)
            try await Self.expect("make", "--store", "h", offers: ["hongdae"], in: sandbox)
            try FileManager.default.moveItem(at: sandbox.file("recipes/stores.yaml"), to: sandbox.file("chain.yaml"))
            try await Self.expect("menu", "--store", "", offers: [], in: sandbox)
            try await Self.expect(
                "menu", "--stores", "chain.yaml", "--store", "", offers: Set(ExampleChain.stores), in: sandbox)
        }
    }

    @Test func withoutAMenuFileTheBuiltInMenusIDsAreOffered() async throws {
        try await Sandbox.with { sandbox in
            try await Self.expect("make", "", offers: Self.chainRecipes, in: sandbox)
            try await Self.expect(
                "adjust", "", offers: ["strawberry=", "banana=", "pineapple=", "kiwi=", "mango="], in: sandbox)
        }
    }

    @Test func aMissingOrInvalidMenuOffersNothingAndSaysNothing() async throws {
        try await Sandbox.with { sandbox in
            try await Self.expect("make", "--menu", "missing.yaml", "", offers: [], in: sandbox)
            try sandbox.write("broken.yaml", "fruits: [\n")
            try await Self.expect("adjust", "--menu", "broken.yaml", "", offers: [], in: sandbox)
            try sandbox.write("recipes/menu.yaml", "recipes: 3\n")
            try await Self.expect("make", "", offers: [], in: sandbox)
            try FileManager.default.createDirectory(at: sandbox.file("folder"), withIntermediateDirectories: true)
            try await Self.expect("plan", "--menu", "folder", "", offers: [], in: sandbox)
        }
    }

    @Test func fileOptionsOfferYAMLFilesAndFolders() async throws {
        try await Self.withChain { sandbox in
            for option in ["--menu", "--inventory", "--stores"] {
                try await Self.expect("report", option, "rec", offers: ["recipes"], in: sandbox)
            }
            try await Self.expect(
                "report", "--menu", "recipes/",
                offers: ["recipes/menu.yaml", "recipes/prices.yaml", "recipes/stores", "recipes/stores.yaml"],
                in: sandbox)
            try await Self.expect("make", "--inventory", "", offers: ["other.yaml", "recipes", "state"], in: sandbox)
            try await Self.expect("validate", "", offers: ["other.yaml", "recipes", "state"], in: sandbox)
            try await Self.expect(
                "validate", "other.yaml", "recipes/stores/",
                offers: ["recipes/stores/gangnam.yaml", "recipes/stores/hongdae.yaml", "recipes/stores/jamsil.yaml"],
                in: sandbox)
        }
    }

    @Test func localeAndFormatOfferTheirValues() async throws {
        try await Sandbox.with { sandbox in
            try await Self.expect("report", "--locale", "", offers: ["en", "ko"], in: sandbox)
            try await Self.expect("menu", "--locale", "k", offers: ["ko"], in: sandbox)
            try await Self.expect("report", "--format", "", offers: ["text", "json", "csv", "markdown"], in: sandbox)
            try await Self.expect("validate", "--format", "", offers: ["text", "json", "github"], in: sandbox)
            try await Self.expect("make", "--format", "", offers: ["text", "json"], in: sandbox)
            try await Self.expect("schema", "", offers: ["menu", "inventory", "stores", "sales"], in: sandbox)
        }
    }

    @Test func commandNamesCompleteButNotAfterHelp() async throws {
        try await Sandbox.with { sandbox in
            try await Self.expect(
                "",
                offers: [
                    "report", "make", "adjust", "plan", "menu", "validate", "mix", "log", "undo", "usage", "order",
                    "orders", "receive", "import", "count", "variance", "forecast", "waste", "expiring", "schema",
                    "lsp",
                    "init", "backup", "restore", "help",
                    "-h",
                    "--help",
                    "--version",
                ],
                in: sandbox)
            try await Self.expect("ma", offers: ["make"], in: sandbox)
            // swift-argument-parser's scripts offer nothing after its `help`
            // command; juice amends them to offer the command names there.
            try await Self.expect("help", "", offers: Self.commands, in: sandbox)
            try await Self.expect("help", "ma", offers: ["make"], in: sandbox)
            try await Self.expect("help", "make", "", offers: [], in: sandbox)
        }
    }

    /// The commands `juice help` takes.
    static let commands: Set = [
        "report", "make", "adjust", "plan", "menu", "validate", "mix", "log", "undo", "usage", "order", "orders",
        "receive", "import", "count", "variance", "forecast", "waste", "expiring", "schema", "lsp", "init", "backup",
        "restore",
    ]

    @Test(.enabled(if: SystemCommand.path(of: "zsh") != nil, "zsh is not installed: apt-get install zsh"))
    func zshOffersTheCommandNamesAfterHelp() async throws {
        try await Sandbox.with { sandbox in
            let help = try await Self.zsh("juice help ", in: sandbox)
            #expect(help == Self.commands)
            let ma = try await Self.zsh("juice help ma", in: sandbox)
            #expect(ma == ["make"])
            // As the first word only; `help` itself takes `--version`.
            let afterMake = try await Self.zsh("juice help make ", in: sandbox)
            #expect(afterMake.isDisjoint(with: Self.commands))
        }
    }

    @Test(.enabled(if: SystemCommand.path(of: "fish") != nil, "fish is not installed: apt-get install fish"))
    func fishOffersTheCommandNamesAfterHelp() async throws {
        try await Sandbox.with { sandbox in
            let help = try await Self.fish("juice help ", in: sandbox)
            #expect(help == Self.commands)
            let ma = try await Self.fish("juice help ma", in: sandbox)
            #expect(ma == ["make"])
            let afterMake = try await Self.fish("juice help make ", in: sandbox)
            #expect(afterMake == [])
        }
    }

    @Test func theZshScriptCompletesFilesForFileOptions() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("--generate-completion-script", "zsh")
            #expect(result.exitCode == 0)
            let lines = result.stdoutLines
            for option in ["--menu", "--inventory", "--stores"] {
                let specs = lines.filter { $0.contains("'\(option)[") }
                #expect(specs.count == 20, "\(option) in each command")
                #expect(specs.allSatisfy { $0.hasSuffix(#":_files -g '\''*.yaml *.yml'\'''"#) }, "\(specs)")
            }
            #expect(lines.contains { $0.contains(":file:_files -g") && $0.hasPrefix("        '*:file:") })
            #expect(lines.contains { $0.contains("---completion make -- positional@0") })
        }
    }
}
