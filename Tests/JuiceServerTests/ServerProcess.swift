import Foundation
import Testing

/// The real `juice-server` binary, started on a free loopback port in a
/// folder, and the real `juice` beside it.
final class ServerProcess {
    let process = Process()
    /// The port the server listens on.
    private(set) var port = 0

    /// An executable built beside this test bundle: the first folder,
    /// walking up from the test executable, that holds it.
    static func binary(_ name: String) -> URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().standardizedFileURL
        let starts = [Bundle.main.bundleURL.standardizedFileURL, folder]
        for start in starts {
            folder = start
            while folder.path != "/" {
                let candidate = folder.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }

    /// Starts `juice-server --port 0 arguments...` in `folder` and waits
    /// for the line that says where it listens.
    init(in folder: URL, arguments: [String]) throws {
        guard let binary = Self.binary("juice-server") else { throw ClientError("no juice-server binary") }
        process.executableURL = binary
        process.arguments = ["--port", "0"] + arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { throw ClientError("juice-server ended: \(text)") }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let port = text.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .newlines)) })
        else { throw ClientError("no port in \(text)") }
        self.port = port
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Stops the server as a user would (SIGTERM) and waits for it.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs `juice arguments...` in `folder`; its stdout. The output goes
    /// to a file, not a pipe: a process another test starts meanwhile may
    /// inherit a pipe's end and hold its end-of-file back for as long as it runs.
    static func juice(_ arguments: [String], in folder: URL) throws -> (status: Int32, stdout: String) {
        guard let binary = binary("juice") else { throw ClientError("no juice binary") }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C"
        for name in ["LC_ALL", "LC_MESSAGES", "JUICE_LOCK_TIMEOUT"] { environment[name] = nil }
        process.environment = environment
        let outputPath = NSTemporaryDirectory() + "juice-stdout-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: outputPath, contents: nil),
            let output = FileHandle(forWritingAtPath: outputPath)
        else { throw ClientError("cannot create \(outputPath)") }
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try output.close()
        process.waitUntilExit()
        let data = FileManager.default.contents(atPath: outputPath) ?? Data()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
