import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A plain HTTP/1.0 client over a loopback socket, enough to call the real
/// server and to read its event stream line by line; every read bounded by
/// a timeout. Each answer read by ``rest()`` or ``event()`` is checked
/// against `openapi.yaml`, an issue recorded for each difference.
final class LoopbackClient {
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    /// The answer's `Content-Length`, once ``status()`` has read it.
    private var contentLength: Int?
    /// The answer's headers by lowercased name, once ``status()`` has read them.
    private(set) var headers: [String: String] = [:]
    /// Whether answers are checked against `openapi.yaml`.
    private let checksAnswers: Bool
    /// The last request's method and path, and its answer's status.
    private var sent: (method: String, uri: String)?
    private var answered: Int?

    /// Connects to `127.0.0.1:port` (or `::1` when `ipv6`, or another
    /// IPv4 `address` of this machine's), each read
    /// waiting at most `timeout` seconds: a guard against a hang, generous
    /// for a loaded machine. `checksAnswers: false` leaves the check to the
    /// caller (off a test's task, where an issue would belong to no test).
    init(
        port: Int, ipv6: Bool = false, address: String = "127.0.0.1", timeout: Int = 60, checksAnswers: Bool = true
    ) throws {
        self.checksAnswers = checksAnswers
        descriptor = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ClientError("socket: \(errno)") }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let connected: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            address.sin6_addr = in6addr_loopback
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            let ipv4 = address
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr(ipv4)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard connected == 0 else {
            let failure = errno
            // A class whose initializer throws once its properties are set
            // is deinitialized: closing here too would close whatever took
            // the number meanwhile (another test's NIO socket).
            Glibc.close(descriptor)
            descriptor = -1
            throw ClientError("connect to port \(port): \(failure)")
        }
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// Closes both directions, as a client that goes away does; the
    /// descriptor itself is closed with the client.
    func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Resets the connection (a TCP RST, no FIN), as a client killed midway
    /// or a crashed tablet's does; the client can do nothing more.
    func reset() {
        var abort = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &abort, socklen_t(MemoryLayout<linger>.size))
        Glibc.close(descriptor)
        descriptor = -1
    }

    /// Sends a request, by default in HTTP/1.0 so that the answer (an event
    /// stream too) comes unchunked; it ends with the connection. `headers`
    /// are sent too, a `Host` or `Content-Type` among them in place of the
    /// usual one (`127.0.0.1`; JSON when there is a body).
    func send(
        _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:],
        version: String = "1.0"
    ) throws {
        var fields = headers
        let names = Set(headers.keys.map { $0.lowercased() })
        if !names.contains("host") { fields["Host"] = "127.0.0.1" }
        if let body {
            if !names.contains("content-type") { fields["Content-Type"] = "application/json" }
            fields["Content-Length"] = "\(body.utf8.count)"
        }
        var text = "\(method) \(path) HTTP/\(version)\r\nConnection: close\r\n"
        text += fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
        text += "\r\n" + (body ?? "")
        let bytes = Array(text.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else { throw ClientError("write: \(errno)") }
        sent = (method, path)
    }

    /// The next line (without CR LF); `nil` at the end of the stream or on timeout.
    func line() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    /// Sends `bytes` as they are: a part of a request, say.
    func send(raw text: String) throws {
        let bytes = Array(text.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else { throw ClientError("write: \(errno)") }
    }

    /// Whether the server has sent anything (or closed) that is not read
    /// yet, without waiting.
    func hasAnswer() -> Bool {
        if !buffer.isEmpty { return true }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
    }

    /// Whether the server closes the connection before `timeout`, what it
    /// sends meanwhile read and dropped.
    func isClosed(within timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 100) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            if read(descriptor, &chunk, chunk.count) <= 0 { return true }
        }
        return false
    }

    /// The status of the answer, after its headers have been read.
    func status() throws -> Int {
        guard let statusLine = line(),
            let code = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { throw ClientError("no status line") }
        while let header = line(), !header.isEmpty {
            let parts = header.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
            if parts[0].lowercased() == "content-length" {
                contentLength = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        answered = code
        return code
    }

    /// The rest of the answer (after ``status()``): its `Content-Length`
    /// bytes, its chunks (a streamed answer, such as the log's), or to the
    /// end of the connection.
    func rest() -> String {
        if headers["transfer-encoding"] == "chunked" {
            var body: [UInt8] = []
            while let size = line().flatMap({ Int($0, radix: 16) }), size > 0 {
                while buffer.count < size + 2 {
                    var chunk = [UInt8](repeating: 0, count: 4096)
                    let count = read(descriptor, &chunk, chunk.count)
                    guard count > 0 else { break }
                    buffer += chunk[..<count]
                }
                body += buffer.prefix(size)
                buffer.removeFirst(min(size + 2, buffer.count))
            }
            return checked(String(decoding: body, as: UTF8.self))
        }
        guard let contentLength else {
            var lines: [String] = []
            while let next = line() { lines.append(next) }
            return checked(lines.joined(separator: "\n"))
        }
        while buffer.count < contentLength {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { break }
            buffer += chunk[..<count]
        }
        return checked(String(decoding: buffer.prefix(contentLength), as: UTF8.self))
    }

    /// The next Server-Sent Event: its name and its data lines joined.
    func event() -> (name: String, data: String)? {
        var name = "message"
        var data: [String] = []
        while let next = line() {
            if next.isEmpty {
                if !data.isEmpty {
                    _ = checked("event: \(name)\n" + data.map { "data: \($0)\n" }.joined() + "\n")
                    return (name, data.joined(separator: "\n"))
                }
                continue
            }
            if next.hasPrefix("event: ") { name = String(next.dropFirst(7)) }
            if next.hasPrefix("data: ") { data.append(String(next.dropFirst(6))) }
        }
        return nil
    }

    /// `body`, after an issue is recorded for each way the answer (the
    /// last request's status, headers and `body`) differs from `openapi.yaml`.
    private func checked(_ body: String) -> String {
        guard checksAnswers, let sent, let answered else { return body }
        let answer = APIAnswer(method: sent.method, uri: sent.uri, status: answered, headers: headers, body: body)
        do {
            for problem in try OpenAPIDocument.shared().problems(answer) {
                Issue.record("openapi.yaml does not describe the answer: \(problem)")
            }
        } catch {
            Issue.record(error)
        }
        return body
    }
}

/// A failure of the test client itself.
struct ClientError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
