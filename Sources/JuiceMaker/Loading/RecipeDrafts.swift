/// A menu file's recipe entries as read, before their fruits are checked:
/// a ``RecipeTable`` of ids, names and prices with, beside it, where each
/// entry is written and its ingredients by fruit id. Flat arrays, like the
/// table: a large menu's draft costs no string or array per recipe.
struct RecipeDrafts: Sendable, MenuEntryList {
    /// Where an entry's key is written, and whether it removes a parent's
    /// recipe (`mango: ~`): 8 bytes, the flag in the column's top bit, the
    /// file told by ``fileRuns`` (a menu of small recipes has millions of
    /// entries, and they come from one file or a few).
    private struct Key: Sendable {
        var line: UInt32
        private var columnAndRemoves: UInt32

        private static let removesBit: UInt32 = 1 << 31

        init(line: UInt32, column: UInt32, removes: Bool) {
            self.line = line
            columnAndRemoves = column & ~Self.removesBit | (removes ? Self.removesBit : 0)
        }

        var column: UInt32 { columnAndRemoves & ~Self.removesBit }

        var removes: Bool { columnAndRemoves & Self.removesBit != 0 }
    }

    /// One ingredient as written: a fruit id, not yet checked. 12 bytes: its
    /// place is told from its entry's key (a menu of small recipes has
    /// millions of ingredients, whose fruits stand on their key's line).
    struct Ingredient: Sendable {
        /// The fruit's id, as an index into ``fruitIDs``.
        var fruit: Int32
        var quantity: Int32
        /// Where the fruit's key is written: the lines after the entry's
        /// key in the top 12 bits, the column in the low 20; ``farAway``
        /// when either does not fit, and the place is in ``farPlaces``.
        fileprivate var place: UInt32

        fileprivate static let farAway = UInt32.max
        fileprivate static let columnBits: UInt32 = 20

        /// The place packed, or ``farAway``.
        fileprivate static func place(line: Int, column: Int, afterLine keyLine: UInt32) -> UInt32 {
            let lines = line - Int(keyLine)
            guard (0..<(1 << (32 - columnBits))).contains(lines), (0..<(1 << columnBits)).contains(column),
                lines << columnBits | column != farAway
            else { return farAway }
            return UInt32(lines << columnBits | column)
        }
    }

    /// The entries' ids, names and prices; a removal has only its id.
    private(set) var table: RecipeTable
    private var keys: [Key] = []
    /// The files the entries are written in.
    private var files: [String] = []
    /// Which file each entry is written in: the first entry of each run of
    /// entries of one file, and the file, as an index into ``files``.
    private var fileRuns: [(first: Int, file: UInt32)] = []
    /// Where each entry's ingredients start in ``ingredients``.
    private var ingredientStarts: [UInt32] = []
    private(set) var ingredients: [Ingredient] = []
    /// The places of the ingredients whose ``Ingredient/place`` is too far
    /// from their key, by index into ``ingredients``.
    private var farPlaces: [Int: (line: Int, column: Int)] = [:]
    /// The fruit ids the ingredients name, each once: a large menu names
    /// the same fruits over and over.
    private(set) var fruitIDs: [String] = []
    private var fruitIDIndex: [String: Int32] = [:]
    /// The fruits each entry names with an invalid quantity, by entry: such
    /// a fruit is not also reported as unused.
    private var invalidMentions: [Int: [String]] = [:]

    init() {
        table = RecipeTable()
    }

    /// Empty drafts that name fruits and files as `base` does, so that
    /// `base`'s entries keep their fruits' indexes when appended.
    init(mergingOnto base: RecipeDrafts) {
        table = RecipeTable(capacity: base.table.capacity)
        files = base.files
        fruitIDs = base.fruitIDs
        fruitIDIndex = base.fruitIDIndex
    }

    /// Drafts whose table holds at most `capacity` bytes of text.
    init(textCapacity capacity: Int) {
        table = RecipeTable(capacity: capacity)
    }

    var count: Int { keys.count }

    var isEmpty: Bool { keys.isEmpty }

    /// Makes room for the recipes of a menu of `bytes` bytes, so that a
    /// large menu's arrays are not copied as they grow (a copy holds the
    /// old array and the new at once). Room for as many as the text can
    /// hold: a recipe takes at least 10 bytes (`a: {b: 1}` and a line
    /// break), an ingredient 6 (`, b: 1`), an id and its names at most
    /// half the text; room never written to takes address space, not
    /// memory.
    mutating func reserveCapacity(forTextOf bytes: Int) {
        let recipes = bytes / 10
        keys.reserveCapacity(recipes)
        ingredientStarts.reserveCapacity(recipes)
        ingredients.reserveCapacity(bytes / 6)
        table.reserveCapacity(recipes: recipes, bytes: bytes / 2)
    }

    // MARK: Adding entries

    /// Adds an entry with this id, written at `location`, that defines a
    /// recipe or, when `removes`, removes one.
    mutating func append(id: String, at location: SourceLocation, removes: Bool) {
        table.append(id: id)
        append(
            Key(line: UInt32(location.line), column: UInt32(location.column), removes: removes),
            file: index(ofFile: location.file))
        ingredientStarts.append(UInt32(ingredients.count))
    }

    /// Adds an ingredient to the entry added last.
    mutating func appendIngredient(fruit: String, quantity: Int, line: Int, column: Int) {
        let place = Ingredient.place(line: line, column: column, afterLine: keys[count - 1].line)
        if place == Ingredient.farAway { farPlaces[ingredients.count] = (line, column) }
        ingredients.append(
            Ingredient(fruit: index(ofFruitID: fruit), quantity: Int32(clamping: quantity), place: place))
    }

    private mutating func index(ofFruitID id: String) -> Int32 {
        if let index = fruitIDIndex[id] { return index }
        let index = Int32(fruitIDs.count)
        fruitIDs.append(id)
        fruitIDIndex[id] = index
        return index
    }

    /// Notes that the entry added last names `fruit` with an invalid quantity.
    mutating func appendInvalidMention(_ fruit: String) {
        invalidMentions[count - 1, default: []].append(fruit)
    }

    /// Adds a translation to the name of the entry added last.
    mutating func appendTranslation(locale: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>) {
        table.appendTranslation(locale: locale, text: text)
    }

    /// Gives the entry added last this name.
    mutating func setName(_ name: DisplayName?) {
        table.setName(name)
    }

    /// Gives the entry added last a name, of no translation so far.
    mutating func markNamed() {
        table.markNamed()
    }

    /// Sets the price of the entry added last.
    mutating func setPrice(_ price: Int?) {
        table.setPrice(price)
    }

    private mutating func append(_ key: Key, file: UInt32) {
        if fileRuns.last?.file != file { fileRuns.append((keys.count, file)) }
        keys.append(key)
    }

    private mutating func index(ofFile file: String) -> UInt32 {
        if let last = files.last, last == file { return UInt32(files.count - 1) }
        if let index = files.firstIndex(of: file) { return UInt32(index) }
        files.append(file)
        return UInt32(files.count - 1)
    }

    // MARK: Reading entries

    func id(at index: Int) -> String { table.id(at: index) }

    func removes(at index: Int) -> Bool { keys[index].removes }

    func location(at index: Int) -> SourceLocation {
        let key = keys[index]
        return SourceLocation(file: files[Int(file(at: index))], line: Int(key.line), column: Int(key.column))
    }

    /// The file entry `index` is written in, as an index into ``files``.
    private func file(at index: Int) -> UInt32 {
        // The last run that starts at or before `index`.
        var low = 0
        var high = fileRuns.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if fileRuns[middle].first <= index { low = middle } else { high = middle }
        }
        return fileRuns[low].file
    }

    /// Where ingredient `ingredient` of entry `index` is written: a line and
    /// a column.
    func mark(ofIngredient ingredient: Int, ofEntry index: Int) -> (line: Int, column: Int) {
        let place = ingredients[ingredient].place
        if place == Ingredient.farAway, let far = farPlaces[ingredient] { return far }
        let lines = place >> Ingredient.columnBits
        return (Int(keys[index].line) + Int(lines), Int(place & (1 << Ingredient.columnBits - 1)))
    }

    /// Where entry `index`'s ingredients stand in ``ingredients``.
    func ingredientRange(at index: Int) -> Range<Int> {
        Int(ingredientStarts[index])..<(index + 1 < count ? Int(ingredientStarts[index + 1]) : ingredients.count)
    }

    /// The fruits entry `index` names with an invalid quantity.
    func invalidMentions(at index: Int) -> [String] {
        invalidMentions[index] ?? []
    }

    // MARK: MenuEntryList

    mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        ingredientStarts.reserveCapacity(count)
    }

    mutating func append(_ other: RecipeDrafts, at index: Int) {
        table.append(other.table, at: index)
        append(other.keys[index], file: self.index(ofFile: other.files[Int(other.file(at: index))]))
        ingredientStarts.append(UInt32(ingredients.count))
        for position in other.ingredientRange(at: index) {
            var ingredient = other.ingredients[position]
            // The same index where both name the same fruit by it (drafts
            // merged onto `other`), else looked up.
            let fruit = Int(ingredient.fruit)
            if fruit >= fruitIDs.count || fruitIDs[fruit] != other.fruitIDs[fruit] {
                ingredient.fruit = self.index(ofFruitID: other.fruitIDs[fruit])
            }
            if ingredient.place == Ingredient.farAway, let far = other.farPlaces[position] {
                farPlaces[ingredients.count] = far
            }
            ingredients.append(ingredient)
        }
        if let mentions = other.invalidMentions[index] { invalidMentions[count - 1] = mentions }
    }
}
