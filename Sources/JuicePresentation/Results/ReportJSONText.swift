import JuiceMaker

/// The report as `juice report --format json` writes it, as text, for a
/// second front end (the server): the same streaming writer, into memory.
package enum ReportJSONText {
    /// The JSON of the report of `inventory` against `menu`, names and
    /// diagnostics' messages in `language`.
    package static func render(menu: Menu, inventory: Inventory, language: String?, diagnostics: [Diagnostic])
        -> String
    {
        let out = ByteWriter(reserving: 1 << 14)
        ReportRenderer(menu: menu, inventory: inventory, language: language)
            .write(.json, diagnostics: diagnostics, to: out)
        // The writer ends the object with a line feed; a caller adds its own.
        return String(decoding: out.bytes, as: UTF8.self).trimmingSuffix("\n")
    }
}

extension String {
    /// The text without one trailing `suffix`.
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
