import Synchronization
import TestSupport
import Testing

/// The slots that keep a full run's processes few (``TestSlots``).
@Suite(.timeLimit(.minutes(1))) struct TestSlotsTests {
    @Test func atMostTheSlotsRunAtOnceAndEveryBodyRuns() async {
        let slots = TestSlots(2)
        let counts = Counts()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    await slots.run {
                        counts.state.withLock {
                            $0.running += 1
                            $0.most = max($0.most, $0.running)
                        }
                        try? await Task.sleep(for: .milliseconds(50))
                        counts.state.withLock {
                            $0.running -= 1
                            $0.done += 1
                        }
                    }
                }
            }
        }
        let (running, most, done) = counts.state.withLock { $0 }
        #expect(running == 0)
        #expect(most == 2)
        #expect(done == 10)
    }

    /// The bodies running, the most at once, and those done.
    private final class Counts: Sendable {
        let state = Mutex((running: 0, most: 0, done: 0))
    }

    /// A slot taken inside one held (a fixture's, then a process run in
    /// it) is no other: with one slot, waiting for a second would hang.
    @Test func aSlotTakenInsideOneHeldIsTheSame() async {
        let slots = TestSlots(1)
        let answer = await slots.run { await slots.run { 42 } }
        #expect(answer == 42)
    }
}
