import Foundation
import TestSupport
import Testing

/// `juice lsp` through a real client: pygls, from PyPI, in
/// `Tests/LanguageServer/client.py` (see its header for what it checks).
/// Skipped, and said so, where python3 cannot make a virtual environment;
/// required in CI (`CI` set).
@Suite struct LanguageServerClientTests {
    static var pythonIsAvailable: Bool {
        ProcessInfo.processInfo.environment["CI"] != nil
            || SystemCommand.status(["/usr/bin/env", "python3", "-m", "venv", "--help"]) == 0
    }

    @Test(.enabled(if: pythonIsAvailable, "python3 with venv and pip is not available for the pygls client"))
    func aRealClientSeesWhatValidateSeesAndRenamesAcrossFiles() async throws {
        let binary = try #require(JuiceProcess.binary)
        let script = Repository.root.appendingPathComponent("Tests/LanguageServer/client.sh")
        // Installing pygls the first time may take a while on a busy machine.
        let process = try RunningProcess(
            executable: URL(fileURLWithPath: "/bin/bash"), arguments: [script.path, binary.path],
            directory: Repository.root, environment: JuiceProcess.environment([:]), timeout: 900)
        let result = await process.result()
        #expect(result.exitCode == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdoutLines.last == "ok rename reaches the parent and the child", "\(result.stdout)")
        #expect(!result.stdout.contains("FAIL"))
    }
}
