import Synchronization

/// A count that closures running anywhere (a seam's hook, threads) can
/// raise and read: how often something happened, or, above 0, a signal.
package final class SharedCount: Sendable {
    private let count = Mutex(0)

    package init() {}

    /// Adds one, and answers with the count then.
    @discardableResult
    package func increment() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }

    /// The count now.
    package var value: Int { count.withLock { $0 } }
}
