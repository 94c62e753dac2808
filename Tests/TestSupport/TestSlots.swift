import Foundation
import Synchronization

/// The tests that start processes or servers, run a few at a time.
///
/// Swift Testing starts every test at once, and a test that waits for a
/// process gives its thread to the next one: unchecked, a full run had over
/// a hundred `juice` processes and a hundred PostgreSQL backends on two
/// cores (a load of 70 to 80), and tests that time a server, in this
/// process and out of it, saw no answer for minutes. A test takes a slot
/// for its whole body (in the fixtures that start processes or servers),
/// or else for each process it runs to its end, so that what it times,
/// and what it runs at once, is as when it runs alone; a slot taken inside
/// one is no other. A task-local value says that a test holds one, so a
/// detached task (which does not inherit it) that runs a process to its
/// end waits for a slot of its own: a test must not wait for such a task
/// while it holds its slot.
package final class TestSlots: Sendable {
    /// The slots every test shares: four a processor.
    package static let shared = TestSlots(ProcessInfo.processInfo.activeProcessorCount * 4)

    /// Whether the running task's test holds a slot already.
    @TaskLocal private static var isHeld = false

    /// The slots free, and the tests waiting for one, first come first.
    private let state: Mutex<(free: Int, waiting: [CheckedContinuation<Void, Never>])>

    package init(_ count: Int) {
        state = Mutex((max(1, count), []))
    }

    /// Runs `body` in a slot: at once when the test holds one, else when
    /// one is free.
    package func run<T>(_ body: () async throws -> T) async rethrows -> T {
        if Self.isHeld { return try await body() }
        await take()
        defer { give() }
        return try await Self.$isHeld.withValue(true) { try await body() }
    }

    private func take() async {
        await withCheckedContinuation { continuation in
            let isFree = state.withLock { state in
                guard state.free > 0 else {
                    state.waiting.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if isFree { continuation.resume() }
        }
    }

    /// Hands the slot to the first test waiting, or frees it.
    private func give() {
        let next: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
