#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Byte comparisons for scalars, done by the C library: the generic
/// `elementsEqual` goes element by element through the `Sequence` protocol.
@usableFromInline
enum Bytes {
    /// Whether two byte runs are the same bytes.
    @usableFromInline
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }
        return memcmp(left, right, a.count) == 0
    }
}
