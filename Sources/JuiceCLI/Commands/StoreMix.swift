import Dispatch
import JuiceMaker
import JuiceMix
import Synchronization

/// One store's answer to `juice mix --stores`: its mix, or the shortfall
/// of minimums its stock cannot meet, or the diagnostics that kept it from
/// being mixed.
struct StoreMix: Sendable {
    /// The store's menu and stock, as read.
    var snapshot: StoreSnapshot
    /// The best mix; `nil` when the store could not be mixed.
    var mix: Mix?
    /// What the stock lacks to meet `--min`; empty otherwise.
    var shortages: [Shortage] = []
    /// The store's own diagnostics, and an error for each bound its menu
    /// does not fit.
    var diagnostics: [Diagnostic]

    /// The best mix of every store, each its own model: the stores are
    /// prepared and answered in parallel, and their solves take turns (see
    /// ``JuiceMix``'s notes on CBC and threads).
    static func mixes(_ snapshots: [StoreSnapshot], bounds: MixBounds, request: MixRequest) -> [StoreMix] {
        let results = Mutex([StoreMix?](repeating: nil, count: snapshots.count))
        DispatchQueue.concurrentPerform(iterations: snapshots.count) { index in
            let answer = mix(snapshots[index], bounds: bounds, request: request)
            results.withLock { $0[index] = answer }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    private static func mix(_ snapshot: StoreSnapshot, bounds: MixBounds, request: MixRequest) -> StoreMix {
        var answer = StoreMix(snapshot: snapshot, diagnostics: snapshot.diagnostics)
        guard let menu = snapshot.menu, let inventory = snapshot.inventory else { return answer }
        let text = Output.catalogue
        let store = snapshot.store
        let storeRequest: MixRequest
        do {
            storeRequest = try bounds.request(for: menu, request)
        } catch {
            answer.diagnostics.append(
                .error(.unknownRecipe, Message(.inStore, "\(store.name)", "\(error.message)"), at: store.location))
            return answer
        }
        do {
            answer.mix = try menu.bestMix(from: inventory, storeRequest)
        } catch {
            if case .insufficient(let shortages) = error {
                answer.shortages = shortages
            } else {
                let code: DiagnosticCode = if case .missingPrice = error { .missingKey } else { .limit }
                let message = Message(.inStore, "\(store.name)", "\(text.describe(error) ?? "")")
                answer.diagnostics.append(.error(code, message, at: store.location))
            }
        }
        return answer
    }
}
