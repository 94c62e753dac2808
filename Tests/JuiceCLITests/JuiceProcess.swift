import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the real `juice` binary (and, for lock tests, other programs) with
/// pipes for stdout and stderr that are drained while the process runs.
enum JuiceProcess {
    /// The `juice` executable built beside this test bundle.
    static let binary = BuiltProduct.url(named: "juice")

    /// The environment a test starts from (see
    /// ``BuiltProduct/environment(_:)``), with `overrides`.
    static func environment(_ overrides: [String: String?]) -> [String: String] {
        BuiltProduct.environment(overrides)
    }

    /// Runs `juice arguments...` in `directory` and waits for it.
    ///
    /// - Parameters:
    ///   - environment: variables to set (a `nil` value removes one) on top
    ///     of ``environment(_:)``.
    ///   - timeout: seconds after which the process is killed and the result
    ///     marked ``ProcessResult/timedOut``: a guard against hangs, not a
    ///     speed test.
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String?] = [:], timeout: Double = 120
    ) async throws -> ProcessResult {
        try await TestSlots.shared.run {
            try await launch(arguments, in: directory, environment: environment, timeout: timeout).result()
        }
    }

    /// Starts `juice arguments...` in `directory` without waiting for it.
    static func launch(
        _ arguments: [String], in directory: URL, environment: [String: String?] = [:], timeout: Double = 120
    ) throws -> RunningProcess {
        let binary = try #require(binary, "no 'juice' executable found above \(Bundle.main.bundleURL.path)")
        return try RunningProcess(
            executable: binary, arguments: arguments, directory: directory,
            environment: Self.environment(environment), timeout: timeout)
    }
}
