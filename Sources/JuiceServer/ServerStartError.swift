/// Why the server does not start: said on stderr by `juice-server`.
public struct ServerStartError: Error, Sendable, CustomStringConvertible {
    /// The reason, in one sentence.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
