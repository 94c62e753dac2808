import Foundation
import HummingbirdTesting
import JuiceServer
import Testing

/// SPEC 12's timeouts, on a live server in process whose timeouts are
/// short: an idle connection and a request head that does not come are
/// closed; a connection in use is not.
@Suite struct ConnectionTimeoutTests {
    /// What `body` finds with the port of a live server whose timeouts are
    /// 1 s, on a thread of its own: its reads block, and the server in this
    /// process needs the cooperative pool.
    private func live<T: Sendable>(_ body: @escaping @Sendable (Int) throws -> T) async throws -> T {
        try await Fixture.with { fixture in
            var configuration = fixture.configuration()
            configuration.idleTimeout = .seconds(1)
            configuration.headTimeout = .seconds(1)
            return try await JuiceApp(configuration).application().test(.live) { client in
                let port = try #require(client.port)
                return try await withCheckedThrowingContinuation { continuation in
                    Thread { continuation.resume(with: Result { try body(port) }) }.start()
                }
            }
        }
    }

    /// A client whose answers are checked by the test, not on its thread.
    private static func client(_ port: Int) throws -> LoopbackClient {
        try LoopbackClient(port: port, checksAnswers: false)
    }

    @Test func anIdleConnectionIsClosedAfterTheIdleTimeout() async throws {
        let (status, closed) = try await live { port in
            let client = try Self.client(port)
            try client.send(raw: "GET /api/stores HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return (try client.status(), client.isClosed(within: .seconds(30)))
        }
        #expect(status == 200)
        #expect(closed)
    }

    @Test func aConnectionThatSendsNothingIsClosedAfterTheHeadTimeout() async throws {
        let closed = try await live { port in try Self.client(port).isClosed(within: .seconds(30)) }
        #expect(closed)
    }

    @Test func aPartialHeadIsClosedAfterTheHeadTimeoutThoughBytesKeepComing() async throws {
        let took = try await live { port -> Duration? in
            let client = try Self.client(port)
            let began = ContinuousClock.now
            try client.send(raw: "GET /api/stores HTTP/1.1\r\n")
            // A header line every half second: never a whole head.
            for index in 0..<60 {
                try? client.send(raw: "X-Slow-\(index): 1\r\n")
                if client.isClosed(within: .milliseconds(500)) { return ContinuousClock.now - began }
            }
            return nil
        }
        #expect(took != nil)
        #expect(took.map { $0 < .seconds(30) } ?? false)
    }

    @Test func anEventStreamOutlivesTheIdleTimeout() async throws {
        let (status, event, closed) = try await live { port in
            let client = try Self.client(port)
            try client.send("GET", "/api/stores/main/events")
            return (try client.status(), client.event()?.name, client.isClosed(within: .seconds(3)))
        }
        #expect(status == 200)
        #expect(event == "inventory")
        #expect(!closed)
    }
}
