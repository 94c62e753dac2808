import Foundation
import JSONValue
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// How a finished process ended and what it wrote.
struct ProcessResult: Sendable {
    /// The exit status, or the signal number when ``exitedNormally`` is false.
    var status: Int32
    /// Whether the process called `exit` (rather than dying of a signal).
    var exitedNormally: Bool
    /// Whether the process was still running at its deadline and was killed.
    var timedOut: Bool
    var stdout: String
    var stderr: String

    /// The exit status of a process that ended normally; `nil` for one
    /// killed by a signal or past its deadline.
    var exitCode: Int32? { exitedNormally && !timedOut ? status : nil }

    /// stdout split into lines, without the final empty line.
    var stdoutLines: [String] { Self.lines(stdout) }

    /// stderr split into lines, without the final empty line.
    var stderrLines: [String] { Self.lines(stderr) }

    /// stdout parsed as one JSON value.
    func json() throws -> JSON {
        try JSON(parsing: stdout)
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// Runs the real `juice` binary (and, for lock tests, other programs) with
/// pipes for stdout and stderr that are drained while the process runs.
enum JuiceProcess {
    /// The `juice` executable built beside this test bundle: the first folder,
    /// walking up from the test executable, that holds an executable file
    /// named `juice`. Works with any `--scratch-path`.
    static let binary: URL? = {
        let manager = FileManager.default
        let starts = [
            Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        for start in starts {
            var folder = start.standardizedFileURL
            while folder.path != "/" {
                let candidate = folder.appendingPathComponent("juice")
                var isDirectory: ObjCBool = false
                if manager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                    manager.isExecutableFile(atPath: candidate.path)
                {
                    return candidate
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }()

    /// The environment a test starts from: the test's own, with `LANG=C`
    /// and no `LC_ALL`, `LC_MESSAGES` or `JUICE_LOCK_TIMEOUT`.
    static func environment(_ overrides: [String: String?]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C"
        for name in ["LC_ALL", "LC_MESSAGES", "JUICE_LOCK_TIMEOUT"] { environment[name] = nil }
        for (name, value) in overrides { environment[name] = value }
        return environment
    }

    /// Runs `juice arguments...` in `directory` and waits for it.
    ///
    /// - Parameters:
    ///   - environment: variables to set (a `nil` value removes one) on top
    ///     of ``environment(_:)``.
    ///   - timeout: seconds after which the process is killed and the result
    ///     marked ``ProcessResult/timedOut``: a guard against hangs, not a
    ///     speed test.
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String?] = [:], timeout: Double = 120
    ) async throws -> ProcessResult {
        try await launch(arguments, in: directory, environment: environment, timeout: timeout).result()
    }

    /// Starts `juice arguments...` in `directory` without waiting for it.
    static func launch(
        _ arguments: [String], in directory: URL, environment: [String: String?] = [:], timeout: Double = 120
    ) throws -> RunningProcess {
        let binary = try #require(binary, "no 'juice' executable found above \(Bundle.main.bundleURL.path)")
        return try RunningProcess(
            executable: binary, arguments: arguments, directory: directory,
            environment: Self.environment(environment), timeout: timeout)
    }
}

/// A started process whose output is being collected.
final class RunningProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var output = Data()
    private var errors = Data()
    private var pendingEvents = 3  // stdout closed, stderr closed, process ended
    private var timedOut = false
    private var waiters: [CheckedContinuation<ProcessResult, Never>] = []
    private var finished: ProcessResult?

    /// Starts `executable`; stdin is empty unless `standardInput` is given.
    init(
        executable: URL, arguments: [String], directory: URL, environment: [String: String], timeout: Double,
        standardInput: Pipe? = nil
    ) throws {
        let stdout = try Self.privatePipe()
        let stderr = try Self.privatePipe()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardInput = standardInput ?? FileHandle.nullDevice
        process.standardOutput = stdout.write
        process.standardError = stderr.write
        process.terminationHandler = { [weak self] _ in self?.event() }
        defer {
            try? stdout.write.close()
            try? stderr.write.close()
        }
        try process.run()
        // Each pipe is drained on its own thread, so a full pipe never blocks the child.
        Self.drain(stdout.read) { [self] data in
            lock.withLock { output = data }
            event()
        }
        Self.drain(stderr.read) { [self] data in
            lock.withLock { errors = data }
            event()
        }
        let process = self.process
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in
            guard let self, process.isRunning else { return }
            self.lock.withLock { self.timedOut = true }
            kill(process.processIdentifier, SIGKILL)
        }
    }

    /// The process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the process has not ended yet.
    var isRunning: Bool { process.isRunning }

    /// Sends SIGTERM.
    func terminate() {
        if process.isRunning { process.terminate() }
    }

    /// Waits until the process has ended and both pipes are drained.
    func result() async -> ProcessResult {
        await withCheckedContinuation { continuation in
            let ready: ProcessResult? = lock.withLock {
                if let finished { return finished }
                waiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    private func event() {
        let (result, waiting): (ProcessResult?, [CheckedContinuation<ProcessResult, Never>]) = lock.withLock {
            pendingEvents -= 1
            guard pendingEvents == 0 else { return (nil, []) }
            let result = ProcessResult(
                status: process.terminationStatus, exitedNormally: process.terminationReason == .exit,
                timedOut: timedOut, stdout: String(decoding: output, as: UTF8.self),
                stderr: String(decoding: errors, as: UTF8.self))
            finished = result
            defer { waiters = [] }
            return (result, waiters)
        }
        if let result { waiting.forEach { $0.resume(returning: result) } }
    }

    /// A pipe whose ends other children do not inherit (close-on-exec, set
    /// at once): the child gets its end as stdout or stderr, so the end of
    /// the output comes when that child ends, not when some process a
    /// parallel test started meanwhile does (Foundation's `Pipe` leaves its
    /// ends open across `exec`, and Glibc's `pipe2` is not visible to Swift).
    private static func privatePipe() throws -> (read: FileHandle, write: FileHandle) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (
            FileHandle(fileDescriptor: ends[0], closeOnDealloc: true),
            FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        )
    }

    private static func drain(_ handle: FileHandle, then done: @escaping @Sendable (Data) -> Void) {
        let thread = Thread {
            let data = handle.readDataToEndOfFile()
            try? handle.close()
            done(data)
        }
        thread.start()
    }
}
