import JuiceMaker

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// JSON as `juice --format json` writes it and the server answers it: keys
/// sorted, pretty-printed, slashes as they are, messages in a catalogue's
/// language. The one configuration of `JSONEncoder` in the package.
package enum JSONText {
    /// The encoder, its diagnostics' messages in `catalogue`'s language.
    package static func encoder(catalogue: Catalogue) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.userInfo[.messageTemplates] = catalogue.templates
        return encoder
    }

    /// `value`'s JSON bytes.
    package static func data(_ value: some Encodable, catalogue: Catalogue) -> Data {
        // Encoding these plain value types cannot fail.
        (try? encoder(catalogue: catalogue).encode(value)) ?? Data("{}".utf8)
    }

    /// `value` as JSON text.
    package static func render(_ value: some Encodable, catalogue: Catalogue) -> String {
        String(decoding: data(value, catalogue: catalogue), as: UTF8.self)
    }
}
