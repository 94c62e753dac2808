import Foundation
import Testing

/// `juice` itself, before any of its commands runs.
@Suite struct JuiceCommandTests {
    @Test func anUnknownCommandIsAUsageErrorThatChangesNothing() async throws {
        try await CommandChecks.usageError(["frobnicate"])
    }
}
