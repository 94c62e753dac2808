/// Markdown tables.
package enum Markdown {
    /// A table cell: pipes escaped, so that they do not end the cell.
    package static func cell(_ text: String) -> String {
        let line = TextTable.oneLine(text)
        // Most cells have no pipe: no new string for them.
        guard line.utf8.contains(UInt8(ascii: "|")) else { return line }
        return line.replacing("|", with: "\\|")
    }

    /// A table row: `| a | b |`, each cell escaped.
    package static func row(_ cells: [String]) -> String {
        "| " + cells.map(cell).joined(separator: " | ") + " |"
    }
}
