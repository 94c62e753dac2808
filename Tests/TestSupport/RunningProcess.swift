import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A started process whose output is being collected.
package final class RunningProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var output = Data()
    private var errors = Data()
    private var pendingEvents = 3  // stdout closed, stderr closed, process ended
    private var timedOut = false
    private var waiters: [CheckedContinuation<ProcessResult, Never>] = []
    private var finished: ProcessResult?

    /// Starts `executable`; stdin is empty unless `standardInput` is given.
    package init(
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

    /// Runs `executable` to its end, in one of ``TestSlots``: its
    /// result.
    package static func run(
        executable: URL, arguments: [String], directory: URL, environment: [String: String], timeout: Double
    ) async throws -> ProcessResult {
        try await TestSlots.shared.run {
            try await RunningProcess(
                executable: executable, arguments: arguments, directory: directory, environment: environment,
                timeout: timeout
            ).result()
        }
    }

    /// The process id.
    package var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the process has not ended yet.
    package var isRunning: Bool { process.isRunning }

    /// Sends SIGTERM.
    package func terminate() {
        if process.isRunning { process.terminate() }
    }

    /// Waits until the process has ended and both pipes are drained.
    package func result() async -> ProcessResult {
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
