/// A value a ``SpooledList`` can keep as bytes in its temporary file.
public protocol Spoolable: Sendable, Hashable {
    /// Writes the value's fields to `record`.
    func spool(into record: inout SpoolRecord)
    /// The value read back from `record`, its fields in the order
    /// ``spool(into:)`` wrote them.
    init(unspooling record: inout SpoolRecord)
}

/// A list that grows with an export (the tickets an import held back, those
/// booked short, the refunds), in bounded memory: its first elements are
/// kept as they are, the rest as bytes in a temporary file of its own
/// (unlinked as soon as it is made, so nothing is left behind whatever ends
/// the process). When no temporary file can be made or written, it keeps
/// everything in memory instead: it never drops an element.
///
/// A value: a copy appended to copies its elements first.
public struct SpooledList<Element: Spoolable>: Sequence, Sendable, Hashable, ExpressibleByArrayLiteral {
    private var storage: SpoolStorage<Element>

    /// How many elements a list keeps in memory before it writes the rest
    /// to its file.
    public static var defaultMemoryLimit: Int { 1024 }

    /// An empty list.
    public init() {
        self.init(keepingInMemory: Self.defaultMemoryLimit)
    }

    /// An empty list that keeps `limit` elements in memory, the rest in its
    /// file in `folder` (`$TMPDIR`, or `/tmp`, unless said); tests use a
    /// small limit.
    package init(keepingInMemory limit: Int, in folder: String? = nil) {
        storage = SpoolStorage(memoryLimit: Swift.max(limit, 0), folder: folder)
    }

    /// A list of `elements`.
    public init(arrayLiteral elements: Element...) {
        self.init()
        for element in elements { append(element) }
    }

    /// How many elements the list holds.
    public var count: Int { storage.count }

    /// Whether the list holds no element.
    public var isEmpty: Bool { storage.count == 0 }

    /// Whether some of the elements are in the temporary file.
    package var isSpooled: Bool { storage.spooledCount > 0 }

    /// Adds `element` at the end.
    public mutating func append(_ element: Element) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        storage.append(element)
    }

    /// Adds the elements of `other` at the end of `list`.
    public static func += (list: inout Self, other: Self) {
        for element in other { list.append(element) }
    }

    /// The number of elements: the list knows it without reading them.
    public var underestimatedCount: Int { count }

    /// The elements in the order they were added.
    public func makeIterator() -> SpoolIterator<Element> {
        SpoolIterator(storage)
    }

    /// Whether both lists hold the same elements in the same order.
    public static func == (left: Self, right: Self) -> Bool {
        left.count == right.count && left.elementsEqual(right)
    }

    /// Hashes the elements in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

/// The fields of one element of a ``SpooledList`` as bytes: what
/// ``Spoolable/spool(into:)`` writes and ``Spoolable/init(unspooling:)``
/// reads back, field by field in the same order.
public struct SpoolRecord: Sendable {
    fileprivate var bytes: [UInt8]
    fileprivate var position = 0

    fileprivate init(bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    /// Adds `value`.
    public mutating func write(_ value: Int) {
        // Zigzag, then 7 bits a byte, lowest first.
        var rest = UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1))))
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Adds `text`.
    public mutating func write(_ text: String) {
        write(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    /// The next value, as ``write(_:)-(Int)`` wrote it.
    public mutating func readInt() -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while position < bytes.count, shift < 64 {
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        let zigzag = Int(truncatingIfNeeded: value)
        return Int(bitPattern: UInt(bitPattern: zigzag) >> 1) ^ -(zigzag & 1)
    }

    /// The next text, as ``write(_:)-(String)`` wrote it.
    public mutating func readString() -> String {
        let length = min(max(readInt(), 0), bytes.count - position)
        defer { position += length }
        return String(decoding: bytes[position..<position + length], as: UTF8.self)
    }
}

/// Reads a ``SpooledList``'s elements in order: those in memory, then those
/// in its file, a block at a time.
public struct SpoolIterator<Element: Spoolable>: IteratorProtocol {
    private let storage: SpoolStorage<Element>
    /// The list as it was when the reading began.
    private let memoryCount: Int
    private let fileLength: Int
    private let pending: [UInt8]
    private var index = 0
    /// Where the next block of the file starts.
    private var fileOffset = 0
    /// Bytes read and not yet decoded, and how far they are decoded.
    private var block: [UInt8] = []
    private var position = 0
    private var pendingPosition = 0

    fileprivate init(_ storage: SpoolStorage<Element>) {
        self.storage = storage
        memoryCount = storage.memory.count
        fileLength = storage.fileLength
        pending = storage.pending
    }

    /// The next element; `nil` after the last.
    public mutating func next() -> Element? {
        if index < memoryCount {
            defer { index += 1 }
            return storage.memory[index]
        }
        if let record = nextRecord() {
            var record = record
            return Element(unspooling: &record)
        }
        return nil
    }

    private mutating func nextRecord() -> SpoolRecord? {
        if position < block.count || fileOffset < fileLength {
            return fileRecord()
        }
        guard pendingPosition < pending.count else { return nil }
        var reader = SpoolRecord(bytes: pending)
        reader.position = pendingPosition
        let length = reader.readInt()
        let start = reader.position
        pendingPosition = start + length
        return SpoolRecord(bytes: Array(pending[start..<min(start + length, pending.count)]))
    }

    /// The next record of the file: its length, then its bytes, read into
    /// ``block`` as far as needed.
    private mutating func fileRecord() -> SpoolRecord? {
        // A length takes at most 10 bytes.
        fill(atLeast: 10)
        var reader = SpoolRecord(bytes: block)
        reader.position = position
        let length = reader.readInt()
        position = reader.position
        fill(atLeast: length)
        let end = min(position + length, block.count)
        defer { position = end }
        return SpoolRecord(bytes: Array(block[position..<end]))
    }

    /// Reads more of the file until ``block`` holds `count` bytes after
    /// ``position`` or the file is read to the end.
    private mutating func fill(atLeast count: Int) {
        guard block.count - position < count, fileOffset < fileLength else { return }
        block.removeFirst(position)
        position = 0
        while block.count < count, fileOffset < fileLength {
            let wanted = min(max(count - block.count, 1 << 16), fileLength - fileOffset)
            let start = block.count
            block.append(contentsOf: repeatElement(0, count: wanted))
            block.withUnsafeMutableBytes { raw in
                storage.file?.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[start...]), at: fileOffset)
            }
            fileOffset += wanted
        }
    }
}

/// The elements of a ``SpooledList``, shared by its copies until one of
/// them changes.
final class SpoolStorage<Element: Spoolable>: @unchecked Sendable {
    /// How many elements are kept in ``memory`` before the rest are spooled.
    let memoryLimit: Int
    /// The first elements.
    private(set) var memory: [Element] = []
    /// The temporary file, once the first element is spooled.
    private(set) var file: TemporaryFile?
    /// Whether a file could not be made or written: everything stays in
    /// memory from then on.
    private var inMemoryOnly = false
    /// The bytes written to the file.
    var fileLength: Int { file?.length ?? 0 }
    /// Records not yet written to the file.
    private(set) var pending: [UInt8] = []
    /// How many elements are in the file and in ``pending``.
    private(set) var spooledCount = 0

    /// The folder of the file; `nil`: `$TMPDIR`, or `/tmp`.
    private let folder: String?

    init(memoryLimit: Int, folder: String?) {
        self.memoryLimit = memoryLimit
        self.folder = folder
    }

    var count: Int { memory.count + spooledCount }

    func append(_ element: Element) {
        // Once spooling has begun, every element is a record (in the file,
        // or in pending when the file failed), so the order stays.
        let spools = spooledCount > 0 || (memory.count >= memoryLimit && !inMemoryOnly && openFile())
        guard spools else { return memory.append(element) }
        var record = SpoolRecord()
        element.spool(into: &record)
        var framed = SpoolRecord()
        framed.write(record.bytes.count)
        pending += framed.bytes
        pending += record.bytes
        spooledCount += 1
        if pending.count >= 1 << 16, !inMemoryOnly { writePending() }
    }

    /// A storage of the same elements, for a copy that changes.
    func copy() -> SpoolStorage {
        let copy = SpoolStorage(memoryLimit: memoryLimit, folder: folder)
        var elements = SpoolIterator(self)
        while let element = elements.next() { copy.append(element) }
        return copy
    }

    /// Makes the file; `false` when it cannot be made.
    private func openFile() -> Bool {
        file = TemporaryFile(in: folder)
        inMemoryOnly = file == nil
        return file != nil
    }

    /// Writes ``pending`` to the end of the file; when that fails (a full
    /// disk), the bytes stay in ``pending``, the file's length is what it
    /// was (a record written in part is not read), and nothing more is
    /// written.
    private func writePending() {
        guard let file, pending.withUnsafeBytes(file.append) else {
            inMemoryOnly = true
            return
        }
        pending.removeAll(keepingCapacity: true)
    }
}
