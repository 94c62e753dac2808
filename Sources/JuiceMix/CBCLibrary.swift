internal import CCbc

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// COIN-OR CBC, loaded the first time a mix is solved rather than linked:
/// a process that solves none never maps its libraries.
enum CBCLibrary {
    /// Where CBC is looked for, by the dynamic loader's search: the file of
    /// Debian's runtime package, then the development package's link (and
    /// Homebrew's name).
    static let candidates = ["libCbcSolver.so.3", "libCbcSolver.so", "libCbcSolver.dylib"]

    /// CBC's functions, or why they could not be loaded: tried once.
    static let functions = load(from: candidates)

    /// CBC's functions from the first of `candidates` that has them all.
    ///
    /// - Returns: ``MixError/solverUnavailable(_:)`` with the dynamic
    ///   loader's reason for each candidate when none has them.
    static func load(from candidates: [String]) -> Result<JuiceCBCFunctions, MixError> {
        // Filled by C: every field when it succeeds.
        let functions = UnsafeMutablePointer<JuiceCBCFunctions>.allocate(capacity: 1)
        defer { functions.deallocate() }
        var reasons: [String] = []
        for candidate in candidates {
            if juice_cbc_load(candidate, functions) == 0 { return .success(functions.pointee) }
            reasons.append(dlerror().map { String(cString: $0) } ?? candidate)
        }
        return .failure(.solverUnavailable(reasons.joined(separator: "; ")))
    }
}
