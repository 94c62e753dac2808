import JuiceMaker

/// Renders a menu's listing: what to type for each fruit and recipe.
package struct MenuRenderer {
    package let menu: Menu
    package let language: String?
    /// Whether any fruit has a cost: then the fruit tables show a column of them.
    private let hasCosts: Bool
    /// Whether any recipe has a price: then the recipe tables show a column of them.
    private let hasPrices: Bool

    package init(menu: Menu, language: String?) {
        self.menu = menu
        self.language = language
        hasCosts = menu.fruits.contains { $0.cost != nil }
        hasPrices = menu.recipes.indices.contains { menu.recipes.price(at: $0) != nil }
    }

    /// A fruit table (id, name, initial stock, and cost when the menu gives
    /// any) and a recipe table (id, name, what one serving uses, and price
    /// when the menu gives any).
    package func text() -> [String] {
        let text = Catalogue(language)
        var fruits = TextTable(
            [
                .init(title: text(.fruitHeader), alignment: .left), .init(title: text(.nameHeader), alignment: .left),
                .init(title: text(.stockHeader), alignment: .right),
            ] + (hasCosts ? [.init(title: text(.costHeader), alignment: .right)] : []))
        for fruit in menu.fruits {
            fruits.append([fruit.id, fruit.displayName(for: language), String(fruit.initialStock)] + cost(fruit))
        }
        var recipes = TextTable(
            [
                .init(title: text(.recipeHeader), alignment: .left), .init(title: text(.nameHeader), alignment: .left),
                .init(title: text(.usesHeader), alignment: .left),
            ] + (hasPrices ? [.init(title: text(.priceHeader), alignment: .right)] : []))
        for recipe in menu.recipes {
            recipes.append(
                [recipe.id, recipe.displayName(for: language), uses(recipe, separator: ", ", named: true)]
                    + price(recipe))
        }
        return fruits.lines + [""] + recipes.lines
    }

    /// `kind,id,name,stock,uses,price,cost`: a row per fruit (no `uses` or
    /// `price`), then per recipe (no `stock` or `cost`, `uses` as
    /// `fruit:n;fruit:n`); a price or cost the menu does not give is empty.
    package func csv() -> [String] {
        ["kind,id,name,stock,uses,price,cost"]
            + menu.fruits.map { fruit in
                [
                    "fruit", fruit.id, fruit.displayName(for: language), String(fruit.initialStock), "", "",
                    fruit.cost.map(String.init) ?? "",
                ]
                .map(CSV.field).joined(separator: ",")
            }
            + menu.recipes.map { recipe in
                [
                    "recipe", recipe.id, recipe.displayName(for: language), "",
                    uses(recipe, separator: ";", named: false), recipe.price.map(String.init) ?? "", "",
                ]
                .map(CSV.field).joined(separator: ",")
            }
    }

    package func markdown() -> [String] {
        let text = Catalogue(language)
        let fruitHeaders: [Catalogue.Text] =
            [.fruitHeader, .nameHeader, .stockHeader] + (hasCosts ? [.costHeader] : [])
        var lines = [
            Markdown.row(fruitHeaders.map { text.title($0) }), "| --- | --- | ---: |" + (hasCosts ? " ---: |" : ""),
        ]
        lines += menu.fruits.map {
            Markdown.row([$0.id, $0.displayName(for: language), String($0.initialStock)] + cost($0))
        }
        let recipeHeaders: [Catalogue.Text] =
            [.recipeHeader, .nameHeader, .usesHeader] + (hasPrices ? [.priceHeader] : [])
        lines += [
            "", Markdown.row(recipeHeaders.map { text.title($0) }),
            "| --- | --- | --- |" + (hasPrices ? " ---: |" : ""),
        ]
        lines += menu.recipes.map {
            Markdown.row([$0.id, $0.displayName(for: language), uses($0, separator: ", ", named: true)] + price($0))
        }
        return lines
    }

    /// The cost cell of a fruit's row, when the table has the column (`-` for none).
    private func cost(_ fruit: Fruit) -> [String] {
        hasCosts ? [fruit.cost.map(String.init) ?? "-"] : []
    }

    /// The price cell of a recipe's row, when the table has the column (`-` for none).
    private func price(_ recipe: Recipe) -> [String] {
        hasPrices ? [recipe.price.map(String.init) ?? "-"] : []
    }

    /// What one serving of `recipe` uses: `Strawberry 10, Banana 1` with
    /// names, `strawberry:10;banana:1` with ids.
    private func uses(_ recipe: Recipe, separator: String, named: Bool) -> String {
        recipe.ingredients.map { ingredient in
            named
                ? "\(menu.fruitName(ingredient.fruit, for: language)) \(ingredient.quantity)"
                : "\(ingredient.fruit):\(ingredient.quantity)"
        }.joined(separator: separator)
    }
}
