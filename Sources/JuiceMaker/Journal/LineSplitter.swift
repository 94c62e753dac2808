/// Splits bytes that come in pieces (a file's chunks, or all at once) into
/// lines: each line's number (from 1), its bytes without the line feed (only
/// the first ``Journal/maximumLineBytes`` + 1 of a longer line, enough to
/// know it is too long), and whether it ended with a line feed. Empty lines
/// are skipped. A line within one piece is passed without a copy.
struct LineSplitter {
    private var pending: [UInt8] = []
    private var overlong = false
    private var line = 1

    /// Passes on every line that `bytes` ends; keeps the rest for the next piece.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, UnsafeBufferPointer<UInt8>, Bool) -> Void) {
        var start = 0
        while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if pending.isEmpty, !overlong {
                let kept = UnsafeBufferPointer(rebasing: bytes[start..<end].prefix(Journal.maximumLineBytes + 1))
                if !kept.isEmpty { body(line, kept, true) }
            } else {
                append(bytes[start..<end])
                pending.withUnsafeBufferPointer { if !$0.isEmpty { body(line, $0, true) } }
                pending.removeAll(keepingCapacity: true)
                overlong = false
            }
            line += 1
            start = end + 1
        }
        append(bytes[start...])
    }

    /// Passes on the last line when it has no line feed.
    mutating func finish(_ body: (Int, UnsafeBufferPointer<UInt8>, Bool) -> Void) {
        if !pending.isEmpty {
            pending.withUnsafeBufferPointer { body(line, $0, false) }
        }
    }

    /// Adds `bytes` to the line being gathered, keeping one byte past the
    /// longest line allowed so that an overlong line is known as one.
    private mutating func append(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        let room = Journal.maximumLineBytes + 1 - pending.count
        guard room > 0 else {
            overlong = true
            return
        }
        pending.append(contentsOf: bytes.prefix(room))
        if bytes.count > room { overlong = true }
    }
}
