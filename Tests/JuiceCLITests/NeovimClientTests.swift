import Foundation
import TestSupport
import Testing

/// `juice lsp` through Neovim's built-in LSP client, headless
/// (`Tests/LanguageServer/neovim.lua`): a menu edited and not saved shows
/// the diagnostics `juice validate` prints for the same text saved, and a
/// rename reaches every place the fruit is written. Skipped, and said so,
/// where `nvim` is not installed (`.ci/run` installs Debian's `neovim`).
@Suite struct NeovimClientTests {
    static let menu = """
        fruits:
          kiwi: { name: 키위, stock: 10 }
          banana: { name: Banana, stock: 10 }
        recipes:
          kiwiBanana:
            name: Kiwi Banana
            uses: { kiwi: 1, banana: 1 }

        """

    @Test(.enabled(if: SystemCommand.path(of: "nvim") != nil, "nvim is not installed: apt-get install neovim"))
    func aMenuEditedInNeovimShowsWhatValidateSaysBeforeItIsSaved() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.menu)
            let binary = try #require(JuiceProcess.binary)
            // The page's setup, as a user copies it into init.lua.
            try sandbox.write("config/nvim/init.lua", try Self.documentedSetup())
            let script = Repository.root.appendingPathComponent("Tests/LanguageServer/neovim.lua")
            let nvim = try #require(SystemCommand.path(of: "nvim"))
            let path =
                binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
            let result = try await RunningProcess.run(
                executable: URL(fileURLWithPath: nvim),
                arguments: [
                    "--headless", "-u", sandbox.file("config/nvim/init.lua").path, "-i", "NONE", "-c",
                    "luafile \(script.path)",
                ],
                directory: sandbox.url,
                environment: JuiceProcess.environment([
                    "PATH": path, "XDG_CONFIG_HOME": sandbox.file("config").path,
                    "XDG_DATA_HOME": sandbox.file("data").path, "XDG_STATE_HOME": sandbox.file("state").path,
                ]),
                timeout: 300
            )
            #expect(result.exitCode == 0, "\(result.stdout)\n\(result.stderr)")
            // The file on disk is untouched; the same text, saved elsewhere,
            // is what validate is asked about.
            #expect(sandbox.read("recipes/menu.yaml") == Data(Self.menu.utf8))
            let typo = Self.menu.replacingOccurrences(of: "{ kiwi: 1, banana: 1 }", with: "{ kiwwi: 1, banana: 1 }")
            try sandbox.write("saved.yaml", typo)
            let validate = try await sandbox.juice("validate", "saved.yaml")
            #expect(validate.exitCode == 65)
            let expected = validate.stderrLines.compactMap { line -> String? in
                // saved.yaml:7:13: error: MESSAGE [CODE] -> 7:13 MESSAGE [CODE]
                guard line.hasPrefix("saved.yaml:"), let severity = line.firstRange(of: #/: (error|warning): /#)
                else { return nil }
                let place = line.dropFirst("saved.yaml:".count)[..<severity.lowerBound]
                return "\(place) \(line[severity.upperBound...])"
            }
            #expect(expected.count == 2)
            let shown = result.stdoutLines.filter { $0.first?.isNumber == true }
            #expect(Set(shown) == Set(expected), "\(result.stdout)")
            #expect(result.stdoutLines.contains("rename menu.yaml: 2 edits"), "\(result.stdout)")
        }
    }

    /// The first Lua block of Documentation/LanguageServer.md's Neovim section.
    static func documentedSetup() throws -> String {
        let page = try String(
            contentsOf: Repository.root.appendingPathComponent("Documentation/LanguageServer.md"), encoding: .utf8)
        let section = try #require(page.firstRange(of: "## Neovim\n")).upperBound
        let start = try #require(page[section...].firstRange(of: "```lua\n")).upperBound
        let end = try #require(page[start...].firstRange(of: "```\n")).lowerBound
        return String(page[start..<end])
    }
}
