#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// Whether the two strings are the same bytes of UTF-8 (not merely the
    /// same characters, as `==` compares them): a field of a row compared
    /// with the last row's, which tills repeat, by `memcmp` rather than
    /// the generic comparison of their UTF-8 views.
    func hasSameBytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var (first, second) = (self, other)
        return first.withUTF8 { first in
            second.withUTF8 { second in
                first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0
            }
        }
    }
}
