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
    private let descriptor: Int32
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

    /// Connects to `127.0.0.1:port`, each read waiting at most `timeout`
    /// seconds: a guard against a hang, generous for a loaded machine.
    /// `checksAnswers: false` leaves the check to the caller (off a test's
    /// task, where an issue would belong to no test).
    init(port: Int, timeout: Int = 60, checksAnswers: Bool = true) throws {
        self.checksAnswers = checksAnswers
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ClientError("socket: \(errno)") }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw ClientError("connect to port \(port): \(errno)")
        }
    }

    deinit { close(descriptor) }

    /// Sends a request, by default in HTTP/1.0 so that the answer (an event
    /// stream too) comes unchunked; it ends with the connection.
    func send(
        _ method: String, _ path: String, body: String? = nil, version: String = "1.0", headers: [String: String] = [:]
    ) throws {
        var text = "\(method) \(path) HTTP/\(version)\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        text += headers.map { "\($0): \($1)\r\n" }.joined()
        if let body { text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
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
