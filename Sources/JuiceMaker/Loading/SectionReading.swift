internal import MarkedYAML

/// What reads a document's root sections as they are composed (a menu's
/// parser reads its `fruits` and `recipes`), so that a large file's nodes
/// are never all held at once; see ``YAMLDocument``.
protocol SectionReading: PairReader {
    /// The root keys whose mappings' pairs ``PairReader/read(_:section:)``
    /// takes, in its `section` numbering.
    static var sections: [String] { get }
    /// Told the size of the text before anything of it is read, to make
    /// room at once.
    mutating func expect(bytes: Int)
}

/// A document read whole: no section is read as it is composed.
struct NoSections: SectionReading {
    static let sections: [String] = []
    func expect(bytes: Int) {}
    func read(_ pair: Pair, section: Int) -> Int? { nil }
    func withKey<Result>(_ key: Int, section: Int, _ body: (UnsafeBufferPointer<UInt8>, Mark) -> Result) -> Result {
        body(UnsafeBufferPointer(start: nil, count: 0), .start)
    }
}
