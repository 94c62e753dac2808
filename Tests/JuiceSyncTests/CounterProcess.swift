import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// `juice-server` run by a test in a chain's folder, on a port of its own.
enum CounterProcess {
    /// Starts `juice-server arguments...` over `chain` (with `environment`'s
    /// variables added), waits until
    /// `GET probe` answers 200, runs `body` with its port, then stops it
    /// and gives its result (`nil` when it never answered: recorded).
    ///
    /// A port free when asked may be taken by another test before the
    /// server binds it (the server exits 69): then again, on another. The
    /// wait is long, a guard only: beside the browser and busy-day tests on
    /// two cores, a start once took more than 20 s.
    static func with(
        _ chain: ChainFixture, _ arguments: [String], probe: String, environment: [String: String] = [:],
        _ body: (Int) async throws -> Void
    ) async throws -> ProcessResult? {
        for _ in 0..<5 {
            let port = try freePort()
            let server = try chain.launch(
                "juice-server", ["--port", "\(port)"] + arguments, timeout: 600, environment: environment)
            let deadline = ContinuousClock.now + .seconds(180)
            var isUp = false
            // What the last probe met, for the issue when it never answers.
            var lastProbe = "no probe"
            while !isUp, server.isRunning, ContinuousClock.now < deadline {
                do {
                    let answer = try await request(port, "GET", probe)
                    isUp = answer.status == 200
                    lastProbe = "status \(answer.status): \(String(decoding: answer.body.prefix(300), as: UTF8.self))"
                } catch {
                    lastProbe = "\(error)"
                }
                if !isUp { try await Task.sleep(for: .milliseconds(100)) }
            }
            if isUp {
                try await body(port)
                server.terminate()
                return await server.result()
            }
            // Session 23's probes failed "after 0 ms" while curl, from a
            // shell, got an answer: whether this process's own socket does.
            lastProbe += "; a socket's connect: \(plainConnect(port))"
            server.terminate()
            let result = await server.result()
            if result.exitCode == 69, result.stderr.contains("in use") { continue }
            Issue.record(
                "juice-server did not answer: exit \(result.status), the last probe: \(lastProbe), stderr: \(result.stderr)"
            )
            return nil
        }
        Issue.record("juice-server found no free port in 5 tries")
        return nil
    }

    /// A request to the server on `port`: its status, body and headers.
    static func request(
        _ port: Int, _ method: String, _ path: String, body: String? = nil
    ) async throws -> (status: Int, body: Data, response: HTTPURLResponse?) {
        // A request that hangs is given up after 20 s (the default is 60),
        // so that a probe tries again.
        var request = URLRequest(
            url: try #require(URL(string: "http://127.0.0.1:\(port)\(path)")), timeoutInterval: 20)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, data, http)
    }

    /// What a socket's `connect` to the loopback `port` meets: "connected"
    /// or its `errno`.
    private static func plainConnect(_ port: Int) -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return "socket: errno \(errno)" }
        defer { close(socket) }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return connected == 0 ? "connected" : "errno \(errno)"
    }

    /// A loopback port free now: bound, read, closed.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The IPv4 loopback address with `port` (0: any the system picks).
    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
