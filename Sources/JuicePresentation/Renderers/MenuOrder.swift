extension Dictionary where Key == String {
    /// The pairs in `order` (a menu's ids), then any it lacks, sorted by
    /// id: how a result keyed by recipe or fruit lists them.
    func ordered(by order: [String]) -> [(key: String, value: Value)] {
        let known = order.compactMap { id in self[id].map { (key: id, value: $0) } }
        let listed = Set(order)
        let unknown = filter { !listed.contains($0.key) }.sorted { $0.key < $1.key }.map {
            (key: $0.key, value: $0.value)
        }
        return known + unknown
    }
}
