import Synchronization

/// The imports whose exports may be held in memory at once, over every
/// store: each export is read whole (up to the import limit, 8 MiB) before
/// it is booked, so that many at once cannot take the server's memory
/// (SPEC 12: it answers 503 and goes on). Past the bound, an import is
/// answered 503 `busy` before its body is read.
final class ImportPlaces: Sendable {
    /// The most imports held at once.
    let limit: Int
    private let taken = Mutex(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a place; `false` when none is free.
    func take() -> Bool {
        taken.withLock { taken in
            guard taken < limit else { return false }
            taken += 1
            return true
        }
    }

    /// Gives back a place taken.
    func give() {
        taken.withLock { $0 -= 1 }
    }
}
