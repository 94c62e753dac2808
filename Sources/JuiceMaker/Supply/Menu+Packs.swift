extension Menu {
    /// The packs to buy for each line of a shopping list, in its order:
    /// the shortfall rounded up to whole packs, for a fruit the menu gives
    /// a `pack`; `nil` for any other.
    public func packs(toBuy list: [Shortage]) -> [Int?] {
        list.map { item in
            fruit(id: item.fruit)?.supply.flatMap { $0.pack == nil ? nil : $0.packs(toCover: item.missing) }
        }
    }
}
