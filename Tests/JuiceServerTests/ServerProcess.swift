import Foundation
import TestSupport
import Testing

/// The real `juice-server` binary, started on a free loopback port in a
/// folder, and the real `juice` beside it.
final class ServerProcess {
    let process = Process()
    /// The port the server listens on.
    private(set) var port = 0
    /// What it said first on stdout: where it listens.
    private(set) var firstLine = ""

    /// An executable built beside this test bundle.
    static func binary(_ name: String) -> URL? {
        BuiltProduct.url(named: name)
    }

    /// Starts `juice-server --port 0 arguments...` in `folder` and waits
    /// for the line that says where it listens.
    ///
    /// - Parameters:
    ///   - descriptors: the open-file limit (soft and hard) it runs under.
    ///   - environment: variables set besides the tests' environment.
    ///   - binary: the executable, when not the one built beside the tests.
    ///   - hiding: a folder the server runs without: an empty tmpfs
    ///     mounted over it in a mount namespace of the server's own
    ///     (`unshare --mount`; root only).
    ///   - errors: where its stderr goes (the test's own by default).
    init(
        in folder: URL, arguments: [String], descriptors: Int? = nil, environment: [String: String?] = [:],
        binary: URL? = nil, hiding: URL? = nil, errors: FileHandle? = nil
    ) throws {
        guard let binary = binary ?? Self.binary("juice-server") else { throw ClientError("no juice-server binary") }
        if let hiding {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            process.arguments =
                [
                    "--mount", "/bin/sh", "-c", "mount -t tmpfs tmpfs \"$1\" && shift && exec \"$@\"", "sh",
                    hiding.path, binary.path, "--port", "0",
                ] + arguments
        } else if let descriptors {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", "ulimit -n \(descriptors) && exec \"$0\" \"$@\"", binary.path, "--port", "0"] + arguments
        } else {
            process.executableURL = binary
            process.arguments = ["--port", "0"] + arguments
        }
        process.currentDirectoryURL = folder
        process.environment = BuiltProduct.environment(environment)
        let output = Pipe()
        process.standardOutput = output
        if let errors { process.standardError = errors }
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
        firstLine = text
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// How many file descriptors the server has open.
    var openDescriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count) ?? -1
    }

    /// Stops the server as a user would (SIGTERM) and waits for it.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs `juice arguments...` in `folder`; its exit status and stdout.
    static func juice(_ arguments: [String], in folder: URL) async throws -> (status: Int32, stdout: String) {
        guard let binary = binary("juice") else { throw ClientError("no juice binary") }
        let result = try await RunningProcess.run(
            executable: binary, arguments: arguments, directory: folder, environment: BuiltProduct.environment(),
            timeout: 600
        )
        return (result.status, result.stdout)
    }
}
