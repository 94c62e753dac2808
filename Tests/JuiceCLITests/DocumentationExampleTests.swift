import Foundation
import TestSupport
import Testing

/// The pages a user reads, `README.md` and `Documentation/*.md`, kept true:
/// their commands run against the built `juice`, their relative links name
/// files (and headings) that exist, the README stays short, and
/// `Documentation/Help.md` is what `juice help` prints.
///
/// What is run (Documentation/Development.md, "How the pages' examples are
/// checked", says the same for those who write the pages):
///
/// - in a ` ```sh ` block, every line that starts with `juice `;
/// - in a ` ```console ` block, every line that starts with `$ juice `;
///   each line shown after it (up to the next `$ `) must be a line it
///   prints, on stdout or stderr, but for `...`; times of day
///   (`2026-11-22T20:23:10Z`, `2026-11-23T05:23:10+09:00`) match any time; after `$ cat FILE`, each
///   line shown must be a line of that file; a command line may end with
///   `> FILE`, which saves its standard output there;
/// - `NAME=value` words before `juice` set variables;
/// - a line exits 0 unless it ends with a comment `# exits N`;
/// - a block whose fence reads ` ```yaml file=PATH ` is written to `PATH`
///   before the commands after it run;
/// - a YAML block that starts with a comment `# PATH` (and writes no file)
///   is an excerpt of that file of the repository.
///
/// Each page runs in order, in a sandbox of its own holding a copy of
/// `recipes/` and `state/`.
@Suite struct DocumentationExampleTests {
    /// `README.md`, then every `Documentation/*.md` by name, relative to the
    /// repository.
    static let pages: [String] = {
        let folder = Repository.root.appendingPathComponent("Documentation")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "Documentation/" + $0 }
    }()

    @Test func theReadmeIsAtMost250Lines() throws {
        let page = try DocumentationPage(path: "README.md")
        #expect(page.lines.count <= 250, "README.md has \(page.lines.count) lines; move detail to Documentation/")
    }

    /// The example workflow for a menus' repository runs the command that
    /// Chain.md's "Menus through git" runs (and this suite with it).
    @Test func theMenusWorkflowValidatesAsTheChainPageDoes() throws {
        let workflow = try String(
            contentsOf: Repository.root.appendingPathComponent("Documentation/examples/validate-menus.yml"),
            encoding: .utf8)
        let steps = workflow.split(separator: "\n").filter { $0.contains("run:") && $0.contains("juice validate") }
        #expect(steps.count == 1)
        #expect(steps.first?.hasSuffix("/juice validate --stores recipes/stores.yaml --format github") == true)
        let chain = try DocumentationPage(path: "Documentation/Chain.md")
        #expect(chain.lines.contains { $0.hasSuffix("$ juice validate --stores recipes/stores.yaml --format github") })
    }

    @Test func everyTopicHasItsPage() {
        for name in [
            "Menus", "Commands", "Help", "Chain", "Day", "Journal", "Mix", "Counter", "Operations", "Library",
            "Development", "Fresh",
        ] {
            #expect(Self.pages.contains("Documentation/\(name).md"))
        }
    }

    /// A guard against a parser that finds nothing: the pages hold dozens
    /// of commands, files to write and to show, excerpts and links, so the
    /// tests below that check each of them check something.
    @Test func thePagesHaveCommandsToRun() throws {
        var commands = 0
        var files = 0
        var shown = 0
        var excerpts = 0
        var links = 0
        for path in Self.pages {
            let page = try DocumentationPage(path: path)
            for step in try page.steps() {
                switch step {
                case .run: commands += 1
                case .write: files += 1
                case .show: shown += 1
                }
            }
            excerpts +=
                page.parts.blocks.filter { block in
                    block.language == "yaml" && block.file == nil
                        && block.lines.first?.wholeMatch(of: Self.excerptHeader) != nil
                }.count
            links += page.links.count
        }
        #expect(commands >= 40)
        #expect(files >= 3)
        #expect(shown >= 1)
        #expect(excerpts >= 3)
        #expect(links >= 100)
    }

    /// The first line of a YAML excerpt: `# PATH.yaml`.
    static var excerptHeader: Regex<(Substring, Substring)> { /# ([A-Za-z0-9_\/.-]+\.yaml)/ }

    /// A YAML block that starts `# PATH` (`# recipes/stores.yaml`) and
    /// writes no file is an excerpt of the repository's file: each of its
    /// lines, comments aside and spaces collapsed, is a line of that file.
    @Test(arguments: pages) func everyExcerptIsInItsFile(_ path: String) throws {
        let page = try DocumentationPage(path: path)
        for block in page.parts.blocks where block.language == "yaml" && block.file == nil {
            guard let first = block.lines.first, let match = first.wholeMatch(of: Self.excerptHeader)
            else { continue }
            let file = String(match.output.1)
            let url = Repository.root.appendingPathComponent(file)
            let data = try #require(
                FileManager.default.contents(atPath: url.path), "\(path):\(block.line): no file \(file)")
            let lines = Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(Self.collapsed))
            for line in block.lines.dropFirst() {
                let code = Self.collapsed(line.components(separatedBy: " #")[0])
                guard !code.isEmpty, !code.hasPrefix("#") else { continue }
                #expect(lines.contains(code), "\(path):\(block.line): \(file) has no line \(line)")
            }
        }
    }

    /// A line with its runs of spaces made one, and no space at either end.
    static func collapsed(_ line: some StringProtocol) -> String {
        line.split(separator: " ").joined(separator: " ")
    }

    @Test(arguments: pages) func everyRelativeLinkNamesAFileThatExists(_ path: String) throws {
        let page = try DocumentationPage(path: path)
        for link in page.links {
            let (file, fragment) = link.target
            let target =
                file.isEmpty
                ? page.url
                : page.url.deletingLastPathComponent().appendingPathComponent(file).standardizedFileURL
            #expect(
                FileManager.default.fileExists(atPath: target.path),
                "\(path):\(link.line): '\(link.target)' names no file (\(target.path))")
            guard let fragment, target.pathExtension == "md", FileManager.default.fileExists(atPath: target.path)
            else { continue }
            let anchors = try DocumentationPage(url: target).anchors
            #expect(anchors.contains(fragment), "\(path):\(link.line): no heading '#\(fragment)' in \(file)")
        }
    }

    @Test(arguments: pages) func everyCommandOfThePageRuns(_ path: String) async throws {
        let page = try DocumentationPage(path: path)
        let steps = try page.steps()
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            for step in steps {
                switch step {
                case .write(let file, let text, _):
                    try sandbox.write(file, text)
                case .show(let file, let shown, let line):
                    let text = String(decoding: sandbox.read(file) ?? Data(), as: UTF8.self)
                    let actual = Set(text.split(separator: "\n").map(comparable))
                    for shownLine in shown where !shownLine.isEmpty && shownLine != "..." {
                        #expect(
                            actual.contains(comparable(shownLine)),
                            "\(path):\(line): \(file) has no line \(shownLine)\nit holds: \(text.prefix(2000))")
                    }
                case .run(let command):
                    let result = try await sandbox.juice(
                        arguments: command.arguments, environment: command.environment.mapValues { Optional($0) })
                    if let file = command.savedTo { try sandbox.write(file, result.stdout) }
                    #expect(
                        result.exitCode == command.expectedStatus,
                        """
                        \(path):\(command.line): `\(command.text)` exited \(result.exitCode.map(String.init) ?? "by a signal"), \
                        not \(command.expectedStatus)
                        stdout: \(result.stdout.prefix(2000))
                        stderr: \(result.stderr.prefix(2000))
                        """)
                    let actual = Set((result.stdout + "\n" + result.stderr).split(separator: "\n").map(comparable))
                    for line in command.shown where !line.isEmpty && line != "..." {
                        #expect(
                            actual.contains(comparable(line)),
                            """
                            \(path):\(command.line): `\(command.text)` did not print the line shown: \(line)
                            stdout: \(result.stdout.prefix(2000))
                            stderr: \(result.stderr.prefix(2000))
                            """)
                    }
                }
            }
        }
    }

    /// A line as shown and as printed, compared without trailing spaces and
    /// with every time of day (the journal's) made the same.
    private func comparable(_ line: some StringProtocol) -> String {
        String(line).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            .replacingOccurrences(
                of: "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(Z|[+-][0-9]{2}:[0-9]{2})", with: "TIME",
                options: .regularExpression)
    }

    /// Help.md is every command's help as `juice help COMMAND` prints it, at
    /// 80 columns, in English; `JUICE_UPDATE_GOLDEN=1` rewrites it.
    @Test func theHelpPageIsWhatJuiceHelpPrints() async throws {
        let text = try await Sandbox.with { sandbox in try await Self.helpPage(in: sandbox) }
        let url = Repository.root.appendingPathComponent("Documentation/Help.md")
        if ExampleChain.updatesGolden {
            try Data(text.utf8).write(to: url)
            return
        }
        let written = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(
            written == text,
            "Documentation/Help.md is not what juice help prints: run JUICE_UPDATE_GOLDEN=1 swift test --filter DocumentationExampleTests"
        )
    }

    /// The text of Help.md: `juice --help`, then `juice help COMMAND` for
    /// each subcommand that `juice --help` lists.
    static func helpPage(in sandbox: Sandbox) async throws -> String {
        let environment: [String: String?] = ["COLUMNS": "80", "LINES": nil]
        let overview = try await sandbox.juice(arguments: ["--help"], environment: environment)
        try #require(overview.exitCode == 0, "juice --help: status \(overview.status), stderr: \(overview.stderr)")
        var commands: [String] = []
        var inList = false
        for line in overview.stdoutLines {
            if line == "SUBCOMMANDS:" {
                inList = true
            } else if inList, line.hasPrefix("  "), !line.hasPrefix("   ") {
                let name = line.dropFirst(2).prefix { $0 != " " }
                if name.allSatisfy({ $0.isLowercase || $0 == "-" }), !name.isEmpty { commands.append(String(name)) }
            }
        }
        #expect(commands.count >= 10, "no subcommands found in juice --help")
        var page = """
            # Every command's help

            What `juice --help` and `juice help COMMAND` print, in English, at 80
            columns: the options of each command, its defaults and examples. Generated
            from the argument parser's help texts: `DocumentationExampleTests` checks
            that this page is what `juice` prints, and
            `JUICE_UPDATE_GOLDEN=1 swift test --filter DocumentationExampleTests`
            rewrites it. What the commands do and print is in
            [Commands](Commands.md).

            - [juice](#juice)

            """
        page += commands.map { "- [juice \($0)](#juice-\($0))\n" }.joined()
        for (title, arguments) in [("juice", ["--help"])] + commands.map({ ("juice \($0)", ["help", $0]) }) {
            let result = try await sandbox.juice(arguments: arguments, environment: environment)
            // Said by name, so a page that lacks a section says which run
            // gave nothing and how it ended.
            try #require(
                result.exitCode == 0 && !result.stdout.isEmpty,
                """
                juice \(arguments.joined(separator: " ")): status \(result.status), exited normally: \(result.exitedNormally), \
                timed out: \(result.timedOut), \(result.stdout.utf8.count) bytes out, stderr: \(result.stderr)
                """)
            let body = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
                .joined(separator: "\n").trimmingCharacters(in: .newlines)
            page += "\n## \(title)\n\n```text\n$ juice \(arguments.joined(separator: " "))\n\(body)\n```\n"
        }
        return page
    }
}

/// One page of documentation, read as lines.
struct DocumentationPage {
    /// A relative link: `[text](target)`.
    struct Link {
        var line: Int
        /// The file (empty for the page itself) and the heading's anchor.
        var target: (file: String, fragment: String?)
    }

    /// A command of the page to run.
    struct Command {
        var line: Int
        var text: String
        var arguments: [String]
        var environment: [String: String]
        var expectedStatus: Int32
        /// The file its standard output goes to, when the line ends with
        /// `> FILE` (the one redirection a page may use).
        var savedTo: String?
        /// In a console block, the lines shown after the command: each must
        /// be a line of its stdout or stderr, but for `...`.
        var shown: [String] = []
    }

    /// What the page does, in order.
    enum Step {
        case write(file: String, text: String, line: Int)
        case run(Command)
        /// `$ cat FILE` in a console block: each line shown must be a line
        /// of the file.
        case show(file: String, shown: [String], line: Int)
    }

    /// A fenced block: its info string (` ```yaml file=x.yaml `: `yaml
    /// file=x.yaml`), the line of its fence (1-based), and its lines.
    struct Block {
        var info: String
        var line: Int
        var lines: [String]

        var language: String { String(info.prefix { $0 != " " }) }

        /// The `file=PATH` of the info string, if any.
        var file: String? {
            info.split(separator: " ").first { $0.hasPrefix("file=") }.map { String($0.dropFirst(5)) }
        }
    }

    let url: URL
    let lines: [String]

    init(path: String) throws {
        try self.init(url: Repository.root.appendingPathComponent(path))
    }

    init(url: URL) throws {
        self.url = url
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    /// The fenced blocks, and the lines outside them (with their 1-based numbers).
    var parts: (blocks: [Block], prose: [(line: Int, text: String)]) {
        var blocks: [Block] = []
        var prose: [(Int, String)] = []
        var open: (block: Block, indent: Int)?
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            if let current = open {
                if trimmed.hasPrefix("```"), trimmed.drop(while: { $0 == "`" }).allSatisfy({ $0 == " " }) {
                    blocks.append(current.block)
                    open = nil
                } else {
                    open?.block.lines.append(String(line.dropFirst(min(current.indent, indent))))
                }
            } else if trimmed.hasPrefix("```") {
                let info = trimmed.drop { $0 == "`" }.trimmingCharacters(in: .whitespaces)
                open = (Block(info: info, line: index + 1, lines: []), indent)
            } else {
                prose.append((index + 1, line))
            }
        }
        return (blocks, prose)
    }

    /// Every relative link outside code: not `http:`, `https:` or `mailto:`.
    var links: [Link] {
        var links: [Link] = []
        let pattern = /\]\(([^)\s]+)\)/
        for (line, text) in parts.prose {
            // Inline code is not a link.
            let outsideCode = text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            for match in outsideCode.matches(of: pattern) {
                let target = String(match.output.1)
                if target.hasPrefix("http:") || target.hasPrefix("https:") || target.hasPrefix("mailto:") {
                    continue
                }
                let pieces = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                links.append(
                    Link(line: line, target: (String(pieces[0]), pieces.count > 1 ? String(pieces[1]) : nil)))
            }
        }
        return links
    }

    /// The anchors of the page's headings, as GitHub makes them: lower
    /// case, punctuation dropped, spaces made hyphens; a repeated one
    /// numbered.
    var anchors: Set<String> {
        var anchors = Set<String>()
        for (_, text) in parts.prose where text.hasPrefix("#") {
            let title = text.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            var anchor = String(
                title.lowercased().unicodeScalars.filter {
                    CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
                }
                .map(Character.init)
            ).replacingOccurrences(of: " ", with: "-")
            var number = 0
            while anchors.contains(anchor) {
                number += 1
                anchor =
                    anchor.replacingOccurrences(of: "-\(number - 1)$", with: "", options: .regularExpression)
                    + "-\(number)"
            }
            anchors.insert(anchor)
        }
        return anchors
    }

    /// The files to write and the commands to run, in the page's order.
    func steps() throws -> [Step] {
        var steps: [Step] = []
        for block in parts.blocks {
            if let file = block.file {
                steps.append(.write(file: file, text: block.lines.joined(separator: "\n") + "\n", line: block.line))
            }
            let prompt: String
            switch block.language {
            case "sh": prompt = ""
            case "console": prompt = "$ "
            default: continue
            }
            for (offset, line) in block.lines.enumerated() where line.hasPrefix(prompt) {
                let text = String(line.dropFirst(prompt.count))
                if var command = try Self.command(text, line: block.line + 1 + offset) {
                    if block.language == "console" {
                        command.shown = Array(block.lines[(offset + 1)...].prefix { !$0.hasPrefix("$ ") })
                    }
                    steps.append(.run(command))
                } else if block.language == "console", text.hasPrefix("cat "), !text.contains(" ", after: 4) {
                    let shown = Array(block.lines[(offset + 1)...].prefix { !$0.hasPrefix("$ ") })
                    steps.append(.show(file: String(text.dropFirst(4)), shown: shown, line: block.line + 1 + offset))
                }
            }
        }
        return steps
    }

    /// The command a line runs, or `nil` when it does not run `juice`.
    ///
    /// Words are split at spaces, with '...' and "..." quoting; a `# `
    /// outside quotes starts a comment, whose `exits N` is the status
    /// expected. Shell syntax fails the test: the line belongs in a block
    /// that is not run.
    static func command(_ text: String, line: Int) throws -> DocumentationPage.Command? {
        let split = ShellWords(text)
        var words = split.words
        let comment = split.comment
        var environment: [String: String] = [:]
        while let first = words.first, let equals = first.firstIndex(of: "="),
            first[..<equals].allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }), equals != first.startIndex
        {
            environment[String(first[..<equals])] = String(first[first.index(after: equals)...])
            words.removeFirst()
        }
        guard words.first == "juice" else { return nil }
        var code = Substring(text.prefix { $0 != "#" })
        var savedTo: String?
        if let redirect = code.firstMatch(of: /\s>\s+([A-Za-z0-9_.\/-]+)\s*$/) {
            savedTo = String(redirect.output.1)
            code = code[..<redirect.range.lowerBound]
            words.removeLast(2)
        }
        let shell = ["|", ">", "<", ";", "&", "$(", "`"]
        try #require(
            !shell.contains { code.contains($0) },
            "line \(line): `\(text)` uses the shell; put it in a ```bash block, which is not run")
        var expected: Int32 = 0
        if let match = comment.firstMatch(of: /exits (\d+)/) {
            expected = Int32(match.output.1) ?? 0
        }
        return Command(
            line: line, text: text, arguments: Array(words.dropFirst()), environment: environment,
            expectedStatus: expected, savedTo: savedTo)
    }
}

extension String {
    /// Whether `character` occurs after the first `offset` characters.
    fileprivate func contains(_ character: Character, after offset: Int) -> Bool {
        dropFirst(offset).contains(character)
    }
}
