/// A position in a YAML source text.
///
/// Both numbers are 1-based; `column` counts Unicode scalars, not bytes,
/// so it matches what an editor shows for a line of non-ASCII text.
public struct Mark: Sendable, Hashable, Comparable {
    /// The line, starting at 1.
    public var line: Int
    /// The column, starting at 1, in Unicode scalars.
    public var column: Int

    /// A place: 1-based line and column, the column in Unicode scalars.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The first character of a text: 1:1.
    public static let start = Mark(line: 1, column: 1)

    /// Whether `lhs` comes before `rhs` in the text.
    public static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

extension Mark: CustomStringConvertible {
    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
