#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import JuiceMaker

/// Renders what a stock allows, in each report format.
struct ReportRenderer {
    let menu: Menu
    let inventory: Inventory
    let language: String?
    let availability: [RecipeAvailability]

    init(menu: Menu, inventory: Inventory, language: String?) {
        self.menu = menu
        self.inventory = inventory
        self.language = language
        availability = inventory.availability(in: menu)
    }

    func text() -> [String] {
        var stock = TextTable([.init(title: "FRUIT", alignment: .left), .init(title: "STOCK", alignment: .right)])
        for fruit in menu.fruits {
            stock.append([fruit.displayName(for: language), String(inventory[fruit.id])])
        }
        var juices = TextTable([
            .init(title: "JUICE", alignment: .left), .init(title: "SERVINGS", alignment: .right),
            .init(title: "LIMITED BY", alignment: .left), .init(title: "MISSING", alignment: .left),
        ])
        for item in availability {
            juices.append([
                item.recipe.displayName(for: language), String(item.servings),
                item.limitedBy.map(name).joined(separator: ", "),
                item.missing.map { "\(name($0.fruit)) \($0.count)" }.joined(separator: ", "),
            ])
        }
        return stock.lines + [""] + juices.lines
    }

    /// `recipe,servings,limitedBy,missing`: one row per recipe, lists joined
    /// by `;`, missing as `fruit:n`.
    func csv() -> [String] {
        ["recipe,servings,limitedBy,missing"]
            + availability.map { item in
                [item.recipe.id, String(item.servings), item.limitedBy.joined(separator: ";"),
                 item.missing.map { "\($0.fruit):\($0.count)" }.joined(separator: ";")]
                    .map(Self.csvField).joined(separator: ",")
            }
    }

    func markdown() -> [String] {
        var lines = ["| Fruit | Stock |", "| --- | ---: |"]
        lines += menu.fruits.map { "| \(Self.markdownCell($0.displayName(for: language))) | \(inventory[$0.id]) |" }
        lines += ["", "| Juice | Servings | Limited by | Missing |", "| --- | ---: | --- | --- |"]
        lines += availability.map { item in
            let limitedBy = item.limitedBy.map(name).joined(separator: ", ")
            let missing = item.missing.map { "\(name($0.fruit)) \($0.count)" }.joined(separator: ", ")
            return "| \(Self.markdownCell(item.recipe.displayName(for: language))) | \(item.servings) | \(Self.markdownCell(limitedBy)) | \(Self.markdownCell(missing)) |"
        }
        return lines
    }

    func json(diagnostics: [Diagnostic]) -> ReportJSON {
        ReportJSON(
            inventory: inventory.json(for: menu),
            recipes: availability.map { item in
                ReportJSON.Recipe(
                    id: item.recipe.id, name: item.recipe.displayName(for: language),
                    uses: Dictionary(uniqueKeysWithValues: item.recipe.ingredients.map { ($0.fruit, $0.quantity) }),
                    servings: item.servings, limitedBy: item.limitedBy,
                    missing: Dictionary(uniqueKeysWithValues: item.missing.map { ($0.fruit, $0.count) }))
            },
            diagnostics: diagnostics)
    }

    private func name(_ fruit: String) -> String {
        menu.fruitName(fruit, for: language)
    }

    /// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }

    /// A Markdown table cell: pipes escaped.
    static func markdownCell(_ text: String) -> String {
        text.replacing("|", with: "\\|")
    }
}

/// The JSON of `juice report`.
struct ReportJSON: Encodable {
    struct Recipe: Encodable {
        var id: String
        var name: String
        var uses: [String: Int]
        var servings: Int
        var limitedBy: [String]
        var missing: [String: Int]
    }

    var inventory: StockJSON
    var recipes: [Recipe]
    var diagnostics: [Diagnostic]
}
