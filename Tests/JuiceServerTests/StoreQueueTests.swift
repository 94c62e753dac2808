import Foundation
import JuiceMaker
import Testing

@testable import JuiceServer

/// The stores' executor on its own: a store whose work blocks holds up
/// only its own line, and a full line refuses at once.
@Suite struct StoreQueueTests {
    static let gangnam = StoreAddress(name: "gangnam", menuPath: nil, inventoryPath: "gangnam.yaml")
    static let hongdae = StoreAddress(name: "hongdae", menuPath: nil, inventoryPath: "hongdae.yaml")

    /// A gate that blocked work waits at until it is opened.
    final class Gate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        func wait() { semaphore.wait() }
        func open(_ count: Int) { for _ in 0..<count { semaphore.signal() } }
    }

    @Test func aBlockedStoreHoldsUpOnlyItsOwnLine() async throws {
        let executor = StoreQueue(limits: .init(threads: 4))
        let gate = Gate()
        let blocked = (0..<8).map { _ in
            Task { try await executor.run(store: Self.gangnam, .change, maximumWait: .seconds(600)) { gate.wait() } }
        }
        try await Task.sleep(for: .milliseconds(200))
        // Every store's reads and changes go on while gangnam's first
        // change blocks and the others wait behind it.
        for kind in [StoreQueue.Kind.read, .change, .read] {
            let answer = try await executor.run(store: Self.hongdae, kind, maximumWait: .seconds(600)) { "done" }
            #expect(answer == "done")
        }
        gate.open(8)
        for task in blocked { try await task.value }
    }

    @Test func aFullLineIsRefusedAtOnce() async throws {
        let executor = StoreQueue(limits: .init(threads: 2, pendingPerStore: 2))
        let started = Gate()
        let gate = Gate()
        let running = Task {
            try await executor.run(store: Self.gangnam, .change, maximumWait: .seconds(600)) {
                started.open(1)
                gate.wait()
            }
        }
        await Task.detached { started.wait() }.value
        let waiting = (0..<2).map { _ in
            Task { try await executor.run(store: Self.gangnam, .change, maximumWait: .seconds(600)) { gate.wait() } }
        }
        while executor.waiting(in: Self.gangnam) < 2 { try await Task.sleep(for: .milliseconds(10)) }
        await #expect(throws: StoreQueue.Refusal.full) {
            try await executor.run(store: Self.gangnam, .change, maximumWait: .seconds(600)) {}
        }
        gate.open(3)
        try await running.value
        for task in waiting { try await task.value }
    }

    @Test func workThatWaitedPastItsDeadlineIsRefusedWithoutRunning() async throws {
        let executor = StoreQueue(limits: .init(threads: 2))
        let started = Gate()
        let gate = Gate()
        let running = Task {
            try await executor.run(store: Self.gangnam, .change, maximumWait: .seconds(600)) {
                started.open(1)
                gate.wait()
            }
        }
        // Steps that wait for what they need, not for a time: on a loaded
        // machine a task may start long after it was made.
        await Task.detached { started.wait() }.value
        let late = Task {
            try await executor.run(store: Self.gangnam, .change, maximumWait: .milliseconds(100)) {
                Issue.record("work past its deadline ran")
            }
        }
        while executor.waiting(in: Self.gangnam) == 0 { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(300))
        gate.open(1)
        try await running.value
        await #expect(throws: StoreQueue.Refusal.waitedTooLong) { try await late.value }
    }
}
