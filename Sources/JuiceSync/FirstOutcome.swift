import Synchronization

/// A continuation resumed by the first of several racers (the work, its
/// timer), once; the others' outcomes are dropped.
final class FirstOutcome<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var result: Result<T, any Error>?
        var isResumed = false
        var whenResumed: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    /// The continuation to resume; resumed at once if an outcome came first.
    func wait(_ continuation: CheckedContinuation<T, any Error>) {
        let early = state.withLock { state -> Result<T, any Error>? in
            guard let result = state.result else {
                state.continuation = continuation
                return nil
            }
            return result
        }
        if let early { continuation.resume(with: early) }
    }

    /// Runs `action` once an outcome is in (at once if it is already).
    func onResume(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.isResumed { return true }
            state.whenResumed.append(action)
            return false
        }
        if now { action() }
    }

    /// Gives `result` as the outcome if none came before.
    ///
    /// - Returns: whether it was the first.
    @discardableResult
    func resume(with result: Result<T, any Error>) -> Bool {
        let taken = state.withLock { state -> (CheckedContinuation<T, any Error>?, [@Sendable () -> Void])? in
            guard !state.isResumed else { return nil }
            state.isResumed = true
            state.result = result
            defer {
                state.continuation = nil
                state.whenResumed = []
            }
            return (state.continuation, state.whenResumed)
        }
        guard let (continuation, actions) = taken else { return false }
        continuation?.resume(with: result)
        for action in actions { action() }
        return true
    }
}
