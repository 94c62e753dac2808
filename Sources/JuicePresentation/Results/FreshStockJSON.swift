import JuiceMaker

/// What a report says of a stock kept in dated lots (SPEC 18), beside its
/// `inventory`: per fruit, the fruit expired and expiring (best before
/// today or tomorrow), and the lots of each fruit that has a dated lot.
package struct FreshStockJSON: Sendable {
    /// Each fruit with expired lots, and how many fruits they hold.
    let expired: [String: Int]
    /// Each fruit with lots best before today or tomorrow, and how many.
    let expiring: [String: Int]
    /// The lots of each fruit that has a dated lot, used first to last.
    let lots: [String: [LotJSON]]

    /// What `inventory` holds expired, expiring and in lots on `today`;
    /// `nil` for a stock without a dated lot.
    package init?(_ inventory: Inventory, today: CalendarDate) {
        guard !inventory.datedLots.isEmpty else { return nil }
        expired = inventory.expired(on: today)
        expiring = inventory.expiring(on: today)
        lots = LotJSON.lots(of: inventory) ?? [:]
    }

    /// A lot: `{"bestBefore", "count"}`, `null` for the undated lot.
    package struct LotJSON: Encodable, Sendable {
        let lot: Lot

        /// The JSON of `lot`.
        package init(_ lot: Lot) {
            self.lot = lot
        }

        /// The lots of each fruit of `inventory` that has a dated lot;
        /// `nil` when none has.
        package static func lots(of inventory: Inventory) -> [String: [LotJSON]]? {
            inventory.datedLots.isEmpty ? nil : inventory.datedLots.mapValues { $0.map(LotJSON.init) }
        }

        private enum CodingKeys: String, CodingKey {
            case bestBefore, count
        }

        /// Encodes `bestBefore` (`null` when undated) and `count`.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lot.bestBefore?.description, forKey: .bestBefore)
            try container.encode(lot.count, forKey: .count)
        }
    }
}
