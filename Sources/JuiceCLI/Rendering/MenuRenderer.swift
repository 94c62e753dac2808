import JuiceMaker

/// Renders a menu's listing: what to type for each fruit and recipe.
struct MenuRenderer {
    let menu: Menu
    let language: String?

    /// A fruit table (id, name, initial stock) and a recipe table (id,
    /// name, what one serving uses).
    func text() -> [String] {
        let text = Catalogue(language)
        var fruits = TextTable([
            .init(title: text(.fruitHeader), alignment: .left), .init(title: text(.nameHeader), alignment: .left),
            .init(title: text(.stockHeader), alignment: .right),
        ])
        for fruit in menu.fruits {
            fruits.append([fruit.id, fruit.displayName(for: language), String(fruit.initialStock)])
        }
        var recipes = TextTable([
            .init(title: text(.recipeHeader), alignment: .left), .init(title: text(.nameHeader), alignment: .left),
            .init(title: text(.usesHeader), alignment: .left),
        ])
        for recipe in menu.recipes {
            recipes.append([recipe.id, recipe.displayName(for: language), uses(recipe, separator: ", ", named: true)])
        }
        return fruits.lines + [""] + recipes.lines
    }

    /// `kind,id,name,stock,uses`: a row per fruit (no `uses`), then per
    /// recipe (no `stock`, `uses` as `fruit:n;fruit:n`).
    func csv() -> [String] {
        ["kind,id,name,stock,uses"]
            + menu.fruits.map { fruit in
                ["fruit", fruit.id, fruit.displayName(for: language), String(fruit.initialStock), ""]
                    .map(CSV.field).joined(separator: ",")
            }
            + menu.recipes.map { recipe in
                [
                    "recipe", recipe.id, recipe.displayName(for: language), "",
                    uses(recipe, separator: ";", named: false),
                ]
                .map(CSV.field).joined(separator: ",")
            }
    }

    func markdown() -> [String] {
        let text = Catalogue(language)
        var lines = [
            Markdown.row([.fruitHeader, .nameHeader, .stockHeader].map { text.title($0) }), "| --- | --- | ---: |",
        ]
        lines += menu.fruits.map { Markdown.row([$0.id, $0.displayName(for: language), String($0.initialStock)]) }
        lines += [
            "", Markdown.row([.recipeHeader, .nameHeader, .usesHeader].map { text.title($0) }), "| --- | --- | --- |",
        ]
        lines += menu.recipes.map {
            Markdown.row([$0.id, $0.displayName(for: language), uses($0, separator: ", ", named: true)])
        }
        return lines
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
