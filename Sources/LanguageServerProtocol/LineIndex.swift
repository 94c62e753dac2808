/// How a client counts a position's `character`: LSP 3.17's
/// `positionEncoding`, UTF-16 code units unless both sides agree on another.
public enum PositionEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The encoding to use given the client's `general.positionEncodings`
    /// (in its order of preference): UTF-16 unless the client lists
    /// UTF-8 or UTF-32 first of the three.
    public static func negotiated(from offered: [String]?) -> PositionEncoding {
        for name in offered ?? [] {
            if let encoding = PositionEncoding(rawValue: name) { return encoding }
        }
        return .utf16
    }

    func width(of scalar: Unicode.Scalar) -> Int {
        switch self {
        case .utf8: UTF8.width(scalar)
        case .utf16: UTF16.width(scalar)
        case .utf32: 1
        }
    }
}

/// A zero-based place in a document, as LSP counts it.
public struct Position: Sendable, Hashable {
    /// 0-based.
    public var line: Int
    /// 0-based, in the session's ``PositionEncoding``.
    public var character: Int

    /// A position at `line` and `character`.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// `{"line", "character"}`.
    public var json: JSON { ["line": .integer(line), "character": .integer(character)] }

    /// The largest line or character LSP sends (its `uinteger`, 2^31 - 1):
    /// past it no arithmetic on a position can overflow.
    public static let maximum = Int(Int32.max)

    /// The position in `json`; `nil` when it is not one: a line or a
    /// character that is no `uinteger` (0 to ``maximum``).
    public init?(_ json: JSON?) {
        guard let line = json?["line"]?.integer, let character = json?["character"]?.integer,
            (0...Self.maximum).contains(line), (0...Self.maximum).contains(character)
        else { return nil }
        self.init(line: line, character: character)
    }
}

/// A span between two positions, the end not included.
public struct Range: Sendable, Hashable {
    /// The first position in the range.
    public var start: Position
    /// The position just after the range.
    public var end: Position

    /// The range from `start` to `end`.
    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    /// `{"start", "end"}`.
    public var json: JSON { ["start": start.json, "end": end.json] }
}

/// A document's lines, to turn places counted in Unicode scalars (1-based
/// line and column, as compilers write them) into LSP positions and back.
/// Lines end at `\n`, `\r\n` or `\r`.
public struct LineIndex: Sendable {
    /// Each line's text, without its end.
    public let lines: [Substring.UnicodeScalarView]
    /// How a position's `character` counts.
    public let encoding: PositionEncoding

    /// The lines of `text`, counted in `encoding`.
    public init(_ text: String, encoding: PositionEncoding) {
        self.encoding = encoding
        var lines: [Substring.UnicodeScalarView] = []
        let scalars = text.unicodeScalars
        var lineStart = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" {
                lines.append(Substring(text)[lineStart..<index].unicodeScalars)
                var next = scalars.index(after: index)
                if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                lineStart = next
                index = next
            } else {
                index = scalars.index(after: index)
            }
        }
        lines.append(Substring(text)[lineStart...].unicodeScalars)
        self.lines = lines
    }

    /// The position of 1-based `line` and `column` (in Unicode scalars);
    /// one past a line's end is its end.
    public func position(line: Int, column: Int) -> Position {
        let row = max(0, min(line - 1, lines.count - 1))
        var character = 0
        for scalar in lines[row].prefix(max(0, column - 1)) { character += encoding.width(of: scalar) }
        return Position(line: row, character: character)
    }

    /// The 0-based scalar offset of `position` in its line, clamped to the
    /// line; a position inside a scalar (half of a surrogate pair) is that
    /// scalar's start.
    public func scalarOffset(of position: Position) -> Int {
        guard position.line < lines.count else { return 0 }
        var units = 0
        var offset = 0
        for scalar in lines[position.line] {
            let width = encoding.width(of: scalar)
            if units + width > position.character { break }
            units += width
            offset += 1
        }
        return offset
    }

    /// The text of 0-based `line`, `""` past the end.
    public func text(ofLine line: Int) -> String {
        line < lines.count && line >= 0 ? String(String.UnicodeScalarView(lines[line])) : ""
    }

    /// The range of `count` scalars from 1-based `line` and `column`.
    public func range(line: Int, column: Int, scalars count: Int) -> Range {
        Range(start: position(line: line, column: column), end: position(line: line, column: column + count))
    }
}
