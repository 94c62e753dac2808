import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where the server listens, resolved once at start: `--host` as given and
/// the address it names (the first that `getaddrinfo` gives, the one bound),
/// which alone says whether the server is on loopback.
public struct ListeningAddress: Sendable, Equatable {
    /// `--host` as given: an address or a name.
    public let host: String
    /// The numeric address bound: `127.0.0.1`, `::1`, `0.0.0.0`, ...
    public let address: String

    /// Resolves `host` with `getaddrinfo`.
    ///
    /// - Throws: ``ServerStartError`` (68) when it names no address.
    public init(host: String) throws(ServerStartError) {
        guard let address = Self.resolve(host) else { throw .unresolvable(host) }
        self.init(host: host, address: address)
    }

    /// `host` as already resolved to `address`, a numeric address (by a
    /// resolver of the caller's own).
    public init(host: String, address: String) {
        self.host = host
        self.address = address
    }

    /// Whether the address is this machine's own and no other's: in
    /// `127.0.0.0/8`, or `::1`. A name counts by the address it resolves
    /// to, never by its text (`127.lan.example` may be anywhere).
    public var isLoopback: Bool { Self.isLoopback(address) }

    /// Whether the IP address `address` (text) is a loopback address.
    static func isLoopback(_ address: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return false }
        return withUnsafeBytes(of: &v6) { $0.elementsEqual([UInt8](repeating: 0, count: 15) + [1]) }
    }

    /// Whether the address stands for every address of the machine
    /// (`0.0.0.0` or `::`).
    public var isWildcard: Bool { address == "0.0.0.0" || address == "::" }

    /// The address to open in a browser: `host` as given (an IPv6 address in
    /// brackets, as URLs write it), or, when listening on every address,
    /// the machine's first non-loopback IPv4 address (else IPv6), which a
    /// tablet on the shop's network can reach.
    public func url(port: Int) -> String {
        let name = isWildcard ? (Self.interfaceAddresses().first { !$0.isLoopback }?.address ?? address) : host
        return "http://\(Self.bracketed(name)):\(port)"
    }

    /// The names a request's `Host` may give for this server, lowercased,
    /// an IPv6 address in brackets: `localhost`, `127.0.0.1`, `[::1]`, the
    /// host as given, and the address it resolved to; when listening on
    /// every address, every address of the machine's interfaces too (none
    /// of them a name that DNS could point elsewhere).
    public var hostNames: Set<String> {
        var names: Set<String> = ["localhost", "127.0.0.1", "[::1]", Self.bracketed(host), Self.bracketed(address)]
        if isWildcard { names.formUnion(Self.interfaceAddresses().map { Self.bracketed($0.address) }) }
        return Set(names.map { $0.lowercased() })
    }

    /// `name`, in brackets when it is an IPv6 address (it has a colon).
    static func bracketed(_ name: String) -> String {
        name.contains(":") && !name.hasPrefix("[") ? "[\(name)]" : name
    }

    /// The first address `getaddrinfo` gives for `host`, numeric; `nil`
    /// when it gives none.
    private static func resolve(_ host: String) -> String? {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        guard !bare.isEmpty, getaddrinfo(bare, nil, &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        return numeric(first.pointee.ai_addr, length: first.pointee.ai_addrlen)
    }

    /// The addresses of the machine's interfaces that are up, IPv4 first.
    private static func interfaceAddresses() -> [ListeningAddress] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var found: [ListeningAddress] = []
        var next = list
        while let interface = next {
            next = interface.pointee.ifa_next
            guard let address = interface.pointee.ifa_addr, interface.pointee.ifa_flags & UInt32(IFF_UP) != 0 else {
                continue
            }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            let length = family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size
            if let text = numeric(address, length: socklen_t(length)) {
                found.append(ListeningAddress(host: text, address: text))
            }
        }
        return found.filter { !$0.address.contains(":") } + found.filter { $0.address.contains(":") }
    }

    /// The numeric text of a socket address, without an IPv6 zone.
    private static func numeric(_ address: UnsafePointer<sockaddr>?, length: socklen_t) -> String? {
        var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard let address, getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0
        else { return nil }
        let numeric = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return numeric.split(separator: "%").first.map(String.init)
    }
}
