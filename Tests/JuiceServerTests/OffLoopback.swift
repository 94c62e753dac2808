import JuiceServer
import Testing

/// This machine's first address off loopback, the one the server tells a
/// tablet to open when it listens on every address: the tests that ask
/// the server from off loopback need one, and skip, saying why, on a
/// machine that has only loopback (a container without a network).
enum OffLoopback {
    /// The address, as the server finds it; `nil` when there is none.
    static let address: String? = {
        let url = ListeningAddress(host: "0.0.0.0", address: "0.0.0.0").url(port: 1)
        let host = String(url.dropFirst("http://".count).dropLast(":1".count))
        return host == "0.0.0.0" ? nil : host
    }()

    /// Why such a test is skipped.
    static let skipped: Comment = "this machine has no address off loopback (only lo is up)"
}
