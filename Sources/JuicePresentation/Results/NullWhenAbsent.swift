/// An optional field that JSON writes as `null` when it has no value,
/// where a synthesized `Encodable` would leave its key out: for answers
/// whose every key is always there.
@propertyWrapper
package struct NullWhenAbsent<Value: Encodable & Sendable>: Encodable, Sendable {
    package var wrappedValue: Value?

    package init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// The value, or `null`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}
