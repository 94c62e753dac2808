/// Whether `condition` holds within `limit`, looked at every 50 ms: a
/// test waits for a state, with a bound, instead of sleeping and hoping.
package func eventually(within limit: Duration, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + limit
    while true {
        if try await condition() { return true }
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(50))
    }
}
