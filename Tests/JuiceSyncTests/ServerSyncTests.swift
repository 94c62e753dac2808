import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// `juice-server --sync URL`: the counter ships its stores' journals in
/// the background, and keeps serving when the database is away.
struct ServerSyncTests {
    /// A loopback port free now: bound, read, closed.
    private func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Starts the counter over `chain` with `--sync url`, waits until it
    /// answers, runs `body` with its port, then stops it. A port free when
    /// asked may be taken by another test before the server binds it (the
    /// server exits 69): then again, on another. The wait is long, a guard
    /// only: beside the browser and busy-day tests on two cores, a start
    /// once took more than 20 s.
    private func withServer(
        _ chain: Chain, sync url: String, _ body: (Int) async throws -> Void
    ) async throws -> ProcessResult? {
        for _ in 0..<5 {
            let port = try freePort()
            let server = try chain.launch(
                "juice-server", ["--port", "\(port)", "--stores", Chain.manifest, "--sync", url], timeout: 600)
            let deadline = ContinuousClock.now + .seconds(180)
            var isUp = false
            while !isUp, server.isRunning, ContinuousClock.now < deadline {
                isUp = (try? await status(port, "GET", "/api/stores/north/report")) == 200
                if !isUp { try await Task.sleep(for: .milliseconds(100)) }
            }
            if isUp {
                try await body(port)
                server.terminate()
                return await server.result()
            }
            server.terminate()
            let result = await server.result()
            if result.exitCode == 69, result.stderr.contains("in use") { continue }
            Issue.record("juice-server did not answer: exit \(result.status), stderr: \(result.stderr)")
            return nil
        }
        Issue.record("juice-server found no free port in 5 tries")
        return nil
    }

    /// The HTTP status of a request to the counter on `port`.
    private func status(_ port: Int, _ method: String, _ path: String, body: String? = nil) async throws -> Int {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)\(path)")))
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    @Test func theCounterKeepsServingWhenTheDatabaseIsAway() async throws {
        try await Chain.with { chain in
            let server = try await withServer(chain, sync: "postgres://juice@127.0.0.1:1/postgres") { port in
                let made = try await status(
                    port, "POST", "/api/stores/north/make", body: #"{"orders": ["banana=2"]}"#)
                #expect(made == 200)
            }
            let result = try #require(server)
            #expect(try chain.expected("north").map(\.kind) == ["make"])
            #expect(result.stderr.contains("juice-server: sync: cannot reach the database at 127.0.0.1:1/postgres: "))
        }
    }

    @Test(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
    func theCounterShipsItsStoresJournals() async throws {
        try await TestDatabase.with { database in
            try await Chain.with { chain in
                let server = try await withServer(chain, sync: database.text) { port in
                    for store in Chain.stores {
                        let made = try await status(
                            port, "POST", "/api/stores/\(store)/make", body: #"{"orders": ["kiwiBanana=1"]}"#)
                        #expect(made == 200)
                    }
                    try await chain.juice(["adjust", "kiwi=+3", "--store", "north"])
                    // A guard, not the lag (Benchmarks/sync-lag.sh measures it).
                    var copied = false
                    for _ in 0..<600 where !copied {
                        try await Task.sleep(for: .milliseconds(100))
                        copied = true
                        for store in Chain.stores where try await database.entries(of: store) != chain.expected(store) {
                            copied = false
                        }
                    }
                    #expect(copied)
                }
                let result = try #require(server)
                #expect(result.exitCode == 0, "\(result.stderr)")
            }
        }
    }
}
