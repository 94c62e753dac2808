import Foundation
import JuiceMaker

extension StoreRequest {
    /// What stops this store being served as it is, for `GET /healthz`:
    /// its menu or inventory standing invalid (the last valid one served
    /// meanwhile), its files unreadable, or, when it `takesChanges`, no
    /// folder to save its inventory in; `nil` when it is served.
    func healthProblem(takesChanges: Bool) -> HealthReport.Problem? {
        do {
            let (store, menuProblem) = try lastValid.open(address, forChange: false, through: service)
            let stock = try lastValid.readStock(of: store)
            if let problem = LastValidStores.Problem.together(menuProblem, stock.stale) {
                return invalid(since: problem.since)
            }
            return takesChanges ? unsavable() : nil
        } catch {
            guard case .invalidData = error else {
                return HealthReport.Problem(
                    store: name, problem: "unreadable", message: ServerText.storeUnreadable(name).text(language))
            }
            return invalid(since: lastValid.invalidSince(address) ?? Date())
        }
    }

    /// The problem of a store whose inventory's folder is gone or cannot
    /// be written (a change is saved as a new file beside the inventory,
    /// then renamed): every change would be refused.
    private func unsavable() -> HealthReport.Problem? {
        guard let path = address.inventoryPath else { return nil }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard access(folder, W_OK) != 0 else { return nil }
        return HealthReport.Problem(
            store: name, problem: "unsavable", message: ServerText.inventoryUnsavable(name).text(language))
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
