import LanguageServerProtocol

/// A test's input, handed over in the chunks given, as reads of a pipe
/// would split it.
struct ChunkSource: ByteSource {
    var chunks: [[UInt8]]

    init(_ chunks: [[UInt8]]) {
        self.chunks = chunks
    }

    init(_ text: String) {
        self.init([Array(text.utf8)])
    }

    mutating func read(upTo count: Int) -> [UInt8] {
        guard !chunks.isEmpty else { return [] }
        let chunk = chunks.removeFirst()
        guard chunk.count > count else { return chunk }
        chunks.insert(Array(chunk[count...]), at: 0)
        return Array(chunk[..<count])
    }
}

/// A framed message: its header and `content`.
func framed(_ content: String) -> String {
    "Content-Length: \(content.utf8.count)\r\n\r\n" + content
}

/// A source that gives `size` bytes of `x` a megabyte at a time, never
/// holding them all.
struct EndlessSource: ByteSource {
    var header: [UInt8]?
    var left: Int

    mutating func read(upTo count: Int) -> [UInt8] {
        if let header {
            self.header = nil
            return header
        }
        let size = min(left, count)
        left -= size
        return [UInt8](repeating: UInt8(ascii: "x"), count: size)
    }
}
