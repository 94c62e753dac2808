import Foundation
import JuiceMaker

/// Runs the stores' file work (a lock that may wait for seconds, reads,
/// `fsync`) on threads of its own, so that it never holds an event loop or
/// the cooperative pool, and so that a store whose lock another process
/// holds delays only that store's requests.
///
/// The design:
/// - Each store has a line of its own: its changes run one at a time, in
///   the order they came (a change waits for the inventory's lock, and two
///   changes of one store would only wait for each other there); its reads
///   (reports, menus, the journal) take no lock and run beside its change,
///   at most ``Limits/readsPerStore`` at once.
/// - Every store's work shares one pool of at most ``Limits/threads``
///   threads (the bound on the whole server), started when fewer are free
///   than stores have work ready, ended after 30 s without work. The
///   stores with work ready are served round-robin, so a store whose
///   change waits for a lock holds one thread, and the others go on with
///   the rest.
/// - A store's line holds at most ``Limits/pendingPerStore`` requests
///   waiting; past it a request is refused at once (503 `busy`). A request
///   that has waited in its line longer than its deadline (the lock's
///   wait: behind a change that waits for a held lock, say) is refused
///   without running, so that no answer waits much longer than the lock's
///   wait, however many requests queued behind it.
///
/// Not `DispatchQueue.global()`: its pool grows by a thread a second while
/// work waits, and on Linux its monitor opens `/proc/self/task/TID/stat`
/// for each of its threads every second while work is queued, and stops
/// the process when that `open` fails for lack of file descriptors.
final class StoreQueue: @unchecked Sendable {
    /// How much work may run and wait.
    struct Limits: Sendable {
        /// The threads of the whole server.
        var threads = 16
        /// The reads of one store that run at once.
        var readsPerStore = 4
        /// The requests of one store that may wait for a thread.
        var pendingPerStore = 256
    }

    /// What a piece of work does to its store.
    enum Kind: Sendable {
        /// Reads only: runs beside other reads and the store's change.
        case read
        /// Changes the stock: one at a time per store.
        case change
    }

    /// Why work was not run.
    enum Refusal: Error, Sendable {
        /// The store's line was full.
        case full
        /// The work waited in its line past its deadline.
        case waitedTooLong
    }

    private struct Job {
        let deadline: ContinuousClock.Instant
        /// Runs the work, or refuses it when its argument says why.
        let run: (Refusal?) -> Void
    }

    /// One store's line.
    private struct Line {
        var changes: [Job] = []
        var reads: [Job] = []
        var changing = false
        var readsRunning = 0
        /// Whether the store is in ``State/ready``.
        var isReady = false

        var pending: Int { changes.count + reads.count }
        var isIdle: Bool { pending == 0 && !changing && readsRunning == 0 }

        func hasRunnable(readsPerStore: Int) -> Bool {
            (!changes.isEmpty && !changing) || (!reads.isEmpty && readsRunning < readsPerStore)
        }
    }

    private struct State {
        var lines: [StoreAddress: Line] = [:]
        /// The stores with work that may start, in the order they are served.
        var ready: [StoreAddress] = []
        var threads = 0
        /// The threads running a job now.
        var running = 0
    }

    /// How long a thread waits for work before it ends, in seconds.
    static let idleLifetime = 30.0

    let limits: Limits
    private let condition = NSCondition()
    private var state = State()

    init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Runs `work` for store `store` on the store's line and answers with
    /// its result.
    ///
    /// - Parameters:
    ///   - maximumWait: how long the work may wait for its turn.
    /// - Throws: ``Refusal`` when the work was not run.
    func run<Value: Sendable>(
        store: StoreAddress, _ kind: Kind, maximumWait: Duration, _ work: @escaping @Sendable () -> Value
    ) async throws(Refusal) -> Value {
        let result: Result<Value, Refusal> = await withCheckedContinuation { continuation in
            let job = Job(deadline: .now + maximumWait) { refusal in
                if let refusal {
                    continuation.resume(returning: .failure(refusal))
                } else {
                    continuation.resume(returning: .success(work()))
                }
            }
            if !enqueue(job, kind, store: store) { job.run(.full) }
        }
        return try result.get()
    }

    /// Runs `work` for store `store` and answers with its result; a
    /// refusal is a 503 `busy` in `language`.
    func run<Value: Sendable>(
        store: StoreAddress, _ kind: Kind, maximumWait: Duration, language: String,
        _ work: @escaping @Sendable () throws(APIFailure) -> Value
    ) async throws(APIFailure) -> Value {
        let result: Result<Value, APIFailure>
        do {
            result = try await run(store: store, kind, maximumWait: maximumWait) {
                Result { () throws(APIFailure) -> Value in try work() }
            }
        } catch {
            throw .busy(ServerText.storeBusy.text(language))
        }
        return try result.get()
    }

    /// How many jobs wait for their turn in `store`'s line.
    func waiting(in store: StoreAddress) -> Int {
        condition.lock()
        defer { condition.unlock() }
        return state.lines[store]?.pending ?? 0
    }

    /// Queues `job`; `false` when the store's line is full.
    private func enqueue(_ job: Job, _ kind: Kind, store: StoreAddress) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        var line = state.lines[store] ?? Line()
        guard line.pending < limits.pendingPerStore else { return false }
        switch kind {
        case .read: line.reads.append(job)
        case .change: line.changes.append(job)
        }
        state.lines[store] = line
        markReadyIfRunnable(store)
        // A thread free for every store with work ready, up to the bound:
        // a store waiting for a lock must not hold up another's turn.
        while state.threads - state.running < state.ready.count, state.threads < limits.threads {
            state.threads += 1
            let thread = Thread { [self] in work() }
            thread.name = "juice-store-\(state.threads)"
            thread.start()
        }
        condition.signal()
        return true
    }

    /// Puts `store` in the ready list when it has work that may start and
    /// is not there yet. Called with the lock held.
    private func markReadyIfRunnable(_ store: StoreAddress) {
        guard var line = state.lines[store] else { return }
        if line.isIdle {
            state.lines[store] = nil
            return
        }
        if !line.isReady, line.hasRunnable(readsPerStore: limits.readsPerStore) {
            line.isReady = true
            state.ready.append(store)
        }
        state.lines[store] = line
    }

    /// A thread of the pool: takes the next store's next job, runs it,
    /// and again; it ends after ``idleLifetime`` without work.
    private func work() {
        condition.lock()
        while true {
            while state.ready.isEmpty {
                if !condition.wait(until: Date(timeIntervalSinceNow: Self.idleLifetime)), state.ready.isEmpty {
                    state.threads -= 1
                    condition.unlock()
                    return
                }
            }
            let store = state.ready.removeFirst()
            guard var line = state.lines[store] else { continue }
            line.isReady = false
            let kind: Kind
            let job: Job
            if !line.changes.isEmpty, !line.changing {
                (kind, job) = (.change, line.changes.removeFirst())
                line.changing = true
            } else {
                (kind, job) = (.read, line.reads.removeFirst())
                line.readsRunning += 1
            }
            state.lines[store] = line
            state.running += 1
            // Served in turn: the store goes to the back of the list.
            markReadyIfRunnable(store)
            if !state.ready.isEmpty { condition.signal() }
            condition.unlock()

            job.run(ContinuousClock.now > job.deadline ? .waitedTooLong : nil)

            condition.lock()
            state.running -= 1
            switch kind {
            case .change: state.lines[store]?.changing = false
            case .read: state.lines[store]?.readsRunning -= 1
            }
            markReadyIfRunnable(store)
        }
    }
}
