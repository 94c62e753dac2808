import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Work on many items on every core, with the results taken in the items'
/// order on the calling thread, and a bounded number of results held at
/// once: a chain's stores computed in parallel, written in the manifest's
/// order, however many stores there are.
package enum OrderedWork {
    /// The threads that compute: one per core.
    package static var workerCount: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// Runs `produce` for each index in `0..<count` on worker threads, and
    /// `consume` for each result in index order on this thread. At most
    /// `window` results are computed ahead of `consume`; a worker waits
    /// for room before it starts the next index. When `consume` returns
    /// `false`, no further index is started and no further result taken.
    package static func run<Result: Sendable>(
        count: Int, window: Int = 4 * workerCount, _ produce: @escaping @Sendable (Int) -> Result,
        consume: (Int, Result) -> Bool
    ) {
        guard count > 0 else { return }
        let window = max(1, min(window, count))
        let shared = Shared<Result>(window: window)
        let group = DispatchGroup()
        let workers = min(workerCount, count)
        for _ in 0..<workers {
            DispatchQueue.global().async(group: group) {
                while let index = shared.nextIndex(below: count) {
                    shared.deposit(produce(index), at: index)
                }
            }
        }
        for index in 0..<count {
            let result = shared.take(index)
            guard consume(index, result) else {
                shared.stop(workers: workers)
                break
            }
        }
        group.wait()
    }

    /// What the workers and the consumer share: the next index, a ring of
    /// `window` result slots, and the semaphores that order them.
    private final class Shared<Result: Sendable>: Sendable {
        private struct State {
            var next = 0
            var stopped = false
            var slots: [Result?]
        }

        private let window: Int
        private let state: Mutex<State>
        /// Free slots: a worker takes one before it starts an index, the
        /// consumer gives it back once the result is taken.
        private let room = DispatchSemaphore(value: 0)
        /// Slot `i % window` is filled: signalled by the worker of index `i`.
        private let filled: [DispatchSemaphore]

        init(window: Int) {
            self.window = window
            state = Mutex(State(slots: Array(repeating: nil, count: window)))
            filled = (0..<window).map { _ in DispatchSemaphore(value: 0) }
            // Created empty and filled by hand: a semaphore freed below the
            // value it was created with is a crash in Dispatch, and a run
            // stopped early leaves permits taken.
            for _ in 0..<window { room.signal() }
        }

        /// The next index to compute, once there is room for its result;
        /// `nil` when every index is taken or the run has stopped.
        func nextIndex(below count: Int) -> Int? {
            room.wait()
            let index: Int? = state.withLock { state in
                guard !state.stopped, state.next < count else { return nil }
                state.next += 1
                return state.next - 1
            }
            // Leaving: the permit goes back for the other workers to leave too.
            if index == nil { room.signal() }
            return index
        }

        func deposit(_ result: Result, at index: Int) {
            state.withLock { $0.slots[index % window] = result }
            filled[index % window].signal()
        }

        /// Waits for the result of `index`, takes it and frees its slot.
        func take(_ index: Int) -> Result {
            filled[index % window].wait()
            let result = state.withLock { state in
                defer { state.slots[index % window] = nil }
                return state.slots[index % window]
            }
            room.signal()
            // Deposited before `filled` was signalled.
            return result!
        }

        /// Starts no further index, and wakes every worker waiting for room.
        func stop(workers: Int) {
            state.withLock { $0.stopped = true }
            for _ in 0..<workers { room.signal() }
        }
    }
}
