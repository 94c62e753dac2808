import JuiceMaker

/// Renders a menu's listing: what to type for each fruit and recipe.
struct MenuRenderer {
    let menu: Menu
    let language: String?

    /// A fruit table (id, name, initial stock) and a recipe table (id,
    /// name, what one serving uses).
    func text() -> [String] {
        var fruits = TextTable([
            .init(title: "FRUIT", alignment: .left), .init(title: "NAME", alignment: .left),
            .init(title: "STOCK", alignment: .right),
        ])
        for fruit in menu.fruits {
            fruits.append([fruit.id, fruit.displayName(for: language), String(fruit.initialStock)])
        }
        var recipes = TextTable([
            .init(title: "RECIPE", alignment: .left), .init(title: "NAME", alignment: .left),
            .init(title: "USES", alignment: .left),
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
        var lines = ["| Fruit | Name | Stock |", "| --- | --- | ---: |"]
        lines += menu.fruits.map {
            "| \(Markdown.cell($0.id)) | \(Markdown.cell($0.displayName(for: language))) | \($0.initialStock) |"
        }
        lines += ["", "| Recipe | Name | Uses |", "| --- | --- | --- |"]
        lines += menu.recipes.map {
            let uses = Markdown.cell(uses($0, separator: ", ", named: true))
            return "| \(Markdown.cell($0.id)) | \(Markdown.cell($0.displayName(for: language))) | \(uses) |"
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
