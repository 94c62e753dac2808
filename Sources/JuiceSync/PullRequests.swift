import Synchronization

/// What the head office's copy is asked to pull next: the stores pushes
/// named, or every store, gathered while a pull runs so that a burst of
/// pushes is one pull; and whether a ``ChangeListener`` is listening (while
/// it is not, nothing says what moved, and every look pulls every store).
/// Each request wakes the one waiting on ``signals``.
final class PullRequests: Sendable {
    /// What was asked since the last ``take()``.
    struct Taken: Equatable {
        /// The stores named.
        var names: Set<String> = []
        /// Whether every store is to be pulled: the listener (re)started or
        /// stopped, so that what it missed meanwhile is pulled.
        var everything = false
        /// Whether the listener is listening now.
        var isListening = false
    }

    private let state = Mutex(Taken())
    private let continuation: AsyncStream<Void>.Continuation
    /// One element after any number of requests: a look is due.
    let signals: AsyncStream<Void>

    /// Nothing asked, and no listener yet.
    init() {
        (signals, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Asks for the store `name`.
    func add(_ name: String) {
        state.withLock { _ = $0.names.insert(name) }
        continuation.yield()
    }

    /// The listener started listening, or stopped: every store is asked for.
    func listening(_ isListening: Bool) {
        state.withLock {
            $0.isListening = isListening
            $0.everything = true
        }
        continuation.yield()
    }

    /// Asks for a look without naming a store (time for a check).
    func tick() {
        continuation.yield()
    }

    /// What was asked, forgotten here (the listener's state kept).
    func take() -> Taken {
        state.withLock { state in
            defer {
                state.names = []
                state.everything = false
            }
            return state
        }
    }
}
