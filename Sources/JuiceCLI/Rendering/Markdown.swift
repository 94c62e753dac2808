/// Markdown tables.
enum Markdown {
    /// A table cell: pipes escaped, so that they do not end the cell.
    static func cell(_ text: String) -> String {
        TextTable.oneLine(text).replacing("|", with: "\\|")
    }

    /// A table row: `| a | b |`, each cell escaped.
    static func row(_ cells: [String]) -> String {
        "| " + cells.map(cell).joined(separator: " | ") + " |"
    }
}
