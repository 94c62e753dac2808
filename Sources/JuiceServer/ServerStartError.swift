import Foundation
import JuiceMaker
import JuicePresentation

/// Why the server does not start, in one line that ends with the fix, and
/// the exit status (BSD sysexits) that `juice-server` ends with.
public struct ServerStartError: Error, Sendable, CustomStringConvertible {
    /// The reason and the fix, in one sentence.
    public let description: String
    /// The exit status: 64 usage, 65 invalid data, 66 a missing file, 68 an
    /// unknown host, 69 a port in use, 70 a broken build, 74 an I/O error,
    /// 77 no permission, 78 a configuration that would be unsafe.
    public let exitCode: Int32

    init(_ description: String, exitCode: Int32) {
        self.description = description
        self.exitCode = exitCode
    }

    /// `--token ''`: a token no request could send.
    static let emptyToken = ServerStartError(
        "the token is empty; give --token (or JUICE_TOKEN) at least one character, or leave it out on loopback",
        exitCode: 64)

    /// `--host` names no address.
    static func unresolvable(_ host: String) -> ServerStartError {
        ServerStartError(
            "cannot find the address of '\(host)'; give --host an address of this machine, such as 127.0.0.1 "
                + "or 0.0.0.0, or a name it resolves",
            exitCode: 68)
    }

    /// Off loopback without a token.
    static func needsToken(_ host: String) -> ServerStartError {
        ServerStartError(
            "listening on \(host) needs a token, or anyone who can reach it could change the stock; give one "
                + "with --token or JUICE_TOKEN",
            exitCode: 78)
    }

    /// A chain's manifest that names no store (an invalid one names none):
    /// the server would answer 404 to every store.
    public static func noStores(_ manifestPath: String) -> ServerStartError {
        ServerStartError(
            "the manifest \(manifestPath) names no store; fix it (juice validate --stores \(manifestPath) lists "
                + "every problem) and start again",
            exitCode: 65)
    }

    /// A resource missing from the server's bundle: a broken build.
    static func missingResource(_ name: String) -> ServerStartError {
        ServerStartError(
            "the resource \(name) is missing from the server's bundle; build juice-server again with swift build",
            exitCode: 70)
    }

    /// The stores cannot be read at start: a chain's manifest that is
    /// missing (66) or cannot be read (74).
    public init(stores error: StoreError) {
        let failure = Failure(error, making: false, catalogue: Catalogue("en"))
        let fix =
            if case .missingFile = failure {
                "give the chain's manifest with --stores FILE"
            } else {
                "check the file and its folder's permissions, and start again"
            }
        let reason = error.description.split(separator: "\n").first.map(String.init) ?? "\(error)"
        self.init("\(reason); \(fix)", exitCode: failure.exitStatus)
    }

    /// A failure to listen, by its `errno`: the port in use (69), a port
    /// only root may take (77), an address that is not this machine's
    /// (68); `nil` for any other number.
    init?(listeningOn address: ListeningAddress, port: Int, errno code: Int32) {
        switch code {
        case EADDRINUSE:
            self.init("port \(port) is in use; pick another with --port", exitCode: 69)
        case EACCES:
            self.init(
                "no permission to listen on port \(port) (ports below 1024 need root); pick one from 1024 with --port",
                exitCode: 77)
        case EADDRNOTAVAIL:
            self.init(
                "\(address.host) is not an address of this machine; give --host one of its addresses, or 0.0.0.0",
                exitCode: 68)
        default:
            return nil
        }
    }
}
