/// One kind of a menu file's entries (its fruits or its recipes), as
/// ``MenuFile`` merges them: by id, each a definition or a removal.
protocol MenuEntryList: Sendable {
    init()
    /// An empty list to merge `base`'s entries into: it may share what the
    /// entries refer to, so that they are copied cheaply.
    init(mergingOnto base: Self)
    var count: Int { get }
    /// Entry `index`'s id.
    func id(at index: Int) -> String
    /// Whether entry `index` removes its parent's entry of the same id.
    func removes(at index: Int) -> Bool
    /// Where entry `index`'s key is written.
    func location(at index: Int) -> SourceLocation
    mutating func reserveCapacity(_ count: Int)
    /// Adds entry `index` of `other`.
    mutating func append(_ other: Self, at index: Int)
}

/// An entry of a menu file that a plain array of entries holds: a fruit or
/// a supplier.
protocol MenuFileEntry: Sendable {
    var id: String { get }
    /// Whether the entry removes its parent's entry of the same id.
    var isRemoval: Bool { get }
    var location: SourceLocation { get }
}

extension MenuFile.Entry: MenuFileEntry {
    var isRemoval: Bool { value == nil }
}

extension Array: MenuEntryList where Element: MenuFileEntry {
    init(mergingOnto base: [Element]) {
        self.init()
    }

    func id(at index: Int) -> String { self[index].id }

    func removes(at index: Int) -> Bool { self[index].isRemoval }

    func location(at index: Int) -> SourceLocation { self[index].location }

    mutating func append(_ other: [Element], at index: Int) {
        append(other[index])
    }
}
