import Foundation
import TestSupport
import Testing

/// SPEC 19, "Stops cleanly", with the real `juice-server`: SIGTERM in the
/// middle of a burst of makes ends it within 10 seconds with exit 0, every
/// make it answered 200 is in the journal and the stock, and none it did not
/// answer is; an open event stream does not hold it up.
@Suite struct ShutdownTests {
    /// Clients making juices at once.
    static let clients = 6

    @Test func sigtermDuringABurstOfMakesLosesNothingAndExits0Within10Seconds() async throws {
        try await Fixture.with { fixture in
            let store = ["--menu", fixture.menuPath, "--inventory", fixture.inventoryPath]
            let delivery = try await ServerProcess.juice(["adjust", "banana=+100000"] + store, in: fixture.folder)
            #expect(delivery.status == 0)
            let server = try ServerProcess(in: fixture.folder, arguments: store)
            let stream = try LoopbackClient(port: server.port)
            try stream.send("GET", "/api/stores/main/events")
            #expect(try stream.status() == 200)

            let answered = SharedCount()
            let done = SharedCount()
            let port = server.port
            for _ in 0..<Self.clients {
                Thread {
                    // Until the server no longer takes a connection or answers.
                    while true {
                        guard let client = try? LoopbackClient(port: port, checksAnswers: false),
                            (try? client.send("POST", "/api/stores/main/make", body: #"{"orders": ["banana"]}"#))
                                != nil,
                            let status = try? client.status()
                        else { break }
                        _ = client.rest()
                        guard status == 200 else { break }
                        answered.increment()
                    }
                    done.increment()
                }.start()
            }
            #expect(await eventually(within: .seconds(60)) { answered.value >= 30 })
            let signalled = ContinuousClock.now
            server.process.terminate()
            server.process.waitUntilExit()
            let took = ContinuousClock.now - signalled
            #expect(took < .seconds(10), "it took \(took)")
            #expect(server.process.terminationStatus == 0)
            #expect(await eventually(within: .seconds(60)) { done.value == Self.clients })

            let makes = answered.value
            let journal = try String(contentsOfFile: fixture.inventoryPath + ".journal", encoding: .utf8)
            #expect(journal.split(separator: "\n").filter { $0.contains(#""kind":"make""#) }.count == makes)
            let report = try await ServerProcess.juice(
                ["report", "--format", "json"] + store, in: fixture.folder)
            let json = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
            let stock = try #require(json?["inventory"] as? [String: Int])
            #expect(stock["banana"] == 10 + 100_000 - 2 * makes)
        }
    }
}
