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
                item.missing.map { "\(name($0.fruit)) \($0.missing)" }.joined(separator: ", "),
            ])
        }
        return stock.lines + [""] + juices.lines
    }

    /// `recipe,servings,limitedBy,missing`: one row per recipe, lists joined
    /// by `;`, missing as `fruit:n`.
    func csv() -> [String] {
        ["recipe,servings,limitedBy,missing"]
            + availability.map { item in
                [
                    item.recipe.id, String(item.servings), item.limitedBy.joined(separator: ";"),
                    item.missing.map { "\($0.fruit):\($0.missing)" }.joined(separator: ";"),
                ]
                .map(CSV.field).joined(separator: ",")
            }
    }

    func markdown() -> [String] {
        var lines = ["| Fruit | Stock |", "| --- | ---: |"]
        lines += menu.fruits.map { "| \(Markdown.cell($0.displayName(for: language))) | \(inventory[$0.id]) |" }
        lines += ["", "| Juice | Servings | Limited by | Missing |", "| --- | ---: | --- | --- |"]
        lines += availability.map { item in
            let limitedBy = item.limitedBy.map(name).joined(separator: ", ")
            let missing = item.missing.map { "\(name($0.fruit)) \($0.missing)" }.joined(separator: ", ")
            return
                "| \(Markdown.cell(item.recipe.displayName(for: language))) | \(item.servings) | \(Markdown.cell(limitedBy)) | \(Markdown.cell(missing)) |"
        }
        return lines
    }

    func json(diagnostics: [Diagnostic]) -> ReportJSON {
        ReportJSON(
            menu: menu, inventory: inventory, availability: availability, language: language, diagnostics: diagnostics)
    }

    private func name(_ fruit: String) -> String {
        menu.fruitName(fruit, for: language)
    }
}
