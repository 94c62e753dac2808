import JuiceMaker

/// The CSV rows of reports against one menu, `recipe,servings,limitedBy,missing`,
/// written from bytes worked out once per menu: each recipe's field and
/// each fruit's id, so that a chain's many stores copy them instead of
/// copying and checking strings for every row.
package final class CSVRowWriter: Sendable {
    package let menu: Menu
    /// Each recipe's id as a CSV field and its comma, one after another.
    private let recipeFields: ByteWriter
    private let recipeFieldEnds: [Int]
    /// Each fruit's id, one after another. Ids hold no character CSV
    /// quotes, and the lists are ids, `;`, `:` and digits: no field of a
    /// list needs quoting.
    private let fruitIDs: ByteWriter
    private let fruitIDEnds: [Int]

    package init(menu: Menu) {
        self.menu = menu
        let fields = ByteWriter(reserving: menu.recipes.count * 16)
        var fieldEnds: [Int] = []
        fieldEnds.reserveCapacity(menu.recipes.count)
        for recipe in menu.recipes.indices {
            fields.write(CSV.field(menu.recipes.id(at: recipe)))
            fields.write(byte: UInt8(ascii: ","))
            fieldEnds.append(fields.count)
        }
        recipeFields = fields
        recipeFieldEnds = fieldEnds
        let ids = ByteWriter(reserving: menu.fruits.count * 12)
        var idEnds: [Int] = []
        idEnds.reserveCapacity(menu.fruits.count)
        for fruit in menu.fruits {
            ids.write(fruit.id)
            idEnds.append(ids.count)
        }
        fruitIDs = ids
        fruitIDEnds = idEnds
    }

    /// Writes every recipe's row, each after `prefix` (a chain's store and
    /// its comma), its numbers worked out from `counts` (the stock by fruit
    /// position).
    package func writeRows(counts: [Int], prefix: String = "", to out: ByteWriter) {
        RowBlocks.write(count: menu.recipes.count, to: out) { recipes, out in
            for recipe in recipes {
                self.writeRow(recipe, counts: counts, prefix: prefix, to: out)
            }
        }
    }

    private func writeRow(_ recipe: Int, counts: [Int], prefix: String, to out: ByteWriter) {
        let table = menu.ingredients
        let servings = table.servings(ofRecipe: recipe, counts: counts)
        out.write(prefix)
        Self.write(recipe, of: recipeFields, ends: recipeFieldEnds, to: out)
        out.write(servings)
        out.write(byte: UInt8(ascii: ","))
        var first = true
        for position in table.range(ofRecipe: recipe)
        where table.binds(position, servings: servings, counts: counts) {
            if !first { out.write(byte: UInt8(ascii: ";")) }
            first = false
            Self.write(table.fruits[position], of: fruitIDs, ends: fruitIDEnds, to: out)
        }
        out.write(byte: UInt8(ascii: ","))
        first = true
        for position in table.range(ofRecipe: recipe) {
            let lacking = table.lacks(position, servings: servings, counts: counts)
            guard lacking > 0 else { continue }
            if !first { out.write(byte: UInt8(ascii: ";")) }
            first = false
            Self.write(table.fruits[position], of: fruitIDs, ends: fruitIDEnds, to: out)
            out.write(byte: UInt8(ascii: ":"))
            out.write(lacking)
        }
        out.newline()
    }

    /// Writes item `index` of `bytes`, where each item ends at `ends[index]`
    /// and starts where the one before ends.
    private static func write(_ index: Int, of bytes: ByteWriter, ends: [Int], to out: ByteWriter) {
        let start = index == 0 ? 0 : ends[index - 1]
        out.write(UnsafeBufferPointer(rebasing: bytes.bytes[start..<ends[index]]))
    }
}
