import Foundation
import JuiceMaker

extension StoreRequest {
    /// What stops this store being served as it is, for `GET /healthz`:
    /// its menu or inventory standing invalid (the last valid one served
    /// meanwhile), or its files unreadable; `nil` when it is served.
    func healthProblem() -> HealthReport.Problem? {
        do {
            let (store, menuProblem) = try lastValid.open(address, forChange: false, through: service)
            let stock = try lastValid.readStock(of: store)
            guard let problem = LastValidStores.Problem.together(menuProblem, stock.stale) else { return nil }
            return invalid(since: problem.since)
        } catch {
            guard case .invalidData = error else {
                return HealthReport.Problem(
                    store: name, problem: "unreadable", message: ServerText.storeUnreadable(name).text(language))
            }
            return invalid(since: lastValid.invalidSince(address) ?? Date())
        }
    }

    private func invalid(since: Date) -> HealthReport.Problem {
        HealthReport.Problem(
            store: name, problem: "invalid", message: ServerText.storeInvalid(name, since: since).text(language))
    }

    /// The id of the store's last journal entry (0 for none); `nil` when
    /// the journal cannot be read.
    func lastEntry() -> Int? {
        guard let (store, _) = try? lastValid.open(address, forChange: false, through: service),
            var page = try? store.journalPage(limit: 1)
        else { return nil }
        return (try? page.entries(upTo: 1))?.first?.id ?? 0
    }
}
