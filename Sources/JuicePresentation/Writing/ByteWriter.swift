#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes on their way out: to a file descriptor in large writes, or kept in
/// memory (a store's part of a chain's output, rendered by a worker and
/// written in order by the thread that owns stdout).
///
/// Renderers write numbers, literals and the UTF-8 of strings straight into
/// the buffer: no `String` per cell or per line. The first write that fails
/// is kept (``failure``) and everything after it is dropped, so a full disk
/// or a closed pipe ends the output once and is said once, by ``finish()``.
///
/// Not thread-safe: one thread writes at a time. A writer in memory may be
/// handed whole to another thread once its owner is done with it.
package final class ByteWriter: @unchecked Sendable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes the buffer holds.
    private(set) var count = 0
    /// Where the bytes go; `nil`: they stay in memory.
    private let descriptor: Int32?
    /// Whether each line is written as soon as it ends (a terminal, so that
    /// stdout and stderr interleave as they are said).
    private let flushesLines: Bool
    /// The `errno` of the first write that failed; `nil` while all went well.
    package private(set) var failure: Int32?

    /// A writer to `descriptor`, in writes of up to `capacity` bytes.
    package init(descriptor: Int32, capacity: Int = 1 << 18) {
        self.descriptor = descriptor
        self.capacity = capacity
        flushesLines = isatty(descriptor) == 1
        storage = .allocate(capacity: capacity)
    }

    /// A writer that keeps its bytes in memory, for ``write(_:)-(ByteWriter)``.
    package init(reserving capacity: Int = 1 << 12) {
        descriptor = nil
        self.capacity = max(capacity, 16)
        flushesLines = false
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// The bytes held, for a writer in memory.
    package var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: storage, count: count)
    }

    /// Makes room for `extra` more bytes: a writer to a descriptor writes
    /// out what it holds, one in memory grows.
    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > capacity { makeRoom(extra) }
    }

    private func makeRoom(_ extra: Int) {
        if descriptor != nil {
            flush()
            if extra <= capacity { return }
        }
        let grown = max(capacity * 2, count + extra)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = grown
    }

    /// Writes one byte.
    @inline(__always)
    package func write(byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    /// Writes `count` copies of a byte (padding, indentation).
    package func write(repeating byte: UInt8, count repeats: Int) {
        guard repeats > 0 else { return }
        reserve(repeats)
        (storage + count).update(repeating: byte, count: repeats)
        count += repeats
    }

    /// Writes raw bytes; a long run goes out directly, not through the
    /// buffer.
    @inline(__always)
    package func write(_ raw: UnsafeBufferPointer<UInt8>) {
        let length = raw.count
        guard let base = raw.baseAddress else { return }
        if length <= 8, count + 8 <= capacity {
            // Many writes are a few bytes: a loop beats a call to memcpy.
            for offset in 0..<length { storage[count + offset] = base[offset] }
            count += length
            return
        }
        writeLong(base, length)
    }

    private func writeLong(_ base: UnsafePointer<UInt8>, _ length: Int) {
        if let descriptor, length >= capacity / 4 {
            flush()
            send(base, length, to: descriptor)
            return
        }
        reserve(length)
        (storage + count).update(from: base, count: length)
        count += length
    }

    /// Writes the bytes another writer holds in memory.
    package func write(_ other: ByteWriter) {
        write(other.bytes)
    }

    /// Writes the bytes of an array.
    package func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    /// Writes a literal's UTF-8.
    @inline(__always)
    package func write(_ literal: StaticString) {
        write(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Writes a string's UTF-8.
    package func write(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ write($0) }) == nil {
            var copy = text
            copy.withUTF8 { write($0) }
        }
    }

    /// Writes a whole number in decimal.
    package func write(_ number: Int) {
        reserve(20)
        var magnitude = number.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        if number < 0 {
            storage[count] = UInt8(ascii: "-")
            count += 1
        }
        var position = count + digits
        count = position
        repeat {
            position -= 1
            storage[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    /// Ends a line; on a terminal, writes it out.
    package func newline() {
        write(byte: UInt8(ascii: "\n"))
        if flushesLines { flush() }
    }

    /// Writes a line of text.
    package func line(_ text: String) {
        write(text)
        newline()
    }

    /// Writes out what the buffer holds; after a failure, drops it.
    package func flush() {
        if let descriptor { send(storage, count, to: descriptor) }
        count = 0
    }

    private func send(_ start: UnsafePointer<UInt8>, _ length: Int, to descriptor: Int32) {
        var sent = 0
        while failure == nil, sent < length {
            let result = systemWrite(descriptor, start + sent, length - sent)
            if result >= 0 {
                sent += result
            } else if errno != EINTR {
                failure = errno
            }
        }
    }
}

/// The system's `write(2)`, named apart from ``ByteWriter/write(byte:)``
/// and its siblings.
private func systemWrite(_ descriptor: Int32, _ start: UnsafePointer<UInt8>, _ length: Int) -> Int {
    write(descriptor, start, length)
}

extension ByteWriter {
    /// The number of decimal digits of `number`, a sign included: its width
    /// in a text table.
    package static func width(of number: Int) -> Int {
        var digits = number < 0 ? 2 : 1
        var rest = number.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }
}
