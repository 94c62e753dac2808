import Foundation
import JuiceMaker
import JuiceWords
import Synchronization

extension ChainCopy {
    /// Pulls again every `interval` until the task is cancelled, giving
    /// `update` each pull: the head office's server
    /// (`juice-server --central`) keeps its copy so. A warning is said once
    /// while it lasts, not at every pull; when a pull is whole again after
    /// one that was not, that is said too.
    public func follow(
        every interval: Duration = .seconds(1), _ update: @escaping @Sendable (Pulled) -> Void
    ) async {
        let warnings = WarningsSaidOnce(warn)
        var copy = self
        copy.warn = { warnings.say($0) }
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            if Task.isCancelled { break }
            let pulled = await copy.pull()
            update(pulled)
            if pulled.outcome == .done { warnings.clear(saying: SyncWord.copyUpToDateAgain.text(language)) }
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
