#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif

/// Where a reader's bytes come from: a file descriptor, or a test's chunks.
public protocol ByteSource {
    /// Reads up to `count` bytes; an empty answer is the end of the input.
    mutating func read(upTo count: Int) -> [UInt8]
}

/// The bytes of a file descriptor (standard input), read as they come.
public struct FileDescriptorSource: ByteSource {
    let descriptor: Int32

    /// Reads `descriptor`, which stays open.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Reads what is there, blocking until something is; `[]` at the end.
    public mutating func read(upTo count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let got = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, count) }
            if got < 0, errno == EINTR { continue }
            return got <= 0 ? [] : Array(buffer[..<got])
        }
    }
}

/// Splits a byte stream into the messages of the base protocol: a header
/// of `Name: value` lines ended by an empty line, `\r\n` each, whose
/// `Content-Length` says how many bytes of content follow.
///
/// Memory stays bounded whatever comes: a header is at most
/// ``maximumHeaderBytes``, and content over ``maximumContentBytes`` is
/// skipped as it is read, never kept.
public struct MessageReader<Source: ByteSource> {
    /// What the next part of the stream is.
    public enum Frame: Sendable, Hashable {
        /// A message's content.
        case content([UInt8])
        /// A part that is no message: the error to answer it with.
        case invalid(ResponseError)
        /// The end of the input.
        case end
    }

    /// The longest header read, in bytes.
    public static var maximumHeaderBytes: Int { 8192 }

    /// The largest content taken, in bytes.
    public let maximumContentBytes: Int
    private var source: Source
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// Content still to skip: the body of a message refused at its header.
    private var pendingSkip = 0

    /// A reader of `source` that takes messages up to `maximumContentBytes`
    /// (64 MiB unless said).
    public init(_ source: Source, maximumContentBytes: Int = 64 << 20) {
        self.source = source
        self.maximumContentBytes = maximumContentBytes
    }

    /// The next message, or what is wrong with the next part of the stream.
    public mutating func next() -> Frame {
        if pendingSkip > 0 {
            let count = pendingSkip
            pendingSkip = 0
            guard skip(count) else { return .end }
        }
        guard let header = readHeader() else { return .end }
        let length: Int
        switch header {
        case .failure(let error): return .invalid(error)
        case .success(let value): length = value
        }
        if length > maximumContentBytes {
            // Answered at once, before its content is read past (on the
            // next call): a client that sends no content still hears why.
            pendingSkip = length
            return .invalid(
                ResponseError(
                    .invalidRequest,
                    "a message of \(length) bytes is over the limit of \(maximumContentBytes) bytes; it was skipped"))
        }
        guard let content = take(length) else { return .end }
        return .content(content)
    }

    /// The content length the next header gives, or why it gives none;
    /// `nil` at the end of the input.
    private mutating func readHeader() -> Result<Int, ResponseError>? {
        var searched = 0
        while true {
            if let end = headerEnd(from: searched) {
                let header = Array(buffer[start..<end])
                start = end + 4
                compact()
                guard header.count <= Self.maximumHeaderBytes else {
                    // Its content, when its length can be read, is
                    // skipped with it.
                    if case .success(let length) = Self.contentLength(in: header) { pendingSkip = length }
                    return .failure(Self.oversizedHeader)
                }
                return Self.contentLength(in: header)
            }
            searched = max(0, buffer.count - start - 3)
            if buffer.count - start > Self.maximumHeaderBytes {
                return skipOversizedHeader()
            }
            guard fill() else {
                // Whatever is left is no message; blank lines alone are
                // nothing to answer.
                let rest = buffer[start...]
                start = buffer.count
                if rest.allSatisfy({ $0 == 13 || $0 == 10 || $0 == 32 }) { return nil }
                return .failure(ResponseError(.parseError, "the input ended inside a message's header"))
            }
        }
    }

    /// The error a header over ``maximumHeaderBytes`` is answered with.
    static var oversizedHeader: ResponseError {
        ResponseError(.parseError, "a message's header is longer than \(maximumHeaderBytes) bytes; it was skipped")
    }

    /// Drops a header that is too long up to its end, line by line, keeping
    /// no line longer than ``maximumHeaderBytes``; a `Content-Length` among
    /// its lines makes its content skipped too, so that the next message
    /// is read from its own header.
    private mutating func skipOversizedHeader() -> Result<Int, ResponseError>? {
        var length: Int?
        var inLongLine = false
        var searched = 0
        while true {
            if let newline = lineEnd(from: start + searched) {
                let line = Array(buffer[start..<newline])
                start = newline + 2
                searched = 0
                if !inLongLine {
                    if line.isEmpty {
                        compact()
                        if let length { pendingSkip = length }
                        return .failure(Self.oversizedHeader)
                    }
                    if case .success(let value) = Self.contentLength(in: line) { length = value }
                }
                inLongLine = false
                continue
            }
            if buffer.count - start > Self.maximumHeaderBytes {
                // The rest of this line is dropped as it comes; its last
                // byte is kept, as it may be the `\r` of its end.
                inLongLine = true
                start = buffer.count - 1
            }
            searched = max(0, buffer.count - start - 1)
            compact()
            guard fill() else {
                start = buffer.count
                return .failure(Self.oversizedHeader)
            }
        }
    }

    /// Where the next `\r\n` starts in the buffer, looking from `index`.
    private func lineEnd(from index: Int) -> Int? {
        var index = index
        while index + 1 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10 { return index }
            index += 1
        }
        return nil
    }

    /// Where `\r\n\r\n` starts in the unread bytes, looking from `offset`.
    private func headerEnd(from offset: Int) -> Int? {
        var index = start + offset
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The `Content-Length` of a header's lines.
    static func contentLength(in header: [UInt8]) -> Result<Int, ResponseError> {
        var length: Int?
        for line in header.split(separator: 10, omittingEmptySubsequences: false) {
            var text = String(decoding: line, as: UTF8.self)
            if text.hasSuffix("\r") { text.removeLast() }
            guard let colon = text.firstIndex(of: ":") else {
                return .failure(ResponseError(.parseError, "a header line is not \"Name: value\": \(text.prefix(80))"))
            }
            let name = text[..<colon].trimmingSpaces.lowercased()
            let value = text[text.index(after: colon)...].trimmingSpaces
            guard name == "content-length" else { continue }
            guard let number = Int(value), number >= 0, value.allSatisfy(\.isASCII) else {
                return .failure(
                    ResponseError(.parseError, "Content-Length is not a number of bytes: \(value.prefix(80))"))
            }
            length = number
        }
        guard let length else { return .failure(ResponseError(.parseError, "a message has no Content-Length header")) }
        return .success(length)
    }

    /// The next `count` bytes; `nil` when the input ends first.
    private mutating func take(_ count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            guard fill(wanting: count - (buffer.count - start)) else { return nil }
        }
        let content = Array(buffer[start..<start + count])
        start += count
        compact()
        return content
    }

    /// Reads past `count` bytes without keeping them; `false` when the
    /// input ends first.
    private mutating func skip(_ count: Int) -> Bool {
        var left = count
        while left > 0 {
            if start == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                start = 0
                guard fill(wanting: left) else { return false }
            }
            let dropped = min(left, buffer.count - start)
            start += dropped
            left -= dropped
        }
        compact()
        return true
    }

    /// Reads more of the source onto the buffer; `false` at its end.
    private mutating func fill(wanting wanted: Int = 65536) -> Bool {
        guard !ended else { return false }
        let chunk = source.read(upTo: min(max(wanted, 4096), 1 << 20))
        if chunk.isEmpty {
            ended = true
            return false
        }
        buffer += chunk
        return true
    }

    /// Drops the bytes already read.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.count < 1 << 20)
            start = 0
        } else if start > 1 << 16 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
