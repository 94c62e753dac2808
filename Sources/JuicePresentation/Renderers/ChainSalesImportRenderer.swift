import JuiceMaker

/// Says what an import into a chain's stores did in text: each store's
/// summary under its name (a store with no rows in the export named in one
/// line), the locations that are no store's, and the chain's tickets.
package struct ChainSalesImportRenderer {
    package let menus: [String: Menu]
    package let language: String?

    /// A renderer for the stores' menus (by store name) in `language`.
    package init(menus: [String: Menu], language: String?) {
        self.menus = menus
        self.language = language
    }

    /// The summary's lines.
    ///
    /// - Parameters:
    ///   - chain: what the import did.
    ///   - dryRun: whether nothing was booked.
    ///   - mapPath: the map the unknown names are to be added to.
    ///   - manifestPath: the chain's manifest, which the locations of no
    ///     store are not in.
    package func lines(_ chain: ChainSalesImport, dryRun: Bool, mapPath: String, manifestPath: String) -> [String] {
        let text = Catalogue(language)
        var lines: [String] = []
        var withoutRows: [String] = []
        for part in chain.stores {
            let tickets = part.summary.tickets
            guard tickets.read + tickets.voided + tickets.refunded > 0 else {
                withoutRows.append(part.store)
                continue
            }
            let renderer = SalesImportRenderer(menu: menus[part.store] ?? .builtin, language: language)
            lines.append(text(.importStoreHeader, part.store))
            lines += renderer.lines(part.summary, dryRun: dryRun, mapPath: mapPath).map { "  " + $0 }
        }
        if !withoutRows.isEmpty { lines.append(text(.importNoRowsFor, withoutRows.joined(separator: ", "))) }
        for other in chain.noStore where other.tickets > 0 {
            if let location = other.location {
                lines.append(text(.importNoStoreLine, location.controlsEscaped, manifestPath, other.tickets))
            } else {
                lines.append(text(.importNoLocationLine, other.tickets))
            }
        }
        let total = chain.total.tickets
        lines.append(text(.importChainTotal, SalesImportRenderer.ticketsLine(total, text: text)))
        return lines
    }
}
