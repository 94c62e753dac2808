import JuiceMaker

/// A plain-text table whose columns line up in a terminal, wide (Korean,
/// Chinese, Japanese) characters included: the titles, then the rows,
/// columns two spaces apart, no trailing spaces.
///
/// A small table keeps its rows (``append(_:)``, ``lines``); a large one is
/// written line by line (``Line``) once its widths are measured, with no
/// `String` per cell.
package struct TextTable {
    package enum Alignment {
        case left
        case right
    }

    package struct Column {
        package var title: String
        package var alignment: Alignment

        /// A column headed `title`.
        package init(title: String, alignment: Alignment) {
            self.title = title
            self.alignment = alignment
        }
    }

    package var columns: [Column]
    package var rows: [[String]] = []

    package init(_ columns: [Column]) {
        self.columns = columns
    }

    package mutating func append(_ row: [String]) {
        rows.append(row.map(Self.oneLine))
    }

    /// The table as lines.
    package var lines: [String] {
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
    package struct Line {
        private let widths: [Int]
        private let alignments: [Alignment]
        private let out: ByteWriter
        private var column = 0
        private var cellWidth = 0
        /// Spaces owed before the next byte that is not one.
        private var pending = 0

        package init(widths: [Int], alignments: [Alignment], to out: ByteWriter) {
            self.widths = widths
            self.alignments = alignments
            self.out = out
        }

        /// Starts the next cell, `width` terminal cells wide.
        package mutating func begin(width: Int) {
            cellWidth = width
            if alignments[column] == .right { pending += widths[column] - width }
        }

        /// Writes a piece of the cell.
        package mutating func write(_ text: String) {
            if text.utf8.withContiguousStorageIfAvailable({ write($0) }) == nil {
                var copy = text
                copy.withUTF8 { write($0) }
            }
        }

        /// Writes a literal piece of the cell.
        package mutating func write(_ literal: StaticString) {
            write(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }

        /// Writes a number as a piece of the cell.
        package mutating func write(_ number: Int) {
            flushPending()
            out.write(number)
        }

        /// Writes a piece of the cell given as UTF-8.
        package mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
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
        package mutating func endCell() {
            if alignments[column] == .left { pending += widths[column] - cellWidth }
            column += 1
            if column < widths.count { pending += 2 }
        }

        /// Ends the line.
        package mutating func end() {
            pending = 0
            out.newline()
        }
    }

    /// Calls `body` with `utf8` on one line, as ``oneLine(_:)`` makes it:
    /// the bytes themselves when they hold no control character, as most do.
    package static func withOneLine<Result>(
        _ utf8: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard ControlCharacter.mayBeIn(utf8) else { return body(utf8) }
        var line = oneLine(String(decoding: utf8, as: UTF8.self))
        return line.withUTF8(body)
    }

    /// `text` on one line: each line break (`\n`, `\r`, or both) a space,
    /// so that a name holding one cannot split a row, and every other
    /// control character escaped (``Swift/String/controlsEscaped``: `\u{1B}`),
    /// so that a name from a file cannot move the terminal's cursor.
    package static func oneLine(_ text: String) -> String {
        // Bytes, not scalars, are checked first: most texts have none that
        // is or starts a control character.
        guard
            text.utf8.withContiguousStorageIfAvailable({ ControlCharacter.mayBeIn($0) })
                ?? ControlCharacter.mayBeIn(text.utf8)
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
        return result.controlsEscaped
    }

    /// How many terminal cells a text takes: 2 for East Asian wide
    /// characters, 0 for combining marks, 1 otherwise.
    package static func displayWidth(of text: String) -> Int {
        var text = text
        return text.withUTF8(displayWidth(utf8:))
    }

    /// How many terminal cells a text given as UTF-8 (valid, as a string's
    /// is) takes, read in place: a report measures every name.
    package static func displayWidth(utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var width = 0
        var index = 0
        while index < utf8.count {
            let lead = utf8[index]
            guard lead >= 0x80 else {
                width += 1
                index += 1
                continue
            }
            // The scalar's length from its lead byte, then its value.
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            var value = UInt32(lead) & (0xFF >> (length + 1))
            for offset in 1..<length where index + offset < utf8.count {
                value = value << 6 | UInt32(utf8[index + offset] & 0x3F)
            }
            index += length
            switch value {
            case 0x0300...0x036F, 0x200B...0x200F: break
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
                width += 2
            default: width += 1
            }
        }
        return width
    }
}
