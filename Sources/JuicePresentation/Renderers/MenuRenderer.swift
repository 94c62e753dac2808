import JuiceMaker

/// Renders a menu's listing: what to type for each fruit and recipe.
package struct MenuRenderer {
    package let menu: Menu
    package let language: String?
    /// Whether any fruit has a cost: then the fruit tables show a column of them.
    private let hasCosts: Bool
    /// Whether any recipe has a price: then the recipe tables show a column of them.
    private let hasPrices: Bool
    /// Whether any fruit has supply terms: then the fruit tables show
    /// `par`, `reorder`, `pack` and `supplier`.
    private let hasSupply: Bool

    package init(menu: Menu, language: String?) {
        self.menu = menu
        self.language = language
        hasCosts = menu.fruits.contains { $0.cost != nil }
        hasPrices = menu.recipes.indices.contains { menu.recipes.price(at: $0) != nil }
        hasSupply = menu.fruits.contains { $0.supply != nil }
    }

    /// The fruit table's columns after the id, name and stock.
    private var fruitExtras: [Catalogue.Text] {
        (hasCosts ? [.costHeader] : []) + (hasSupply ? [.parHeader, .reorderHeader, .packHeader, .supplierHeader] : [])
    }

    /// A fruit table (id, name, initial stock, and cost and supply terms
    /// when the menu gives any), a recipe table (id, name, what one serving
    /// uses, and price when the menu gives any), and a supplier table (id,
    /// name, minimum) when the menu names suppliers.
    package func text() -> [String] {
        let text = Catalogue(language)
        var fruits = TextTable(
            [
                .init(title: text(.fruitHeader), alignment: .left), .init(title: text(.nameHeader), alignment: .left),
                .init(title: text(.stockHeader), alignment: .right),
            ]
                + fruitExtras.map { .init(title: text($0), alignment: $0 == .supplierHeader ? .left : .right) })
        for fruit in menu.fruits {
            fruits.append(
                [fruit.id, fruit.displayName(for: language), String(fruit.initialStock)] + cost(fruit) + supply(fruit))
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
        return fruits.lines + [""] + recipes.lines + supplierText(text)
    }

    /// The supplier table, after a blank line; nothing for a menu that
    /// names no supplier.
    private func supplierText(_ text: Catalogue) -> [String] {
        guard !menu.suppliers.isEmpty else { return [] }
        var table = TextTable([
            .init(title: text(.supplierHeader), alignment: .left), .init(title: text(.nameHeader), alignment: .left),
            .init(title: text(.minimumHeader), alignment: .right),
        ])
        for supplier in menu.suppliers {
            table.append([supplier.id, supplier.displayName(for: language), String(supplier.minimum)])
        }
        return [""] + table.lines
    }

    /// `kind,id,name,stock,uses,price,cost,par,reorder,pack,supplier,minimum`:
    /// a row per fruit (no `uses`, `price` or `minimum`; `reorder` as it
    /// applies, par - 1 unless given), then per recipe (`id`, `name`,
    /// `uses` as `fruit:n;fruit:n` and `price`), then per supplier (`id`,
    /// `name` and `minimum`); what a row does not have, or the menu does
    /// not give, is empty. The header is the same for every menu.
    package func csv() -> [String] {
        let header = "kind,id,name,stock,uses,price,cost,par,reorder,pack,supplier,minimum"
        let fruits = menu.fruits.map { fruit in
            [
                "fruit", fruit.id, fruit.displayName(for: language), String(fruit.initialStock), "", "",
                fruit.cost.map(String.init) ?? "",
            ] + supplyCells(fruit, none: "") + [""]
        }
        let recipes = menu.recipes.map { recipe in
            [
                "recipe", recipe.id, recipe.displayName(for: language), "",
                uses(recipe, separator: ";", named: false), recipe.price.map(String.init) ?? "", "", "", "", "", "", "",
            ]
        }
        let suppliers = menu.suppliers.map { supplier in
            ["supplier", supplier.id, supplier.displayName(for: language), "", "", "", "", "", "", "", ""]
                + [String(supplier.minimum)]
        }
        return [header] + (fruits + recipes + suppliers).map { $0.map(CSV.field).joined(separator: ",") }
    }

    package func markdown() -> [String] {
        let text = Catalogue(language)
        let fruitHeaders: [Catalogue.Text] = [.fruitHeader, .nameHeader, .stockHeader] + fruitExtras
        var lines = [
            Markdown.row(fruitHeaders.map { text.title($0) }),
            "| --- | --- | ---: |" + fruitExtras.map { $0 == .supplierHeader ? " --- |" : " ---: |" }.joined(),
        ]
        lines += menu.fruits.map {
            Markdown.row([$0.id, $0.displayName(for: language), String($0.initialStock)] + cost($0) + supply($0))
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
        if !menu.suppliers.isEmpty {
            let headers: [Catalogue.Text] = [.supplierHeader, .nameHeader, .minimumHeader]
            lines += ["", Markdown.row(headers.map { text.title($0) }), "| --- | --- | ---: |"]
            lines += menu.suppliers.map {
                Markdown.row([$0.id, $0.displayName(for: language), String($0.minimum)])
            }
        }
        return lines
    }

    /// The cost cell of a fruit's row, when the table has the column (`-` for none).
    private func cost(_ fruit: Fruit) -> [String] {
        hasCosts ? [fruit.cost.map(String.init) ?? "-"] : []
    }

    /// The supply cells of a fruit's row, when the table has the columns.
    private func supply(_ fruit: Fruit) -> [String] {
        hasSupply ? supplyCells(fruit, none: "-") : []
    }

    /// A fruit's par, reorder level (as it applies), pack and supplier,
    /// `none` for each it lacks.
    private func supplyCells(_ fruit: Fruit, none: String) -> [String] {
        let supply = fruit.supply
        return [
            supply?.par.map(String.init) ?? none, supply?.reorderLevel.map(String.init) ?? none,
            supply?.pack.map(String.init) ?? none, supply?.supplier ?? none,
        ]
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
