/// Hands the entries of a document's large mappings to a reader as soon as
/// each is composed, so that a large file's nodes are never all held at once.
///
/// A section is a mapping that is the value of one of the first document's
/// root keys (`fruits:` in a menu). Each of its pairs is handed over once
/// its value is composed, as nodes that are valid while the reader runs (a
/// reader that keeps them costs a copy of the composer's arrays); the
/// composer then drops the value's nodes (the document shows an empty scalar in its
/// place). A pair whose key repeats an earlier one is dropped unread, as
/// the document would leave it out. From the first pair that holds an
/// anchor or an alias on, the section's pairs stay in the document: the
/// pairs read are always the first ones of the mapping.
struct SectionReader {
    /// The root keys whose mappings are read, as UTF-8.
    let sections: [[UInt8]]
    /// Called with a section's position in ``sections`` and one of its pairs.
    let read: (Int, Pair) -> Void

    /// The section a root key's bytes name, if any.
    func section(named key: UnsafeBufferPointer<UInt8>) -> Int? {
        sections.firstIndex { section in section.withUnsafeBufferPointer { Bytes.equal($0, key) } }
    }
}
