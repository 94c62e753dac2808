/// A plain-text table whose columns line up in a terminal, wide (Korean,
/// Chinese, Japanese) characters included.
struct TextTable {
    enum Alignment {
        case left
        case right
    }

    struct Column {
        var title: String
        var alignment: Alignment
    }

    var columns: [Column]
    var rows: [[String]] = []

    init(_ columns: [Column]) {
        self.columns = columns
    }

    mutating func append(_ row: [String]) {
        rows.append(row.map(Self.oneLine))
    }

    /// The table as lines: the titles, then the rows, columns two spaces
    /// apart, no trailing spaces.
    var lines: [String] {
        let all = [columns.map(\.title)] + rows
        let widths = columns.indices.map { index in all.map { Self.displayWidth(of: $0[index]) }.max() ?? 0 }
        return all.map { row in
            let cells = columns.indices.map { index in
                let padding = String(repeating: " ", count: widths[index] - Self.displayWidth(of: row[index]))
                return columns[index].alignment == .left ? row[index] + padding : padding + row[index]
            }
            var line = cells.joined(separator: "  ")
            while line.utf8.last == UInt8(ascii: " ") { line.removeLast() }
            return line
        }
    }

    /// `text` on one line: each line break (`\n`, `\r`, or both) a space,
    /// so that a name holding one cannot split a row.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) else { return text }
        var result = ""
        var afterReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\n", afterReturn {
                afterReturn = false
                continue
            }
            afterReturn = scalar == "\r"
            result.unicodeScalars.append(scalar == "\n" || scalar == "\r" ? " " : scalar)
        }
        return result
    }

    /// How many terminal cells a text takes: 2 for East Asian wide
    /// characters, 0 for combining marks, 1 otherwise.
    static func displayWidth(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            switch scalar.value {
            case 0x0300...0x036F, 0x200B...0x200F: return width
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
                return width + 2
            default: return width + 1
            }
        }
    }
}
