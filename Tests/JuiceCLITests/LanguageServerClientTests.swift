import Foundation
import TestSupport
import Testing

/// `juice lsp` through a real client: pygls, from PyPI, in
/// `Tests/LanguageServer/client.py` (see its header for what it checks).
/// Run in CI (`CI` set), which installs pygls from PyPI the first time, and
/// wherever that venv already exists; elsewhere skipped, and said so, as a
/// clone may have no network for PyPI.
@Suite struct LanguageServerClientTests {
    static var clientIsAvailable: Bool {
        ProcessInfo.processInfo.environment["CI"] != nil
            || FileManager.default.isExecutableFile(
                atPath: Repository.root.appendingPathComponent(".build/lsp-client-venv/bin/python").path)
    }

    @Test(
        .enabled(
            if: clientIsAvailable,
            "the pygls client is installed from PyPI only in CI: run Tests/LanguageServer/client.sh once, or set CI"))
    func aRealClientSeesWhatValidateSeesAndRenamesAcrossFiles() async throws {
        let binary = try #require(JuiceProcess.binary)
        let script = Repository.root.appendingPathComponent("Tests/LanguageServer/client.sh")
        // Installing pygls the first time may take a while on a busy machine.
        let process = try RunningProcess(
            executable: URL(fileURLWithPath: "/bin/bash"), arguments: [script.path, binary.path],
            directory: Repository.root, environment: JuiceProcess.environment([:]), timeout: 900)
        let result = await process.result()
        #expect(result.exitCode == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdoutLines.last == "ok recipe ids complete in a sales map", "\(result.stdout)")
        #expect(!result.stdout.contains("FAIL"))
    }
}
