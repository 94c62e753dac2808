import JuiceSync
import Testing

/// The seconds an environment variable sets (`JUICE_SYNC_TIMEOUT`,
/// `JUICE_CENTRAL_POLL`): a number within its range, else the default.
struct EnvironmentSecondsTests {
    @Test(
        arguments: [
            (nil, 30.0), ("5", 5), ("0.1", 0.1), ("0.05", 30), ("86400", 86_400), ("86401", 30), ("1e20", 30),
            ("nan", 30), ("abc", 30), ("", 30),
        ] as [(String?, Double)])
    func theSyncsTimeout(value: String?, seconds: Double) {
        let environment = value.map { [Syncer.timeoutVariable: $0] } ?? [:]
        #expect(Syncer.timeout(in: environment) == seconds)
    }

    @Test func aSecondsVariableHasItsOwnMinimumAndDefault() {
        #expect(Syncer.seconds("POLL", in: ["POLL": "0.5"], from: 1, otherwise: 60) == 60)
        #expect(Syncer.seconds("POLL", in: ["POLL": "1"], from: 1, otherwise: 60) == 1)
        #expect(Syncer.seconds("POLL", in: ["OTHER": "5"], from: 1, otherwise: 60) == 60)
    }
}
