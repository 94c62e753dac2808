import JuiceMaker

/// Says what an import of a till's sales did (SPEC 17's summary) in text:
/// the tickets by what became of them, the servings booked, the lines
/// voided and refunded, the names the map does not know, and the fruit
/// booked short. The till's names are shown with their control
/// characters escaped (`controlsEscaped`).
package struct SalesImportRenderer {
    package let menu: Menu
    package let language: String?

    /// A renderer for `menu`'s names in `language`.
    package init(menu: Menu, language: String?) {
        self.menu = menu
        self.language = language
    }

    /// The summary's lines; `mapPath` names the map the unknown names are
    /// to be added to.
    package func lines(_ summary: SalesImport, dryRun: Bool, mapPath: String) -> [String] {
        let text = Catalogue(language)
        let tickets = summary.tickets
        var lines = [Self.ticketsLine(tickets, text: text)]
        let servings = menu.recipes.compactMap { recipe in
            summary.servings[recipe.id].map { "\(recipe.displayName(for: language).controlsEscaped) ×\($0)" }
        }
        if servings.isEmpty {
            if tickets.booked == 0 { lines.append(text(.importNothingNew)) }
        } else {
            let joined = servings.joined(separator: ", ")
            lines.append(dryRun ? text(.importWouldBookLine, joined) : text(.importBookedLine, joined))
        }
        if tickets.voided > 0 { lines.append(text(.importVoidedLine, tickets.voided)) }
        if !summary.refunds.isEmpty {
            var refunded: [(item: String, quantity: Int)] = []
            for refund in summary.refunds {
                if let at = refunded.firstIndex(where: { $0.item == refund.item }) {
                    refunded[at].quantity += refund.quantity
                } else {
                    refunded.append((refund.item, refund.quantity))
                }
            }
            lines.append(
                text(
                    .importRefundedLine,
                    refunded.map { "\($0.item.controlsEscaped) ×\($0.quantity)" }.joined(separator: ", ")))
        }
        if tickets.heldBack > 0 {
            lines.append(text(.importHeldBackLine, tickets.heldBack, mapPath))
            for unknown in summary.unknown {
                lines.append(
                    text(
                        .importUnknownLine, unknown.name.controlsEscaped, unknown.count,
                        text.didYouMean(unknown.suggestion?.controlsEscaped)))
            }
            lines.append(text(.importAddToMap, mapPath))
        }
        var short: [String: Int] = [:]
        for ticket in summary.short {
            short.merge(ticket.short) { $0 > Int.max - $1 ? Int.max : $0 + $1 }
        }
        let shortFruits = menu.fruits.compactMap { fruit in
            short[fruit.id].map { "\(fruit.displayName(for: language).controlsEscaped) \($0)" }
        }
        if !shortFruits.isEmpty { lines.append(text(.importShortLine, shortFruits.joined(separator: ", "))) }
        return lines
    }

    /// The line of the tickets read and what became of them.
    static func ticketsLine(_ tickets: SalesImport.Tickets, text: Catalogue) -> String {
        text(
            tickets.read == 1 ? .importTicketLine : .importTicketsLine, tickets.read, tickets.booked,
            tickets.alreadyBooked, tickets.heldBack, tickets.short)
    }
}
