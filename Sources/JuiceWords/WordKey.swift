/// An enumeration of texts whose cases are keys of the word tables: the
/// key of a case in a `.strings` file is `namespace.rawValue`
/// (`message.unusedFruit`), so that two enumerations may share a case
/// name. The compiler keeps code to the texts that exist; the tests keep
/// the files to the cases.
public protocol WordKey: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
    /// What every key of this enumeration starts with, before a dot.
    static var namespace: String { get }
}

extension WordKey {
    /// This text's key in the `.strings` files.
    public var wordKey: String { Self.namespace + "." + rawValue }

    /// This text's template in `language`. A key missing from the file
    /// (which a test forbids) reads as its own name.
    public func template(in language: Language) -> String {
        Words.section(Self.namespace, language)[rawValue] ?? rawValue
    }
}
