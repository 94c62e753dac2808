#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The environment's variables, read once.
enum Environment {
    static let variables: [String: String] = {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }()

    /// The inventory lock's wait from `JUICE_LOCK_TIMEOUT` (seconds,
    /// default 10; anything but a finite number of 0 or more, such as `abc`,
    /// `inf`, `nan` or `-1`, is ignored).
    static var lockTimeout: Double {
        variables["JUICE_LOCK_TIMEOUT"].flatMap(Double.init).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 10
    }
}
