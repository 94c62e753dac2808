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
        let text = Catalogue(language)
        var stock = TextTable([
            .init(title: text(.fruitHeader), alignment: .left), .init(title: text(.stockHeader), alignment: .right),
        ])
        for fruit in menu.fruits {
            stock.append([fruit.displayName(for: language), String(inventory[fruit.id])])
        }
        var juices = TextTable([
            .init(title: text(.juiceHeader), alignment: .left), .init(title: text(.servingsHeader), alignment: .right),
            .init(title: text(.limitedByHeader), alignment: .left),
            .init(title: text(.missingHeader), alignment: .left),
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
        let text = Catalogue(language)
        var lines = [Markdown.row([text.title(.fruitHeader), text.title(.stockHeader)]), "| --- | ---: |"]
        lines += menu.fruits.map { Markdown.row([$0.displayName(for: language), String(inventory[$0.id])]) }
        lines += [
            "",
            Markdown.row(
                [.juiceHeader, .servingsHeader, .limitedByHeader, .missingHeader].map { text.title($0) }),
            "| --- | ---: | --- | --- |",
        ]
        lines += availability.map { item in
            let limitedBy = item.limitedBy.map(name).joined(separator: ", ")
            let missing = item.missing.map { "\(name($0.fruit)) \($0.missing)" }.joined(separator: ", ")
            return Markdown.row([item.recipe.displayName(for: language), String(item.servings), limitedBy, missing])
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
