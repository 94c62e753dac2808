/// FNV-1a, 64 bits: a hash of bytes that is the same in every run and on
/// every machine (unlike `Hasher`), for what is written into file names and
/// files: temporary names, a cut journal name, the inventory's check.
struct StableHash {
    /// The hash of what was combined so far.
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Adds `bytes` to the hash.
    mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
        }
    }

    /// The hash of a text's UTF-8 bytes.
    static func of(_ text: String) -> UInt64 {
        var hash = StableHash()
        hash.combine(text.utf8)
        return hash.value
    }

    /// The low `digits` hex digits of `value`, zero-padded.
    static func hex(_ value: UInt64, digits: Int = 16) -> String {
        let text = String(value, radix: 16).suffix(digits)
        return String(repeating: "0", count: digits - text.count) + text
    }
}
