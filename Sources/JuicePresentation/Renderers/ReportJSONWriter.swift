import JuiceMaker

/// The JSON of reports against one menu, written as it is produced: the
/// bytes `JSONEncoder` writes for `{"diagnostics", "inventory", "recipes"}`
/// (keys sorted byte by byte, pretty-printed), without building the value.
///
/// What does not depend on the stock (each recipe's escaped id and name,
/// its `uses`, the fruits' keys in sorted order) is worked out once per
/// menu; with ``Parts/rendered`` it is rendered once too, so every store of
/// a chain that shares the menu copies it instead of writing it again, and
/// with ``Parts/sharing(with:)`` a store's own menu copies what it shares
/// with the chain's.
///
/// A class, so that the many calls per recipe pass one reference, not a
/// copy of every table; nothing changes once it is made, so the workers of
/// a chain share it.
package final class ReportJSONWriter: Sendable {
    /// Where each recipe's fixed parts come from.
    package enum Parts {
        /// Written for each report: for a menu one report uses.
        case none
        /// Rendered once, when the writer is made.
        case rendered
        /// Taken from another writer's where its recipe is the same (a
        /// store's menu that extends the chain's), rendered once otherwise.
        case sharing(with: ReportJSONWriter)
    }

    /// What the fixed parts are made of.
    private let layout: Layout
    /// The fruits' positions in JSON's key order.
    private let sortedFruits: [Int]
    /// The buffers that hold recipes' fixed parts (see ``Layout``): this
    /// writer's own, then those of the writer it shares with. Empty: parts
    /// are written each time.
    private let arenas: [ByteWriter]
    /// Each recipe's buffer in ``arenas``.
    private let partArena: [Int]
    /// Four offsets a recipe in its buffer: where its head starts, and where
    /// its head, middle and tail end.
    private let partOffsets: [Int]

    /// The menu the reports are against.
    package var menu: Menu { layout.menu }

    /// The writer of reports against `menu`.
    ///
    /// - Parameters:
    ///   - level: the nesting level of a recipe's object.
    ///   - parts: how to write each recipe's fixed parts.
    package init(menu: Menu, language: String?, level: Int, parts: Parts) {
        let keys = ByteWriter(reserving: menu.fruits.count * 16)
        var ends: [Int] = []
        ends.reserveCapacity(menu.fruits.count)
        for fruit in menu.fruits {
            keys.writeJSONString(fruit.id)
            ends.append(keys.count)
        }
        let fruits = menu.fruits
        // Ids are ASCII, so comparing strings compares their UTF-8 bytes,
        // the order of JSONEncoder's sorted keys.
        let sorted = fruits.indices.sorted { fruits[$0].id < fruits[$1].id }
        sortedFruits = sorted
        var rank = [Int](repeating: 0, count: fruits.count)
        for (order, position) in sorted.enumerated() {
            rank[position] = order
        }
        let table = menu.ingredients
        var ingredients: [Int] = []
        ingredients.reserveCapacity(table.fruits.count)
        for recipe in menu.recipes.indices {
            // A recipe has a few ingredients: sorted in place by insertion.
            let start = ingredients.count
            for position in table.range(ofRecipe: recipe) {
                var slot = ingredients.count
                ingredients.append(position)
                while slot > start, rank[table.fruits[ingredients[slot - 1]]] > rank[table.fruits[position]] {
                    ingredients[slot] = ingredients[slot - 1]
                    slot -= 1
                }
                ingredients[slot] = position
            }
        }
        layout = Layout(
            menu: menu, language: language, level: level, fruitKeys: keys, fruitKeyEnds: ends,
            sortedIngredients: ingredients)
        var rendered = (arenas: [ByteWriter](), partArena: [Int](), partOffsets: [Int]())
        switch parts {
        case .none: break
        case .rendered: rendered = layout.renderParts(sharingWith: nil)
        case .sharing(let other): rendered = layout.renderParts(sharingWith: other)
        }
        (arenas, partArena, partOffsets) = rendered
    }

    /// Writes the members of a report's object, `"diagnostics"`,
    /// `"inventory"` and `"recipes"`, each on its own line after the
    /// object's `{` (a member may follow, after a comma).
    ///
    /// - Parameters:
    ///   - report: the writer of the store's menu and its stock (with
    ///     `expired`, `expiring` and `lots` for a stock with dated lots);
    ///     `nil` for a store that could not be read, whose inventory and
    ///     recipes are empty.
    ///   - level: the nesting level of the members (one more than the
    ///     object's).
    ///   - catalogue: the language of the diagnostics' messages.
    package static func writeMembers(
        diagnostics: [Diagnostic], report: (writer: ReportJSONWriter, stock: ReportedStock)?, level: Int,
        catalogue: Catalogue, to out: ByteWriter
    ) {
        out.writeJSONKey("diagnostics", level: level, first: true)
        out.writeJSON(diagnostics, level: level, catalogue: catalogue)
        let fresh = report?.stock.fresh
        if let fresh {
            out.writeJSONKey("expired", level: level)
            out.writeJSON(fresh.expired, level: level, catalogue: catalogue)
            out.writeJSONKey("expiring", level: level)
            out.writeJSON(fresh.expiring, level: level, catalogue: catalogue)
        }
        out.writeJSONKey("inventory", level: level)
        out.write(byte: UInt8(ascii: "{"))
        var first = true
        if let report {
            for fruit in report.writer.sortedFruits {
                item(&first, level: level + 1, to: out)
                report.writer.layout.writeFruitKey(fruit, to: out)
                out.write(" : ")
                out.write(report.stock.counts[fruit])
            }
        }
        close("}", isEmpty: first, level: level, to: out)
        if let fresh {
            out.writeJSONKey("lots", level: level)
            out.writeJSON(fresh.lots, level: level, catalogue: catalogue)
        }
        out.writeJSONKey("recipes", level: level)
        out.write(byte: UInt8(ascii: "["))
        let count = report?.writer.menu.recipes.count ?? 0
        if let report {
            RowBlocks.write(count: count, to: out) { recipes, out in
                var first = recipes.lowerBound == 0
                for recipe in recipes {
                    item(&first, level: level + 1, to: out)
                    report.writer.writeRecipe(recipe, counts: report.stock.usable, to: out)
                }
            }
        }
        close("]", isEmpty: count == 0, level: level, to: out)
    }

    /// Writes one recipe's object, its servings and what limits them worked
    /// out from `counts` (the stock by fruit position).
    private func writeRecipe(_ recipe: Int, counts: [Int], to out: ByteWriter) {
        let layout = layout
        let table = layout.menu.ingredients
        let range = table.range(ofRecipe: recipe)
        let servings = table.servings(ofRecipe: recipe, counts: counts)
        writePart(recipe, .head, to: out)
        var first = true
        for position in range where table.binds(position, servings: servings, counts: counts) {
            layout.writeItemKey(table.fruits[position], first: first, to: out)
            first = false
        }
        out.write(layout.limitedByEnd[first ? 1 : 0])
        first = true
        if servings <= 0 {
            for position in layout.sortedIngredients[range] {
                let lacking = table.lacks(position, servings: servings, counts: counts)
                guard lacking > 0 else { continue }
                layout.writeItemKey(table.fruits[position], first: first, to: out)
                first = false
                out.write(" : ")
                out.write(lacking)
            }
        }
        out.write(layout.missingEnd[first ? 1 : 0])
        writePart(recipe, .middle, to: out)
        out.write(servings)
        writePart(recipe, .tail, to: out)
    }

    /// A recipe's fixed parts, in the order they are written.
    private enum Part: Int {
        case head, middle, tail
    }

    /// The position of a recipe equal to recipe `recipe` of `recipes` in
    /// this writer's menu, if it has one: tried at `guess` first, then
    /// looked up by id.
    fileprivate func position(of recipe: Int, in recipes: Menu.Recipes, after guess: Int) -> Int? {
        let mine = menu.recipes
        if guess < mine.count, recipes.withID(at: recipe, { id in mine.withID(at: guess) { $0.elementsEqual(id) } }) {
            return mine.isRecipe(at: guess, equalTo: recipe, of: recipes) ? guess : nil
        }
        guard let position = menu.position(ofRecipe: recipes.id(at: recipe)),
            mine.isRecipe(at: position, equalTo: recipe, of: recipes)
        else { return nil }
        return position
    }

    /// Writes a fixed part of a recipe: from ``arenas`` when they are
    /// rendered, else now.
    private func writePart(_ recipe: Int, _ part: Part, to out: ByteWriter) {
        guard !arenas.isEmpty else {
            switch part {
            case .head: return layout.writeHead(recipe, to: out)
            case .middle: return layout.writeMiddle(recipe, to: out)
            case .tail: return layout.writeTail(recipe, to: out)
            }
        }
        let offset = recipe * 4 + part.rawValue
        let bytes = arenas[partArena[recipe]].bytes
        out.write(UnsafeBufferPointer(rebasing: bytes[partOffsets[offset]..<partOffsets[offset + 1]]))
    }

    /// What a recipe's fixed parts are made of, and how they are written.
    private final class Layout: Sendable {
        let menu: Menu
        let language: String?
        /// The nesting level of a recipe's object.
        let level: Int
        /// Each fruit's id as a JSON string, one after another.
        let fruitKeys: ByteWriter
        /// Where each fruit's key ends in ``fruitKeys``; it starts where the
        /// previous one ends.
        let fruitKeyEnds: [Int]
        /// Each fruit's id as an item of a recipe's list or object: `,`, a
        /// line break, the indentation and the JSON string, one after
        /// another (the first item of a list leaves out the comma).
        let itemKeys: ByteWriter
        /// Where each fruit's item ends in ``itemKeys``.
        let itemKeyEnds: [Int]
        /// Each recipe's ingredient positions (see ``Menu/IngredientTable``),
        /// recipe by recipe, in the order of their fruits' ids within a
        /// recipe.
        let sortedIngredients: [Int]
        /// What ends a `limitedBy` list and opens `missing`: after items,
        /// and after none.
        let limitedByEnd: [[UInt8]]
        /// What ends `missing`: after items, and after none.
        let missingEnd: [[UInt8]]

        init(
            menu: Menu, language: String?, level: Int, fruitKeys: ByteWriter, fruitKeyEnds: [Int],
            sortedIngredients: [Int]
        ) {
            self.menu = menu
            self.language = language
            self.level = level
            self.fruitKeys = fruitKeys
            self.fruitKeyEnds = fruitKeyEnds
            self.sortedIngredients = sortedIngredients
            let items = ByteWriter(reserving: fruitKeys.count + fruitKeyEnds.count * (2 * level + 8))
            var ends: [Int] = []
            ends.reserveCapacity(fruitKeyEnds.count)
            for fruit in fruitKeyEnds.indices {
                items.writeJSONLine(level: level + 2, first: false)
                let start = fruit == 0 ? 0 : fruitKeyEnds[fruit - 1]
                items.write(UnsafeBufferPointer(rebasing: fruitKeys.bytes[start..<fruitKeyEnds[fruit]]))
                ends.append(items.count)
            }
            itemKeys = items
            itemKeyEnds = ends
            func bytes(_ write: (ByteWriter) -> Void) -> [UInt8] {
                let out = ByteWriter()
                write(out)
                return Array(out.bytes)
            }
            limitedByEnd = [false, true].map { isEmpty in
                bytes { out in
                    ReportJSONWriter.close("]", isEmpty: isEmpty, level: level + 1, to: out)
                    out.writeJSONKey("missing", level: level + 1)
                    out.write(byte: UInt8(ascii: "{"))
                }
            }
            missingEnd = [false, true].map { isEmpty in
                bytes { ReportJSONWriter.close("}", isEmpty: isEmpty, level: level + 1, to: $0) }
            }
        }

        /// Each recipe's fixed parts rendered, or taken from `other` where
        /// its recipe of the same id is the same.
        func renderParts(
            sharingWith other: ReportJSONWriter?
        ) -> (arenas: [ByteWriter], partArena: [Int], partOffsets: [Int]) {
            let own = ByteWriter(reserving: menu.recipes.count * 256)
            var arenas = [own]
            var partArena: [Int] = []
            var partOffsets: [Int] = []
            // The other's buffers, by their index there, as indexes here.
            var adopted: [Int: Int] = [:]
            partArena.reserveCapacity(menu.recipes.count)
            partOffsets.reserveCapacity(menu.recipes.count * 4)
            let donor = other.flatMap { $0.arenas.isEmpty ? nil : $0 }
            // A store's menu keeps its parent's order: the recipe after the
            // last one found is tried before the id is looked up.
            var next = 0
            for recipe in menu.recipes.indices {
                if let donor, let position = donor.position(of: recipe, in: menu.recipes, after: next) {
                    next = position + 1
                    let theirs = donor.partArena[position]
                    let arena = adopted[theirs] ?? arenas.count
                    if arena == arenas.count {
                        adopted[theirs] = arena
                        arenas.append(donor.arenas[theirs])
                    }
                    partArena.append(arena)
                    partOffsets.append(contentsOf: donor.partOffsets[position * 4..<position * 4 + 4])
                    continue
                }
                partArena.append(0)
                partOffsets.append(own.count)
                writeHead(recipe, to: own)
                partOffsets.append(own.count)
                writeMiddle(recipe, to: own)
                partOffsets.append(own.count)
                writeTail(recipe, to: own)
                partOffsets.append(own.count)
            }
            return (arenas, partArena, partOffsets)
        }

        /// The recipe's object up to its `limitedBy` list's items: `{` (on a
        /// line of its own, already indented), `"id"` and `"limitedBy" : [`.
        func writeHead(_ recipe: Int, to out: ByteWriter) {
            out.write(byte: UInt8(ascii: "{"))
            out.writeJSONKey("id", level: level + 1, first: true)
            menu.recipes.withID(at: recipe) { out.writeJSONString(utf8: $0) }
            out.writeJSONKey("limitedBy", level: level + 1)
            out.write(byte: UInt8(ascii: "["))
        }

        /// From after `missing` up to the servings: `"name"` and the key
        /// `"servings"`.
        func writeMiddle(_ recipe: Int, to out: ByteWriter) {
            out.writeJSONKey("name", level: level + 1)
            menu.recipes.withDisplayName(at: recipe, for: language) { out.writeJSONString(utf8: $0) }
            out.writeJSONKey("servings", level: level + 1)
        }

        /// From after the servings to the object's end: `"uses"` and `}`.
        func writeTail(_ recipe: Int, to out: ByteWriter) {
            let table = menu.ingredients
            out.writeJSONKey("uses", level: level + 1)
            out.write(byte: UInt8(ascii: "{"))
            var first = true
            for position in sortedIngredients[table.range(ofRecipe: recipe)] {
                writeItemKey(table.fruits[position], first: first, to: out)
                first = false
                out.write(" : ")
                out.write(table.quantities[position])
            }
            ReportJSONWriter.close("}", isEmpty: first, level: level + 1, to: out)
            ReportJSONWriter.close("}", isEmpty: false, level: level, to: out)
        }

        /// Writes a fruit's id as an item of a recipe's list or object, on
        /// its own line.
        func writeItemKey(_ fruit: Int, first: Bool, to out: ByteWriter) {
            let start = (fruit == 0 ? 0 : itemKeyEnds[fruit - 1]) + (first ? 1 : 0)
            out.write(UnsafeBufferPointer(rebasing: itemKeys.bytes[start..<itemKeyEnds[fruit]]))
        }

        /// Writes a fruit's id as a JSON string.
        func writeFruitKey(_ fruit: Int, to out: ByteWriter) {
            let start = fruit == 0 ? 0 : fruitKeyEnds[fruit - 1]
            out.write(UnsafeBufferPointer(rebasing: fruitKeys.bytes[start..<fruitKeyEnds[fruit]]))
        }
    }

    /// Starts an item of an array or object at `level`: on a new line,
    /// after a comma unless it is the first.
    @inline(__always)
    fileprivate static func item(_ first: inout Bool, level: Int, to out: ByteWriter) {
        out.writeJSONLine(level: level, first: first)
        first = false
    }

    /// Ends an array or object whose opening bracket is at `level`: an empty
    /// one has a blank line inside, as `JSONEncoder` writes it.
    fileprivate static func close(_ bracket: StaticString, isEmpty: Bool, level: Int, to out: ByteWriter) {
        if isEmpty { out.write(byte: UInt8(ascii: "\n")) }
        out.writeJSONLine(level: level, first: true)
        out.write(bracket)
    }
}
