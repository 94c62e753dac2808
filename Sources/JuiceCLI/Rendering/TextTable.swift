/// A plain-text table whose columns line up in a terminal, wide (Korean,
/// Chinese, Japanese) characters included: the titles, then the rows,
/// columns two spaces apart, no trailing spaces.
///
/// A small table keeps its rows (``append(_:)``, ``lines``); a large one is
/// written line by line (``Line``) once its widths are measured, with no
/// `String` per cell.
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

    /// The table as lines.
    var lines: [String] {
        let all = [columns.map(\.title)] + rows
        let widths = columns.indices.map { index in all.map { Self.displayWidth(of: $0[index]) }.max() ?? 0 }
        let out = ByteWriter()
        for row in all {
            var line = Line(widths: widths, alignments: columns.map(\.alignment), to: out)
            for cell in row {
                line.begin(width: Self.displayWidth(of: cell))
                line.write(cell)
                line.endCell()
            }
            line.end()
        }
        return String(decoding: out.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    /// One line of a table, written straight to a ``ByteWriter``: each cell
    /// padded to its column's width, two spaces between columns, and no
    /// space at the end of the line (spaces are held back until something
    /// follows them).
    ///
    /// For each cell: ``begin(width:)`` with the cell's display width, the
    /// cell's pieces (one line each, see ``TextTable/oneLine(_:)``), then
    /// ``endCell()``; ``end()`` after the last.
    struct Line {
        private let widths: [Int]
        private let alignments: [Alignment]
        private let out: ByteWriter
        private var column = 0
        private var cellWidth = 0
        /// Spaces owed before the next byte that is not one.
        private var pending = 0

        init(widths: [Int], alignments: [Alignment], to out: ByteWriter) {
            self.widths = widths
            self.alignments = alignments
            self.out = out
        }

        /// Starts the next cell, `width` terminal cells wide.
        mutating func begin(width: Int) {
            cellWidth = width
            if alignments[column] == .right { pending += widths[column] - width }
        }

        /// Writes a piece of the cell.
        mutating func write(_ text: String) {
            if text.utf8.withContiguousStorageIfAvailable({ write($0) }) == nil {
                var copy = text
                copy.withUTF8 { write($0) }
            }
        }

        /// Writes a literal piece of the cell.
        mutating func write(_ literal: StaticString) {
            write(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }

        /// Writes a number as a piece of the cell.
        mutating func write(_ number: Int) {
            flushPending()
            out.write(number)
        }

        private mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
            var end = bytes.count
            while end > 0, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            guard end > 0 else {
                pending += bytes.count
                return
            }
            flushPending()
            out.write(UnsafeBufferPointer(rebasing: bytes[..<end]))
            pending = bytes.count - end
        }

        private mutating func flushPending() {
            out.write(repeating: UInt8(ascii: " "), count: pending)
            pending = 0
        }

        /// Ends the cell begun last.
        mutating func endCell() {
            if alignments[column] == .left { pending += widths[column] - cellWidth }
            column += 1
            if column < widths.count { pending += 2 }
        }

        /// Ends the line.
        mutating func end() {
            pending = 0
            out.newline()
        }
    }

    /// `text` on one line: each line break (`\n`, `\r`, or both) a space,
    /// so that a name holding one cannot split a row.
    static func oneLine(_ text: String) -> String {
        // Bytes, not scalars, are checked first: a line break is one ASCII
        // byte, and most texts have none.
        let isBreak = { (byte: UInt8) in byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
        guard
            text.utf8.withContiguousStorageIfAvailable({ $0.contains(where: isBreak) })
                ?? text.utf8.contains(where: isBreak)
        else {
            return text
        }
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
        // A report measures every name: its bytes are read in place where
        // the string has them so (a native string does), not one by one
        // through the UTF-8 view.
        let countASCII = { (bytes: UnsafeBufferPointer<UInt8>) in bytes.reduce(0) { $1 < 0x80 ? $0 + 1 : $0 } }
        let width =
            text.utf8.withContiguousStorageIfAvailable(countASCII)
            ?? text.utf8.reduce(0) { $1 < 0x80 ? $0 + 1 : $0 }
        guard width < text.utf8.count else { return width }
        return text.unicodeScalars.reduce(0) { width, scalar in
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
