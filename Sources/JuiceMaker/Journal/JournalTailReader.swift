#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a journal's lines from its end backward, a block at a time: the
/// newest first, with memory bounded by a block and the longest line, so
/// that the last entries of a journal of any size cost what they are.
struct JournalTailReader {
    /// One line: where it starts in the file, its bytes without the line
    /// feed (only the first ``Journal/maximumLineBytes`` + 1 of a longer
    /// one, enough to know it is too long), and whether a line feed ended it.
    struct Line {
        var offset: Int
        var bytes: [UInt8]
        var isFinished: Bool
    }

    private let descriptor: Int32
    let path: String
    /// The bytes of the file from ``bufferStart`` up to the end of the next
    /// line to give (its line feed excluded).
    private var buffer: [UInt8] = []
    private var bufferStart: Int
    /// Whether the next line given ends with a line feed: only the file's
    /// last line may not.
    private var nextIsFinished = true

    /// The size of a block read at a time.
    static let blockSize = 1 << 16

    /// Opens the journal at `path`, to be read backward from `end` (a byte
    /// offset just past a line feed; default: the end of the file). A
    /// missing file reads as empty.
    ///
    /// - Throws: ``FileError`` when the journal exists but cannot be read,
    ///   or is not a regular file.
    init(path: String, end: Int? = nil) throws(FileError) {
        self.path = path
        guard let (descriptor, size) = try openRegularFile(path) else {
            self.descriptor = -1
            bufferStart = 0
            return
        }
        self.descriptor = descriptor
        bufferStart = min(end ?? size, size)
        guard bufferStart > 0 else { return }
        // The last byte says whether the last line is finished.
        do throws(FileError) {
            try readBlock()
        } catch {
            closeDescriptor(descriptor)
            throw error
        }
        if buffer.last == UInt8(ascii: "\n") {
            buffer.removeLast()
        } else {
            nextIsFinished = false
        }
    }

    func close() {
        if descriptor >= 0 { closeDescriptor(descriptor) }
    }

    /// The line before the last one given (the last line of the file at
    /// first), or `nil` at the start of the file. Empty lines are skipped.
    mutating func previousLine() throws(FileError) -> Line? {
        while true {
            if let feed = buffer.lastIndex(of: UInt8(ascii: "\n")) {
                let line = Line(
                    offset: bufferStart + feed + 1, bytes: Array(buffer[(feed + 1)...]), isFinished: nextIsFinished)
                buffer.removeSubrange(feed...)
                nextIsFinished = true
                if line.bytes.isEmpty { continue }
                return line
            }
            if bufferStart == 0 {
                guard !buffer.isEmpty else { return nil }
                let line = Line(offset: 0, bytes: buffer, isFinished: nextIsFinished)
                buffer = []
                return line
            }
            try readBlock()
        }
    }

    /// Puts the block before ``bufferStart`` in front of the buffer. A line
    /// grown past the longest allowed keeps only its first bytes read so
    /// far and one more: enough to know it is too long.
    private mutating func readBlock() throws(FileError) {
        let count = min(Self.blockSize, bufferStart)
        var block = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = block.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, count - done, off_t(bufferStart - count + done))
            }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else {
                throw read < 0
                    ? .reading(path: path, errno: errno)
                    : .unreadable(path: path, reason: .message(Message(.cutShortWhileRead)))
            }
            done += read
        }
        // Called only when the buffer holds no line feed: all of it is the
        // start of one line.
        let longest = Journal.maximumLineBytes + 1
        if buffer.count > longest {
            buffer.removeLast(buffer.count - longest)
        }
        buffer = block + buffer
        bufferStart -= count
    }

    /// The 1-based line of the byte at `offset`: the line feeds before it,
    /// counted (only when a diagnostic needs it).
    func lineNumber(at offset: Int) -> Int {
        lineNumberInFile(at: offset, descriptor)
    }
}

/// The 1-based line of the byte at `offset` of the file open as
/// `descriptor`: the line feeds before it, counted.
func lineNumberInFile(at offset: Int, _ descriptor: Int32) -> Int {
    guard descriptor >= 0 else { return 1 }
    var line = 1
    var position = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while position < offset {
        let wanted = min(chunk.count, offset - position)
        let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(position)) }
        guard count > 0 else { break }
        line += chunk[..<count].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        position += count
    }
    return line
}
