import Foundation
import JuiceMaker
import JuicePresentation
import JuiceWords

/// Why the server does not start, in one line that ends with the fix, and
/// the exit status (BSD sysexits) that `juice-server` ends with.
public struct ServerStartError: Error, Sendable, CustomStringConvertible {
    /// The reason and the fix, in one sentence of a language.
    private let sentence: @Sendable (Language) -> String
    /// The exit status: 64 usage, 65 invalid data, 66 a missing file, 68 an
    /// unknown host, 69 a port in use, 70 a broken build, 74 an I/O error,
    /// 77 no permission, 78 a configuration that would be unsafe.
    public let exitCode: Int32

    init(_ word: ServerWord, _ arguments: String..., exitCode: Int32) {
        self.init(exitCode: exitCode) { word.text($0, arguments) }
    }

    private init(exitCode: Int32, sentence: @escaping @Sendable (Language) -> String) {
        self.sentence = sentence
        self.exitCode = exitCode
    }

    /// The reason and the fix, in English.
    public var description: String { sentence(.english) }

    /// The reason and the fix, in `language`.
    public func text(_ language: Language) -> String { sentence(language) }

    /// `--token ''`: a token no request could send.
    static let emptyToken = ServerStartError(.emptyToken, exitCode: 64)

    /// `--host` names no address.
    static func unresolvable(_ host: String) -> ServerStartError {
        ServerStartError(.unresolvable, host, exitCode: 68)
    }

    /// Off loopback without a token.
    static func needsToken(_ host: String) -> ServerStartError {
        ServerStartError(.tokenNeededOffLoopback, host, exitCode: 78)
    }

    /// A chain's manifest that names no store (an invalid one names none):
    /// the server would answer 404 to every store.
    public static func noStores(_ manifestPath: String) -> ServerStartError {
        ServerStartError(.noStores, manifestPath, exitCode: 65)
    }

    /// A resource missing from the server's bundle: a broken build.
    static func missingResource(_ name: String) -> ServerStartError {
        ServerStartError(.missingResource, name, exitCode: 70)
    }

    /// The stores cannot be read at start: a chain's manifest that is
    /// missing (66) or cannot be read (74).
    public init(stores error: StoreError) {
        let failure = Failure(error, making: false, catalogue: Catalogue("en"))
        let fix: ServerWord = if case .missingFile = failure { .giveManifest } else { .checkFile }
        self.init(exitCode: failure.exitStatus) { language in
            let catalogue = Catalogue(language.rawValue)
            let reason =
                switch error {
                case .invalidData(let diagnostics):
                    diagnostics.first.flatMap { $0.lines(in: catalogue.language).first } ?? "\(error)"
                default: error.message.map { catalogue($0) } ?? "\(error)"
                }
            return fix.text(language, [reason])
        }
    }

    /// A failure to listen, by its `errno`: the port in use (69), a port
    /// only root may take (77), an address that is not this machine's
    /// (68); `nil` for any other number.
    init?(listeningOn address: ListeningAddress, port: Int, errno code: Int32) {
        switch code {
        case EADDRINUSE: self.init(.portInUse, "\(port)", exitCode: 69)
        case EACCES: self.init(.portForbidden, "\(port)", exitCode: 77)
        case EADDRNOTAVAIL: self.init(.notThisMachine, address.host, exitCode: 68)
        default: return nil
        }
    }
}
