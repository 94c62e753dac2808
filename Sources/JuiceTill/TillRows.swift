import CSV
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The rows of a till's CSV export (RFC 4180: quoted fields with commas,
/// doubled quotes and line breaks, CRLF or LF line ends, a UTF-8 byte-order
/// mark), read a block at a time so that memory stays bounded whatever the
/// file's size.
///
/// The rows are cut here, by a scan that knows where each quoted field
/// begins and ends, so that a malformed row is refused with its line and
/// field (the CSV library reads such a row without a word, swallowing the
/// line break); each row's fields are then read by the CSV library
/// (yaslab/CSV.swift). Blank lines are skipped.
///
/// The library reads a run of rows at once: the rows cut ahead in the
/// buffer, up to a blank line, one `CSVReader` over their text (a reader
/// made for each row, its configuration copying a `CharacterSet`, and a
/// string validated for each were a twentieth of an import). Once told
/// which fields are read (``readOnly(fields:)``), the library is given only
/// those of each row: an export has columns an import never reads. It
/// reads each run on a thread of its own while the rows before it are
/// handed out: its reading is about half of an import's time, and the rest
/// (the tickets, their booking) runs on the caller's thread meanwhile. A
/// few runs (``runsAhead``) are read ahead at most, so memory stays
/// bounded.
package final class TillRows {
    /// A row longer than this is refused: no till writes one, and holding
    /// it would let a file that is no CSV take the memory.
    package static let rowLimit = 1 << 20

    /// Where the bytes come from: `read(2)` on a file, or bytes in memory.
    private enum Source {
        case file(Int32)
        case memory
    }

    /// The file's name as the user gave it (its path, or a request's
    /// name for its body), for the places a booking refuses; `nil` when not
    /// given.
    package let name: String?
    private var source: Source
    private let blockSize: Int
    private let rowLimit: Int
    /// Bytes read and not yet handed out as rows, from ``start``.
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private var isFirstBlock = true
    /// The line the next row starts on.
    private var line = 1
    /// Where the row last begun starts in ``buffer``: what ``place(ofField:)``
    /// reads.
    private var rowStart = 0
    /// The most rows one reader reads.
    private let rowsPerReader: Int
    /// The rows of the run being handed out, and how many of them were.
    private var cut: [Row] = []
    private var handedOut = 0
    /// The fields of the first rows of ``cut``, as the library read them
    /// together; the rows after them are read alone.
    private var fields: [[String]] = []
    /// The runs cut after ``cut``, in order, each being read by the library
    /// (or, without a reading, to be read a row at a time), and whether as
    /// ``selection``.
    private var ahead: [(rows: [Row], reading: RunReading?, isSelected: Bool)] = []
    /// The runs cut ahead at most: enough that the library has one to read
    /// while the caller's thread waits its turn on a busy machine.
    private static let runsAhead = 4
    /// The refusal of the first row after the runs cut, and where that row
    /// starts: thrown when the rows before it are handed out.
    private var refusalAhead: (error: TillRowError, rowStart: Int)?
    /// Where the library reads the runs ahead, one after another (several
    /// at once slowed the caller's thread, the other half of the work).
    private let worker = DispatchQueue(label: "JuiceTill.TillRows")
    /// The fields (0-based, ascending) of each row handed out, once told
    /// (``readOnly(fields:)``); every field while `nil`.
    private var selection: [Int]?
    /// Whether the fields of ``cut`` were read by the library as
    /// ``selection`` (else it is applied as they are handed out).
    private var cutIsSelected = false
    /// Where the commas between the fields of the row last scanned stand,
    /// from its start (for a ``selection``'s fields; the header's row is
    /// scanned before one is told, so every row's are kept).
    private var commas: [Int] = []

    /// A row cut: its bytes in ``buffer`` (its line break excluded) and
    /// the line it starts on.
    private typealias Row = (start: Int, end: Int, line: Int)

    /// Opens the file at `path` for reading.
    ///
    /// - Parameters:
    ///   - blockSize: how much is read at once (tests make it small).
    ///   - rowLimit: the longest row taken, in bytes.
    ///   - rowsPerReader: the most rows the CSV library reads at once
    ///     (tests make it 1, to compare).
    /// - Throws: ``TillRowError`` with ``TillRowError/Problem/unreadable(errno:)``
    ///   when it cannot be opened, ``TillRowError/Problem/notARegularFile(kind:)``
    ///   when it is no regular file.
    package init(
        path: String, blockSize: Int = 1 << 16, rowLimit: Int = TillRows.rowLimit, rowsPerReader: Int = 256
    ) throws(TillRowError) {
        // Not blocking: a FIFO no process writes to would hold `open` forever.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw TillRowError(line: 0, field: 0, problem: .unreadable(errno: errno)) }
        // A directory, a FIFO or a device: refused as every command refuses one.
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            close(descriptor)
            throw TillRowError(line: 0, field: 0, problem: .notARegularFile(kind: info.st_mode & S_IFMT))
        }
        name = path
        source = .file(descriptor)
        self.blockSize = max(blockSize, 1)
        self.rowLimit = rowLimit
        self.rowsPerReader = max(rowsPerReader, 1)
    }

    /// Reads `bytes` (a request's body) as the file, named `name`.
    package init(bytes: [UInt8], name: String? = nil, rowLimit: Int = TillRows.rowLimit, rowsPerReader: Int = 256) {
        self.name = name
        source = .memory
        buffer = bytes
        atEnd = true
        blockSize = 1
        self.rowLimit = rowLimit
        self.rowsPerReader = max(rowsPerReader, 1)
        dropByteOrderMark()
    }

    deinit {
        if case .file(let descriptor) = source { close(descriptor) }
    }

    /// The next row's fields, with the line it starts on; `nil` at the end.
    package func next() throws(TillRowError) -> (line: Int, fields: [String])? {
        if handedOut == cut.count {
            try takeRunAhead()
            guard !cut.isEmpty else { return nil }
        }
        let row = cut[handedOut]
        handedOut += 1
        rowStart = row.start
        if handedOut <= fields.count {
            let read = fields[handedOut - 1]
            return (row.line, cutIsSelected ? read : selected(read))
        }
        // Read alone: its string is checked for UTF-8 here.
        let text = try self.text(row.start..<row.end, line: row.line)
        // A row the scan took is read as one (it is not empty).
        let fields = try? CSVReader(string: text).next()
        return (row.line, selected(fields ?? []))
    }

    /// Hands out only `fields` (0-based, ascending, each at most once; all
    /// when `nil`) of each row after those handed out: a row's fields are
    /// those of them it has, in that order (so a row with fewer fields than
    /// the header has fewer of them). Told once the header is read
    /// (``TillColumns/read``).
    package func readOnly(fields: [Int]?) {
        selection = fields
    }

    /// The fields of ``selection`` that `row` has (all of them without one).
    private func selected(_ row: [String]) -> [String] {
        guard let selection else { return row }
        return selection.prefix { $0 < row.count }.map { row[$0] }
    }

    /// The next row read as the file's header (its first row): a problem
    /// in it is said to be in the header.
    package func header() throws(TillRowError) -> (line: Int, fields: [String])? {
        do {
            return try next()
        } catch {
            var inHeader = error
            inHeader.isInHeader = true
            throw inHeader
        }
    }

    /// Makes the first run cut ahead the one handed out (none at the end),
    /// and cuts more ahead, for the library to read while this one is
    /// handed out. A refusal of the first row after the runs cut is thrown
    /// once the rows before it are handed out.
    private func takeRunAhead() throws(TillRowError) {
        // The first run, or the end.
        cutAheadWhileRoom()
        guard !ahead.isEmpty else {
            if let (error, at) = refusalAhead {
                rowStart = at
                throw error
            }
            (cut, fields, handedOut) = ([], [], 0)
            return
        }
        let taken = ahead.removeFirst()
        (cut, handedOut, cutIsSelected) = (taken.rows, 0, taken.isSelected)
        cutAheadWhileRoom()
        fields = taken.reading?.rows() ?? []
    }

    /// Cuts runs into ``ahead`` up to ``runsAhead``, the end, or a row the
    /// scan refuses (kept in ``refusalAhead``).
    private func cutAheadWhileRoom() {
        while ahead.count < Self.runsAhead, refusalAhead == nil {
            do {
                guard try cutAhead() else { return }
            } catch {
                refusalAhead = (error, rowStart)
            }
        }
    }

    /// Cuts the next run into ``ahead``, its bytes given to the library to
    /// read: as many rows as the buffer holds whole, up to
    /// ``rowsPerReader``, stopping before a blank line and before a row the
    /// scan refuses (refused when it is the first). With a ``selection``,
    /// the library reads only each row's fields of it; a row with none of
    /// them is read alone. Returns whether there was a row left.
    private func cutAhead() throws(TillRowError) -> Bool {
        var rows: [Row] = []
        rows.reserveCapacity(rowsPerReader)
        let selection = self.selection
        // Where each row's fields of the selection stand, from the run's
        // start, and -1 after each row's.
        var fields: [Int32] = []
        while rows.count < rowsPerReader {
            let found: (end: Int, next: Int, lineBreaks: Int)?
            do {
                found = try rowEnd(mayRead: rows.isEmpty)
            } catch {
                // Refused when it is reached, after the rows before it.
                guard rows.isEmpty else { break }
                throw error
            }
            guard let (end, next, lineBreaks) = found else { break }
            guard end > start else {
                // A blank line: skipped, and never among a reader's rows
                // (the library would read it as a row of one empty field).
                guard rows.isEmpty else { break }
                line += lineBreaks
                start = next
                continue
            }
            // The row's fields that are read: field `n` (0-based) is there
            // when the row has more commas than `n - 1`.
            let present = selection?.prefix { $0 <= commas.count }
            // None: a blank line to the library, so read alone.
            if present?.isEmpty == true, !rows.isEmpty { break }
            let runStart = rows.first?.start ?? start
            rows.append((start, end, line))
            if let present {
                for field in present {
                    let from = field == 0 ? start : start + commas[field - 1] + 1
                    let to = field < commas.count ? start + commas[field] : end
                    fields.append(Int32(from - runStart))
                    fields.append(Int32(to - runStart))
                }
                fields.append(-1)
            }
            line += lineBreaks
            start = next
            if present?.isEmpty == true { break }
        }
        guard !rows.isEmpty else { return false }
        // Several rows: one reader over them (unless they are no UTF-8:
        // then each is read alone, and the one that is not is refused).
        guard rows.count > 1, let first = rows.first, let last = rows.last else {
            ahead.append((rows, nil, false))
            return true
        }
        let reading = RunReading(
            Array(buffer[first.start..<last.end]), fields: selection == nil ? nil : fields, rows: rows.count,
            on: worker)
        ahead.append((rows, reading, selection != nil))
        return true
    }

    /// Where the row from ``start`` ends (its line break excluded: a line
    /// feed, the carriage return before it, or a carriage return that is
    /// the file's last byte), where the next one starts, and the line
    /// breaks it holds with its own; reads more while the row is
    /// unfinished if `mayRead` (else `nil` for a row the buffer does not
    /// hold whole). `nil` when nothing is left.
    private func rowEnd(mayRead: Bool) throws(TillRowError) -> (end: Int, next: Int, lineBreaks: Int)? {
        rowStart = start
        var scan = RowScan()
        var index = start
        commas.removeAll(keepingCapacity: true)
        while true {
            while index < buffer.count {
                switch scan.take(buffer[index]) {
                case .goOn:
                    index += 1
                case .fieldEnd:
                    // From the row's start: the buffer may move under it.
                    commas.append(index - start)
                    index += 1
                case .rowEnd:
                    return (scan.isAfterReturn ? index - 1 : index, index + 1, scan.lineBreaks + 1)
                case .failure(let problem):
                    throw TillRowError(line: line, field: scan.field, problem: problem)
                }
                if index - start > rowLimit {
                    throw TillRowError(line: line, field: scan.field, problem: .rowTooLong(limit: rowLimit))
                }
            }
            if atEnd {
                guard index > start else { return nil }
                if scan.isInQuotes { throw TillRowError(line: line, field: scan.field, problem: .unclosedQuote) }
                // A carriage return as the last byte ends the row as one
                // before a line feed does: a lone one is a blank line.
                return (scan.isAfterReturn ? index - 1 : index, index, 0)
            }
            guard mayRead else { return nil }
            let scanned = index - start
            try readBlock()
            index = start + scanned
        }
    }

    /// Reads the next block after what is left of the buffer.
    private func readBlock() throws(TillRowError) {
        guard case .file(let descriptor) = source else {
            atEnd = true
            return
        }
        // The rows being handed out and cut ahead stay: their places may
        // be asked.
        let dropped = min(start, cut.first?.start ?? ahead.first?.rows.first?.start ?? start)
        buffer.removeFirst(dropped)
        rowStart -= dropped
        start -= dropped
        Self.shift(&cut, by: dropped)
        for index in ahead.indices { Self.shift(&ahead[index].rows, by: dropped) }
        repeat {
            let kept = buffer.count
            buffer += [UInt8](repeating: 0, count: blockSize)
            var count = 0
            repeat {
                count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + kept, blockSize) }
            } while count < 0 && errno == EINTR
            guard count >= 0 else { throw TillRowError(line: line, field: 0, problem: .unreadable(errno: errno)) }
            buffer.removeLast(blockSize - count)
            if count == 0 { atEnd = true }
            // The first three bytes are read before any is scanned: they
            // may be a byte-order mark.
        } while isFirstBlock && buffer.count < 3 && !atEnd
        if isFirstBlock {
            isFirstBlock = false
            dropByteOrderMark()
        }
    }

    /// Where field `field` (1-based; 0 for the row) of the row last begun
    /// starts: the lines after the row's first (line breaks in quoted
    /// fields before it), and its column in Unicode scalars; past the row's
    /// last field, the row's end. For a row's error, said where it is.
    package func place(ofField field: Int) -> (lines: Int, column: Int) {
        var (lines, column, current, quoted) = (0, 1, 1, false)
        var index = rowStart
        while index < buffer.count, current < field {
            let byte = buffer[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if byte == UInt8(ascii: ",") && !quoted {
                current += 1
            } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") && !quoted {
                guard quoted else { break }
                lines += 1
                column = 1
                continue
            }
            // A scalar starts at every byte but UTF-8's continuation bytes.
            if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (lines, column)
    }

    /// Moves `rows` back by `dropped` bytes: the buffer's first bytes
    /// were dropped.
    private static func shift(_ rows: inout [Row], by dropped: Int) {
        for index in rows.indices {
            rows[index].start -= dropped
            rows[index].end -= dropped
        }
    }

    private func dropByteOrderMark() {
        guard buffer.starts(with: [0xEF, 0xBB, 0xBF]) else { return }
        // Nothing was taken before: the first row, being begun, starts
        // after the mark (a place said in it, and the next block's shift,
        // count from there).
        start = 3
        rowStart = 3
    }

    private func text(_ range: Range<Int>, line: Int) throws(TillRowError) -> String {
        guard let text = buffer[range].withUnsafeBufferPointer({ String(validating: $0, as: UTF8.self) }) else {
            throw TillRowError(line: line, field: field(ofFirstNonUTF8In: range), problem: .notUTF8)
        }
        return text
    }

    /// The field (1-based) of the row in `range` that holds its first byte
    /// that is not UTF-8: a CP949 name is said where it is.
    private func field(ofFirstNonUTF8In range: Range<Int>) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = buffer[range].makeIterator()
        var bad = range.lowerBound
        reading: while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar): bad += scalar.count
            case .error, .emptyInput: break reading
            }
        }
        var (field, quoted) = (1, false)
        for byte in buffer[range.lowerBound..<bad] {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == UInt8(ascii: ","), !quoted { field += 1 }
        }
        return field
    }
}

/// A run of rows read by the library on a queue of its own.
private final class RunReading: @unchecked Sendable {
    /// Set on the queue before ``done`` is signalled; read after.
    private var read: [[String]] = []
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `count` rows of `bytes` on `queue`: every field, or
    /// only those of `fields` (where each row's fields to read stand in
    /// `bytes`, a pair each, and -1 after each row's). None when `bytes`
    /// are no UTF-8: the rows are then read alone, and refused there.
    init(_ bytes: [UInt8], fields: [Int32]?, rows count: Int, on queue: DispatchQueue) {
        read.reserveCapacity(count)
        queue.async { [self] in
            defer { done.signal() }
            guard let all = String(validating: bytes, as: UTF8.self) else { return }
            let text = fields.map { Self.selected($0, of: bytes) } ?? all
            if let reader = try? CSVReader(string: text) {
                while read.count < count, let fields = reader.next() { read.append(fields) }
            }
        }
    }

    /// The rows of `bytes` with only the fields at `fields`, as the file
    /// writes them (quoted or not), between commas.
    private static func selected(_ fields: [Int32], of bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var index = 0
        var isRowStart = true
        while index < fields.count {
            guard fields[index] >= 0 else {
                text.append(UInt8(ascii: "\n"))
                (index, isRowStart) = (index + 1, true)
                continue
            }
            if !isRowStart { text.append(UInt8(ascii: ",")) }
            text.append(contentsOf: bytes[Int(fields[index])..<Int(fields[index + 1])])
            (index, isRowStart) = (index + 2, false)
        }
        // Fields cut from UTF-8 at commas are UTF-8.
        return String(decoding: text, as: UTF8.self)
    }

    /// Waits for the rows' fields: fewer than asked when the library
    /// stopped early (the rest are read alone). To be called once.
    func rows() -> [[String]] {
        done.wait()
        return read
    }
}

/// Where a row's bytes stand, one byte at a time: at a field's start, in
/// an unquoted field, in a quoted one, or just after a quote in one.
private struct RowScan {
    enum Step {
        /// `fieldEnd`: a comma that ends a field.
        case goOn, fieldEnd, rowEnd
        case failure(TillRowError.Problem)
    }

    /// Where the scan stands; `afterReturn`: just after a carriage return
    /// outside quotes, where only the line feed that ends the row may come.
    private enum State { case fieldStart, unquoted, quoted, quoteInQuoted, afterReturn }

    private var state = State.fieldStart
    /// The field being read, 1-based.
    private(set) var field = 1
    /// Line breaks inside quoted fields so far.
    private(set) var lineBreaks = 0

    var isInQuotes: Bool { state == .quoted }
    /// Whether the last byte taken is a carriage return outside quotes:
    /// the row's line break begun.
    var isAfterReturn: Bool { state == .afterReturn }

    mutating func take(_ byte: UInt8) -> Step {
        let quote = UInt8(ascii: "\"")
        let comma = UInt8(ascii: ",")
        let newline = UInt8(ascii: "\n")
        // Most bytes: inside a field begun, neither a quote, a comma nor a
        // line end (nor any other control character), which change nothing.
        if byte > quote, byte != comma, state == .unquoted || state == .quoted { return .goOn }
        switch state {
        case .afterReturn:
            // A carriage return that does not end the row: the library would
            // end the row there and the rest of it would be lost.
            return byte == newline ? .rowEnd : .failure(.bareCarriageReturn)
        case .fieldStart, .unquoted, .quoteInQuoted:
            if byte == comma {
                field += 1
                state = .fieldStart
                return .fieldEnd
            } else if byte == newline {
                return .rowEnd
            } else if byte == quote {
                switch state {
                case .fieldStart: state = .quoted
                case .quoteInQuoted: state = .quoted
                default: return .failure(.quoteInsideField)
                }
            } else if state == .quoteInQuoted {
                // A CR before the line break ends the row too.
                if byte != UInt8(ascii: "\r") { return .failure(.textAfterClosingQuote) }
                state = .afterReturn
            } else {
                if byte == UInt8(ascii: "\r") {
                    state = .afterReturn
                } else {
                    state = .unquoted
                }
            }
        case .quoted:
            if byte == quote {
                state = .quoteInQuoted
            } else if byte == newline {
                lineBreaks += 1
            }
        }
        return .goOn
    }
}
