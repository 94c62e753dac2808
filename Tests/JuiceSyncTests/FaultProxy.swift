import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP proxy on loopback between the tools and the test's PostgreSQL
/// that breaks a connection at a chosen step: it reads PostgreSQL's wire
/// protocol from the client (the startup message, then a type byte and an
/// Int32 length per message; `Q` and `P` carry the SQL) and, once the step
/// is reached, stalls (forwards nothing more either way, the sockets kept
/// open: a network gone without a word) or resets (RST to the client).
/// "The connection dies at step X" is then one line of a test.
final class FaultProxy: Sendable {
    /// Where a connection breaks.
    enum Step: Sendable {
        /// As it is accepted, before anything reaches the database.
        case connect
        /// Once the startup message reached the database (its answer
        /// never comes back).
        case startup
        /// Once a query whose SQL contains `text` reached the database (a
        /// `Q`, or a `P` with the messages up to its `Sync`), on a
        /// connection that sent one containing `after` before: its answer
        /// never comes back.
        case query(String, after: String? = nil)
    }

    /// How it breaks.
    enum Break: Sendable {
        /// Nothing more is forwarded; the sockets stay open.
        case stall
        /// The client's socket is reset (SO_LINGER 0, then closed).
        case reset
    }

    private struct State {
        var fault: (step: Step, action: Break)?
        var fired = 0
        var isClosed = false
        var sockets: Set<Int32> = []
    }

    private let state = Mutex(State())
    private let listener: Int32
    /// The proxy's port on 127.0.0.1.
    let port: Int
    private let upstreamPort: Int

    /// The longest a proxy runs, in poll rounds of 100 ms: a bound on its
    /// loops should a test forget to close it.
    private static let rounds = 6000

    /// Runs `body` with a proxy to `database`'s server, closed after.
    static func with<T>(to database: TestDatabase, _ body: (FaultProxy, TestDatabase) async throws -> T)
        async throws -> T
    {
        try #require(database.url.host == "127.0.0.1" || database.url.host == "localhost", "the proxy is loopback only")
        let proxy = try FaultProxy(upstreamPort: database.url.port)
        defer { proxy.close() }
        let text = database.text.replacingOccurrences(
            of: "@\(database.url.host):\(database.url.port)/", with: "@127.0.0.1:\(proxy.port)/")
        var url = database.url
        url.host = "127.0.0.1"
        url.port = proxy.port
        return try await body(proxy, TestDatabase(url: url, text: text))
    }

    private init(upstreamPort: Int) throws {
        self.upstreamPort = upstreamPort
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 64) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(listener)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in accepting() }.start()
    }

    /// Breaks the next connection that reaches `step`, once.
    func arm(_ step: Step, _ action: Break) {
        state.withLock { $0.fault = (step, action) }
    }

    /// How many faults fired.
    var fired: Int { state.withLock { $0.fired } }

    /// Stops accepting and ends every connection. (Under the lock, as
    /// sockets are closed: a number closed may be another's socket next.)
    func close() {
        state.withLock { state in
            state.isClosed = true
            for socket in state.sockets { shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }

    private var isClosed: Bool { state.withLock { $0.isClosed } }

    /// The fault to apply now, if the armed one is at a step that `matches`.
    private func fire(_ matches: (Step) -> Bool) -> Break? {
        state.withLock { state in
            guard let fault = state.fault, matches(fault.step) else { return nil }
            state.fault = nil
            state.fired += 1
            return fault.action
        }
    }

    private func accepting() {
        defer { Glibc.close(listener) }
        for _ in 0..<Self.rounds {
            if isClosed { break }
            guard wait([listener]) else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            Thread { [self] in relay(client) }.start()
        }
    }

    /// Whether one of `sockets` is readable within 100 ms.
    private func wait(_ sockets: [Int32]) -> Bool {
        var polled = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        return poll(&polled, nfds_t(polled.count), 100) > 0
    }

    private func track(_ socket: Int32) {
        state.withLock { state in
            state.sockets.insert(socket)
            if state.isClosed { shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }

    /// Closes a socket ``track(_:)`` kept.
    private func release(_ socket: Int32) {
        state.withLock { state in
            state.sockets.remove(socket)
            Glibc.close(socket)
        }
    }

    /// Forwards one client's connection until either side ends, the fault
    /// fires, or the proxy closes.
    private func relay(_ client: Int32) {
        track(client)
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        track(upstream)
        defer {
            release(upstream)
            release(client)
        }
        if let action = fire({ if case .connect = $0 { true } else { false } }) {
            return apply(action, client)
        }
        var address = Self.loopback(port: upstreamPort)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { return }
        var parser = WireParser()
        var pending: Break?
        // The SQL sent so far (the first thousand queries).
        var sent: [String] = []
        for _ in 0..<Self.rounds {
            if isClosed { break }
            var polled = [client, upstream].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, 2, 100) > 0 else { continue }
            if polled[1].revents != 0 {
                guard let bytes = Self.read(upstream), Self.write(bytes, to: client) else { return }
            }
            guard polled[0].revents != 0 else { continue }
            guard let bytes = Self.read(client) else { return }
            for message in parser.messages(adding: bytes) {
                guard Self.write(message.bytes, to: upstream) else { return }
                if pending == nil {
                    pending = fire { step in
                        switch step {
                        case .connect: false
                        case .startup: message.isStartup
                        case .query(let text, let after):
                            message.sql?.contains(text) == true
                                && after.map { after in sent.contains { $0.contains(after) } } ?? true
                        }
                    }
                }
                if let sql = message.sql, sent.count < 1000 { sent.append(sql) }
                // The break comes once the message reached the database: a
                // query of `P` runs at its `Sync`.
                guard let action = pending else { continue }
                if message.isStartup || message.type == UInt8(ascii: "Q") || message.type == UInt8(ascii: "S") {
                    return apply(action, client)
                }
            }
        }
    }

    /// Breaks the connection: a stall keeps it open, forwarding nothing,
    /// until the proxy closes; a reset sends RST to the client.
    private func apply(_ action: Break, _ client: Int32) {
        switch action {
        case .stall:
            for _ in 0..<Self.rounds {
                if isClosed { break }
                usleep(100_000)
            }
        case .reset:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }

    /// What `socket` has to read; `nil` at its end or on an error.
    private static func read(_ socket: Int32) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &buffer, buffer.count, 0)
        return count > 0 ? Array(buffer.prefix(count)) : nil
    }

    /// Writes all of `bytes` to `socket`; `false` on an error.
    private static func write(_ bytes: [UInt8], to socket: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}

/// The client's side of PostgreSQL's wire protocol, cut into messages.
struct WireParser {
    /// One message from the client.
    struct Message {
        /// Its bytes, as they came.
        var bytes: [UInt8]
        /// The type byte; 0 for a startup message (which has none).
        var type: UInt8
        /// Whether it is the startup message proper (not an SSL request).
        var isStartup: Bool
        /// The SQL of a `Q` or a `P`.
        var sql: String?
    }

    private var buffer: [UInt8] = []
    private var isStarted = false

    /// The whole messages that `bytes` completes, in order.
    mutating func messages(adding bytes: [UInt8]) -> [Message] {
        buffer += bytes
        var messages: [Message] = []
        while let message = next() { messages.append(message) }
        return messages
    }

    private mutating func next() -> Message? {
        let header = isStarted ? 5 : 4
        guard buffer.count >= header else { return nil }
        let lengthAt = isStarted ? 1 : 0
        let length = buffer[lengthAt..<(lengthAt + 4)].reduce(0) { $0 << 8 | Int($1) }
        let total = lengthAt + length
        guard length >= 4, buffer.count >= total else { return nil }
        let bytes = Array(buffer.prefix(total))
        buffer.removeFirst(total)
        guard isStarted else {
            // An SSL or GSS request (codes 80877103, 80877104) comes before
            // the startup message proper.
            let code = bytes[4..<8].reduce(0) { $0 << 8 | Int($1) }
            let isRequest = code == 80_877_103 || code == 80_877_104
            isStarted = !isRequest
            return Message(bytes: bytes, type: 0, isStartup: !isRequest, sql: nil)
        }
        let type = bytes[0]
        var sql: String?
        let body = bytes[5...]
        if type == UInt8(ascii: "Q") {
            sql = String(decoding: body.prefix { $0 != 0 }, as: UTF8.self)
        } else if type == UInt8(ascii: "P"), let nameEnd = body.firstIndex(of: 0) {
            sql = String(decoding: body[(nameEnd + 1)...].prefix { $0 != 0 }, as: UTF8.self)
        }
        return Message(bytes: bytes, type: type, isStartup: false, sql: sql)
    }
}
