import Foundation

/// An answer's JSON with `invalidSince`, an RFC 3339 time, when a file of
/// the store stands invalid (see ``LastValidStores``): the value's members
/// and that one, in the same object.
struct InvalidSinceJSON<Value: Encodable & Sendable>: Encodable, Sendable {
    var value: Value
    /// Since when the file has stood invalid; `nil` for no such member.
    var invalidSince: Date?

    init(_ value: Value, invalidSince: Date?) {
        self.value = value
        self.invalidSince = invalidSince
    }

    private enum CodingKeys: String, CodingKey {
        case invalidSince
    }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(invalidSince.map(StoreRequest.time), forKey: .invalidSince)
    }
}
