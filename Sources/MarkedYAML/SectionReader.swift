/// Hands the entries of a document's large mappings to a reader as soon as
/// each is composed, so that a large file's nodes are never all held at once.
///
/// A section is a mapping that is the value of one of the first document's
/// root keys (`fruits:` in a menu). Each of its pairs is handed over once
/// its value is composed, as nodes that are valid while the reader runs (a
/// reader that keeps them costs a copy of the composer's arrays); the
/// composer then drops the value's nodes (the document shows an empty
/// scalar in its place), and the key's too when the reader keeps the key
/// (then the document leaves the pair out, and the reader lends the key
/// back to find a later duplicate of it). A pair whose key repeats an
/// earlier one is dropped unread, as the document would leave it out. From
/// the first pair that holds an anchor or an alias on, the section's pairs
/// stay in the document: the pairs read are always the first ones of the
/// mapping.
struct SectionReader {
    /// The root keys whose mappings are read, as UTF-8.
    let sections: [[UInt8]]
    /// Called with a section's position in ``sections`` and one of its
    /// pairs; returns the number under which the reader keeps the pair's
    /// key (a scalar's), if it keeps it.
    let read: (Int, Pair) -> Int?
    /// Whether the key a section's reader keeps as the number given has
    /// these bytes.
    let keyEquals: (_ section: Int, _ key: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool
    /// Where the key a section's reader keeps as the number given is written.
    let keyMark: (_ section: Int, _ key: Int) -> Mark

    /// The section a root key's bytes name, if any.
    func section(named key: UnsafeBufferPointer<UInt8>) -> Int? {
        sections.firstIndex { section in section.withUnsafeBufferPointer { Bytes.equal($0, key) } }
    }
}

/// A reader of a document's sections that keeps the key of each pair it
/// reads (a menu's recipe ids, where they are written), so that the
/// document need not keep them too; see
/// ``YAMLStream/init(bytes:limits:readingPairsOf:into:)``.
public protocol PairReader {
    /// Reads a pair of section `section` (a position in the sections named).
    ///
    /// - Returns: the number under which the reader keeps the pair's key,
    ///   a scalar's text and mark, for ``withKey(_:section:_:)``; `nil` when
    ///   it does not keep it (the document then keeps it).
    mutating func read(_ pair: Pair, section: Int) -> Int?
    /// Calls `body` with the UTF-8 and the mark of the key kept as `key`.
    func withKey<Result>(
        _ key: Int, section: Int, _ body: (_ bytes: UnsafeBufferPointer<UInt8>, _ mark: Mark) -> Result
    ) -> Result
}
