import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Many `juice` processes on one inventory at once: no update is lost, and a
/// held lock makes a change wait, then give up with 75.
@Suite struct ConcurrencyTests {
    @Test func twentyFourConcurrentMakesAllCount() async throws {
        try await Sandbox.with { sandbox in
            #expect(try await sandbox.juice("adjust", "banana=100").exitCode == 0)
            let results = try await Self.launchAll(24, ["make", "banana"], in: sandbox)
            #expect(results.map(\.exitCode) == Array(repeating: 0, count: 24), "stderr: \(results.map(\.stderr))")
            #expect(try sandbox.stock() == originalStock(["banana": 100 - 24 * 2]))
        }
    }

    @Test func whenStockAllowsOnlySomeMakesExactlyTheSuccessfulOnesAreReflected() async throws {
        try await Sandbox.with { sandbox in
            // 21 bananas: room for 10 servings of 2, one banana left.
            #expect(try await sandbox.juice("adjust", "banana=21").exitCode == 0)
            let results = try await Self.launchAll(24, ["make", "banana"], in: sandbox)
            let made = results.filter { $0.exitCode == 0 }.count
            let refused = results.filter { $0.exitCode == 1 }.count
            #expect(made == 10)
            #expect(refused == 14)
            #expect(try sandbox.stock() == originalStock(["banana": 21 - 2 * made]))
            #expect(results.filter { $0.exitCode == 1 }.allSatisfy { $0.stderr.contains("juice adjust banana=+1") })
        }
    }

    @Test func concurrentAdjustsOfDifferentKindsAllCount() async throws {
        try await Sandbox.with { sandbox in
            #expect(try await sandbox.juice("adjust", "mango=12").exitCode == 0)
            let adds = try (0..<12).map { _ in try JuiceProcess.launch(["adjust", "kiwi=+3"], in: sandbox.url) }
            let removes = try (0..<12).map { _ in
                try JuiceProcess.launch(["adjust", "mango=-1", "kiwi=-1"], in: sandbox.url)
            }
            var codes: [Int32?] = []
            for process in adds + removes { codes.append(await process.result().exitCode) }
            #expect(codes == Array(repeating: 0, count: 24))
            #expect(try sandbox.stock() == originalStock(["kiwi": 10 + 12 * 3 - 12, "mango": 0]))
        }
    }

    @Test func aHeldLockMakesMakeGiveUpWith75AndChangeNothing() async throws {
        try await Sandbox.with { sandbox in
            #expect(try await sandbox.juice("adjust", "banana=7").exitCode == 0)
            let before = sandbox.read("inventory.yaml")
            let holder = try await LockHolder(lockFile: sandbox.file("inventory.yaml.lock"), in: sandbox.url)
            defer { holder.release() }

            let text = try await sandbox.juice("make", "banana", environment: ["JUICE_LOCK_TIMEOUT": "0.3"])
            #expect(text.exitCode == 75)
            #expect(text.stdout == "")
            #expect(text.stderr.contains("inventory.yaml.lock"), "stderr: \(text.stderr)")

            let result = try await sandbox.juice(
                "adjust", "banana=+1", "--format", "json", environment: ["JUICE_LOCK_TIMEOUT": "0.3"])
            #expect(result.exitCode == 75)
            #expect(result.stderr == "")
            #expect(try result.json()["ok"] == false)
            #expect(try result.json()["error"] == "locked")
            #expect(sandbox.read("inventory.yaml") == before)
        }
    }

    /// Takes 10 s: the default wait, which an unusable JUICE_LOCK_TIMEOUT
    /// (here `nan`, which would otherwise read as no wait at all) leaves as it is.
    @Test func anUnusableLockTimeoutIsIgnoredAndTheDefaultWaitIsTenSeconds() async throws {
        try await Sandbox.with { sandbox in
            let holder = try await LockHolder(lockFile: sandbox.file("inventory.yaml.lock"), in: sandbox.url)
            defer { holder.release() }
            let start = ContinuousClock.now
            let result = try await sandbox.juice("adjust", "banana=+1", environment: ["JUICE_LOCK_TIMEOUT": "nan"])
            let waited = ContinuousClock.now - start
            #expect(result.exitCode == 75)
            #expect(
                result.stderr
                    == Sandbox.builtinNote + Sandbox.absentNote()
                    + "note: waiting for inventory.yaml.lock, held by another process...\n"
                    + "error: inventory.yaml.lock: still locked by another process after 10 s; try again\n")
            #expect(waited >= .seconds(10))
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    @Test func aChangeWaitsForALockThatIsReleasedInTime() async throws {
        try await Sandbox.with { sandbox in
            let holder = try await LockHolder(lockFile: sandbox.file("inventory.yaml.lock"), in: sandbox.url)
            defer { holder.release() }
            // A long bound: the release below comes after this test gets a
            // thread again, which a busy run can delay by many seconds.
            let make = try JuiceProcess.launch(
                ["make", "banana"], in: sandbox.url, environment: ["JUICE_LOCK_TIMEOUT": "300"], timeout: 400)
            try await Task.sleep(for: .milliseconds(500))
            // However late this runs, the holder has held the lock all along:
            // only its release ends it.
            try #require(holder.isHolding, "the lock holder ended on its own")
            #expect(!sandbox.exists("inventory.yaml"), "make did not wait for the lock")
            holder.release()
            let result = await make.result()
            #expect(result.exitCode == 0, "\(result.stderr) (timed out: \(result.timedOut))")
            #expect(try sandbox.stock() == originalStock(["banana": 8]))
        }
    }

    /// Starts `count` identical processes, then waits for them all.
    static func launchAll(_ count: Int, _ arguments: [String], in sandbox: Sandbox) async throws -> [ProcessResult] {
        let processes = try (0..<count).map { _ in try JuiceProcess.launch(arguments, in: sandbox.url) }
        var results: [ProcessResult] = []
        for process in processes { results.append(await process.result()) }
        return results
    }
}

/// Another process (python3) that holds an exclusive `flock` on a file until
/// its stdin is closed or it is killed; nothing else ends it, so a test may
/// take as long as a busy machine makes it.
final class LockHolder: Sendable {
    private let process: RunningProcess
    private let input: FileHandle

    /// The holder ended before it took the lock.
    struct NotHeld: Error {
        var stderr: String
    }

    /// Starts the holder and returns once the lock is taken, however long
    /// python takes to start.
    ///
    /// - Throws: ``NotHeld`` when the holder ends without taking it.
    init(lockFile: URL, in directory: URL) async throws {
        let script = """
            import fcntl, sys
            f = open(sys.argv[1], "a")
            fcntl.flock(f, fcntl.LOCK_EX)
            print("locked", flush=True)
            sys.stdin.read()
            """
        let stdin = Pipe()
        process = try RunningProcess(
            executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", "-c", script, lockFile.path],
            directory: directory, environment: ProcessInfo.processInfo.environment,
            // Only against a test that never releases it: a deadline that
            // passed mid-test would let the lock go while the test relies on it.
            timeout: 3600, standardInput: stdin)
        input = stdin.fileHandleForWriting
        // Wait until the lock is really held: a non-blocking flock of our own fails.
        while Self.isFree(lockFile) {
            guard process.isRunning else {
                release()
                throw NotHeld(stderr: await process.result().stderr)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Whether the holder still runs, and so still holds the lock it took.
    var isHolding: Bool { process.isRunning }

    /// Ends the holder, which releases the lock. Closing its stdin is not
    /// enough: a process another test starts meanwhile may inherit the
    /// pipe's write end and keep it open, so the holder is also killed.
    /// A second call does nothing.
    func release() {
        try? input.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Whether nobody holds the lock: tries to take it without waiting and
    /// gives it back at once.
    private static func isFree(_ file: URL) -> Bool {
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        flock(descriptor, LOCK_UN)
        return true
    }
}
