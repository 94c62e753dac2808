import Foundation
import JuiceMaker
import JuiceWords
import Synchronization

extension ChainCopy {
    /// Keeps the copy up to the database until the task is cancelled,
    /// giving `update` each pull: the head office's server
    /// (`juice-server --central`) keeps its copy so. A ``ChangeListener``
    /// hears each store a push changes, and only those stores are pulled
    /// (within a second or so of the push); every store is pulled when the
    /// listener starts or stops listening, every `interval` while it is
    /// not, when the manifest or a menu file changed (looked at every
    /// `interval`), and every `safetyPoll` whatever happens, so that a lost
    /// notification leaves the copy behind that long at most. A warning is
    /// said once while it lasts, not at every pull; when a whole pull goes
    /// well again after one that did not, that is said too.
    public func follow(
        every interval: Duration = .seconds(1), safetyPoll: Duration = .seconds(60),
        _ update: @escaping @Sendable (Pulled) -> Void
    ) async {
        let warnings = WarningsSaidOnce(warn)
        var copy = self
        copy.warn = { warnings.say($0) }
        let requests = PullRequests()
        let listener = ChangeListener(database: database, timeout: queryTimeout, retry: interval, requests: requests)
        await withDiscardingTaskGroup { group in
            group.addTask { await listener.run() }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    requests.tick()
                }
            }
            var lastWhole = ContinuousClock.now
            // A pull that wrote nothing (the database away, the folder
            // busy): every store at the next look, a second later.
            var isWholeOwed = false
            for await _ in requests.signals {
                let taken = requests.take()
                let isWhole =
                    taken.everything || isWholeOwed || !taken.isListening || copy.menusMoved
                    || ContinuousClock.now - lastWhole >= safetyPoll
                if !isWhole, taken.names.isEmpty { continue }
                if isWhole { lastWhole = .now }
                let pulled = await copy.pull(only: isWhole ? nil : taken.names)
                if Task.isCancelled { break }
                isWholeOwed = pulled.outcome != .done && pulled.outcome != .storesStopped
                update(pulled)
                if pulled.isWhole, pulled.outcome == .done {
                    warnings.clear(saying: SyncWord.copyUpToDateAgain.text(language))
                }
            }
            group.cancelAll()
        }
    }
}

/// Warnings of a loop, each said once until the loop goes well again.
private final class WarningsSaidOnce: Sendable {
    private let warn: @Sendable (String) -> Void
    private let said = Mutex<Set<String>>([])

    init(_ warn: @escaping @Sendable (String) -> Void) {
        self.warn = warn
    }

    /// Says `warning` unless it was said since the last ``clear(saying:)``.
    func say(_ warning: String) {
        if said.withLock({ $0.insert(warning).inserted }) { warn(warning) }
    }

    /// Forgets what was said; if anything was, says `line`.
    func clear(saying line: String) {
        if said.withLock({ said in
            defer { said = [] }
            return !said.isEmpty
        }) {
            warn(line)
        }
    }
}
