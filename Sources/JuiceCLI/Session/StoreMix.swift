import JuiceMaker
import JuiceMix
import JuicePresentation

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

    /// The best mix of one store, its own model. Safe on any thread: a
    /// chain's stores are prepared and answered in parallel (see
    /// ``Chain/forEachStore(languagesWanted:_:consume:)``), and their solves
    /// take turns (see ``JuiceMix``'s notes on CBC and threads).
    static func mix(_ snapshot: StoreSnapshot, bounds: MixBounds, request: MixRequest) -> StoreMix {
        var answer = StoreMix(snapshot: snapshot, diagnostics: snapshot.diagnostics)
        guard let menu = snapshot.menu, let inventory = snapshot.inventory else { return answer }
        let text = Output.catalogue
        let store = snapshot.store
        var storeRequest: MixRequest
        do {
            storeRequest = try bounds.request(for: menu, request)
            storeRequest.today = JournalTime.now.businessDate(dayStart: snapshot.dayStart)
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
