import JuiceMaker

/// The JSON of reports against one menu, written as it is produced: the
/// bytes `JSONEncoder` writes for `{"diagnostics", "inventory", "recipes"}`
/// (keys sorted byte by byte, pretty-printed), without building the value.
///
/// What does not depend on the stock (each recipe's escaped id and name,
/// its `uses`, the fruits' keys in sorted order) is worked out once per
/// menu; with ``cachingParts`` it is rendered once too, so every store of a
/// chain that shares the menu copies it instead of writing it again.
struct ReportJSONWriter: Sendable {
    let menu: Menu
    let language: String?
    /// The nesting level of a recipe's object: 2 in a report, 4 in a chain's.
    let level: Int
    /// The fruits' positions in JSON's key order.
    private let sortedFruits: [Int]
    /// Each recipe's ingredient positions (see ``Menu/IngredientTable``),
    /// recipe by recipe, in the order of their fruits' ids within a recipe.
    private let sortedIngredients: [Int]
    /// Each fruit's id as a JSON string, one after another.
    private let fruitKeys: ByteWriter
    /// Where each fruit's key ends in ``fruitKeys``; it starts where the
    /// previous one ends.
    private let fruitKeyEnds: [Int]
    /// Each recipe's three fixed parts, rendered once (see ``writeHead(_:to:)``,
    /// ``writeMiddle(_:to:)`` and ``writeTail(_:to:)``); `nil`: written each time.
    private var parts: ByteWriter?
    /// Where each part ends in ``parts``, three per recipe.
    private var partEnds: [Int]

    /// The writer of reports against `menu`.
    ///
    /// - Parameters:
    ///   - level: the nesting level of a recipe's object.
    ///   - cachingParts: whether to render each recipe's fixed parts now, for
    ///     many reports against the menu.
    init(menu: Menu, language: String?, level: Int, cachingParts: Bool) {
        self.menu = menu
        self.language = language
        self.level = level
        let keys = ByteWriter(reserving: menu.fruits.count * 16)
        var ends: [Int] = []
        ends.reserveCapacity(menu.fruits.count)
        for fruit in menu.fruits {
            keys.writeJSONString(fruit.id)
            ends.append(keys.count)
        }
        fruitKeys = keys
        fruitKeyEnds = ends
        let fruits = menu.fruits
        let sorted = fruits.indices.sorted { fruits[$0].id.utf8.lexicographicallyPrecedes(fruits[$1].id.utf8) }
        sortedFruits = sorted
        var rank = [Int](repeating: 0, count: fruits.count)
        for (order, position) in sorted.enumerated() {
            rank[position] = order
        }
        let table = menu.ingredients
        var ingredients: [Int] = []
        ingredients.reserveCapacity(table.fruits.count)
        for recipe in menu.recipes.indices {
            let range = table.range(ofRecipe: recipe)
            ingredients +=
                range.count < 2 ? Array(range) : range.sorted { rank[table.fruits[$0]] < rank[table.fruits[$1]] }
        }
        sortedIngredients = ingredients
        parts = nil
        partEnds = []
        guard cachingParts else { return }
        let rendered = ByteWriter(reserving: menu.recipes.count * 256)
        var partEnds: [Int] = []
        partEnds.reserveCapacity(menu.recipes.count * 3)
        for recipe in menu.recipes.indices {
            writeHead(recipe, to: rendered)
            partEnds.append(rendered.count)
            writeMiddle(recipe, to: rendered)
            partEnds.append(rendered.count)
            writeTail(recipe, to: rendered)
            partEnds.append(rendered.count)
        }
        parts = rendered
        self.partEnds = partEnds
    }

    /// Writes the members of a report's object, `"diagnostics"`,
    /// `"inventory"` and `"recipes"`, each on its own line after the
    /// object's `{` (a member may follow, after a comma).
    ///
    /// - Parameters:
    ///   - report: the writer of the store's menu and its stock by fruit
    ///     position; `nil` for a store that could not be read, whose
    ///     inventory and recipes are empty.
    ///   - level: the nesting level of the members (one more than the
    ///     object's).
    static func writeMembers(
        diagnostics: [Diagnostic], report: (writer: ReportJSONWriter, counts: [Int])?, level: Int, to out: ByteWriter
    ) {
        out.writeJSONKey("diagnostics", level: level, first: true)
        out.writeJSON(diagnostics, level: level)
        out.writeJSONKey("inventory", level: level)
        out.write(byte: UInt8(ascii: "{"))
        var first = true
        if let (writer, counts) = report {
            for fruit in writer.sortedFruits {
                item(&first, level: level + 1, to: out)
                writer.writeFruitKey(fruit, to: out)
                out.write(" : ")
                out.write(counts[fruit])
            }
        }
        close("}", isEmpty: first, level: level, to: out)
        out.writeJSONKey("recipes", level: level)
        out.write(byte: UInt8(ascii: "["))
        first = true
        if let (writer, counts) = report {
            for recipe in writer.menu.recipes.indices {
                out.write(first ? "\n" : ",\n")
                first = false
                writer.writeRecipe(recipe, counts: counts, to: out)
            }
        }
        close("]", isEmpty: first, level: level, to: out)
    }

    /// Writes one recipe's object, its servings and what limits them worked
    /// out from `counts` (the stock by fruit position).
    private func writeRecipe(_ recipe: Int, counts: [Int], to out: ByteWriter) {
        let table = menu.ingredients
        let range = table.range(ofRecipe: recipe)
        let servings = table.servings(ofRecipe: recipe, counts: counts)
        writePart(recipe, 0, to: out, else: writeHead)
        out.write(byte: UInt8(ascii: "["))
        var first = true
        for position in range where table.binds(position, servings: servings, counts: counts) {
            Self.item(&first, level: level + 2, to: out)
            writeFruitKey(table.fruits[position], to: out)
        }
        Self.close("]", isEmpty: first, level: level + 1, to: out)
        out.writeJSONKey("missing", level: level + 1)
        out.write(byte: UInt8(ascii: "{"))
        first = true
        if servings <= 0 {
            for position in sortedIngredients[range] {
                let lacking = table.lacks(position, servings: servings, counts: counts)
                guard lacking > 0 else { continue }
                Self.item(&first, level: level + 2, to: out)
                writeFruitKey(table.fruits[position], to: out)
                out.write(" : ")
                out.write(lacking)
            }
        }
        Self.close("}", isEmpty: first, level: level + 1, to: out)
        writePart(recipe, 1, to: out, else: writeMiddle)
        out.write(servings)
        writePart(recipe, 2, to: out, else: writeTail)
    }

    /// Writes fixed part `part` of a recipe from ``parts``, or renders it
    /// with `render` when the parts are not cached.
    private func writePart(
        _ recipe: Int, _ part: Int, to out: ByteWriter, else render: (Int, ByteWriter) -> Void
    ) {
        guard let parts else { return render(recipe, out) }
        let index = recipe * 3 + part
        let start = index == 0 ? 0 : partEnds[index - 1]
        out.write(UnsafeBufferPointer(rebasing: parts.bytes[start..<partEnds[index]]))
    }

    /// The recipe's object up to its `limitedBy` list: `{`, `"id"` and the
    /// key `"limitedBy"`.
    private func writeHead(_ recipe: Int, to out: ByteWriter) {
        out.writeIndent(level)
        out.write(byte: UInt8(ascii: "{"))
        out.writeJSONKey("id", level: level + 1, first: true)
        out.writeJSONString(menu.recipes[recipe].id)
        out.writeJSONKey("limitedBy", level: level + 1)
    }

    /// From after `missing` up to the servings: `"name"` and the key
    /// `"servings"`.
    private func writeMiddle(_ recipe: Int, to out: ByteWriter) {
        out.writeJSONKey("name", level: level + 1)
        out.writeJSONString(menu.recipes[recipe].displayName(for: language))
        out.writeJSONKey("servings", level: level + 1)
    }

    /// From after the servings to the object's end: `"uses"` and `}`.
    private func writeTail(_ recipe: Int, to out: ByteWriter) {
        let table = menu.ingredients
        out.writeJSONKey("uses", level: level + 1)
        out.write(byte: UInt8(ascii: "{"))
        var first = true
        for position in sortedIngredients[table.range(ofRecipe: recipe)] {
            Self.item(&first, level: level + 2, to: out)
            writeFruitKey(table.fruits[position], to: out)
            out.write(" : ")
            out.write(table.quantities[position])
        }
        Self.close("}", isEmpty: first, level: level + 1, to: out)
        out.write(byte: UInt8(ascii: "\n"))
        out.writeIndent(level)
        out.write(byte: UInt8(ascii: "}"))
    }

    /// Writes a fruit's id as a JSON string.
    private func writeFruitKey(_ fruit: Int, to out: ByteWriter) {
        let start = fruit == 0 ? 0 : fruitKeyEnds[fruit - 1]
        out.write(UnsafeBufferPointer(rebasing: fruitKeys.bytes[start..<fruitKeyEnds[fruit]]))
    }

    /// Starts an item of an array or object at `level`: on a new line,
    /// after a comma unless it is the first.
    private static func item(_ first: inout Bool, level: Int, to out: ByteWriter) {
        out.write(first ? "\n" : ",\n")
        first = false
        out.writeIndent(level)
    }

    /// Ends an array or object whose opening bracket is at `level`: an empty
    /// one has a blank line inside, as `JSONEncoder` writes it.
    private static func close(_ bracket: StaticString, isEmpty: Bool, level: Int, to out: ByteWriter) {
        out.write(isEmpty ? "\n\n" : "\n")
        out.writeIndent(level)
        out.write(bracket)
    }
}
