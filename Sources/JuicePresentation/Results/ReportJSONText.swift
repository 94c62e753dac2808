import JuiceMaker

/// The report as `juice report --format json` writes it, as text, for a
/// second front end (the server): the same streaming writer, into memory.
package enum ReportJSONText {
    /// The JSON of the report of `inventory` against `menu` on `today`, the
    /// store's business day (expired fruit makes nothing), names and
    /// diagnostics' messages in `language`; with `invalidSince` (an RFC 3339
    /// time) when a file of the store stands invalid and the report is of
    /// the last valid menu or stock, and `"stale": true` when `stale` (the
    /// stock is the last valid one, not what the inventory file holds).
    package static func render(
        menu: Menu, inventory: Inventory, today: CalendarDate?, language: String?, diagnostics: [Diagnostic],
        invalidSince: String? = nil, stale: Bool = false
    ) -> String {
        let out = ByteWriter(reserving: 1 << 14)
        ReportRenderer(menu: menu, inventory: inventory, language: language, today: today).writeJSON(
            diagnostics: diagnostics, to: out
        ) { out in
            if let invalidSince {
                out.writeJSONKey("invalidSince", level: 1)
                out.writeJSONString(invalidSince)
            }
            if stale {
                out.writeJSONKey("stale", level: 1)
                out.write("true")
            }
        }
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
