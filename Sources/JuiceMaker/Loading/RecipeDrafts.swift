/// A menu file's recipe entries as read, before their fruits are checked:
/// a ``RecipeTable`` of ids, names and prices with, beside it, where each
/// entry is written and its ingredients by fruit id. Flat arrays, like the
/// table: a large menu's draft costs no string or array per recipe.
struct RecipeDrafts: Sendable, MenuEntryList {
    /// Where an entry's key is written, and whether it removes a parent's
    /// recipe (`mango: ~`): 12 bytes, the flag in the file's top bit (a
    /// Bool of its own took 16, and a menu of small recipes has millions).
    private struct Key: Sendable {
        private var fileAndRemoves: UInt32
        var line: UInt32
        var column: UInt32

        private static let removesBit: UInt32 = 1 << 31

        init(file: UInt32, line: UInt32, column: UInt32, removes: Bool) {
            fileAndRemoves = file | (removes ? Self.removesBit : 0)
            self.line = line
            self.column = column
        }

        /// An index into ``files``.
        var file: UInt32 {
            get { fileAndRemoves & ~Self.removesBit }
            set { fileAndRemoves = newValue | (fileAndRemoves & Self.removesBit) }
        }

        var removes: Bool { fileAndRemoves & Self.removesBit != 0 }
    }

    /// One ingredient as written: a fruit id, not yet checked.
    struct Ingredient: Sendable {
        /// The fruit's id, as an index into ``fruitIDs``.
        var fruit: Int32
        var quantity: Int32
        /// Where the fruit's key is written.
        var line: UInt32
        var column: UInt32

        var mark: (line: Int, column: Int) { (Int(line), Int(column)) }
    }

    /// The entries' ids, names and prices; a removal has only its id.
    private(set) var table: RecipeTable
    private var keys: [Key] = []
    /// The files the entries are written in.
    private var files: [String] = []
    /// Where each entry's ingredients start in ``ingredients``.
    private var ingredientStarts: [UInt32] = []
    private(set) var ingredients: [Ingredient] = []
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
    /// large menu's arrays are not copied over and over as they grow (and
    /// the copies left behind in the heap). The estimates are generous:
    /// most menus take about 120 bytes a recipe, 40 an ingredient and half
    /// their text for ids and names, and room never written to takes
    /// address space, not memory.
    mutating func reserveCapacity(forTextOf bytes: Int) {
        let recipes = bytes / 96
        keys.reserveCapacity(recipes)
        ingredientStarts.reserveCapacity(recipes)
        ingredients.reserveCapacity(bytes / 32)
        table.reserveCapacity(recipes: recipes, bytes: bytes / 2)
    }

    // MARK: Adding entries

    /// Adds an entry with this id, written at `location`, that defines a
    /// recipe or, when `removes`, removes one.
    mutating func append(id: String, at location: SourceLocation, removes: Bool) {
        table.append(id: id)
        keys.append(
            Key(
                file: index(ofFile: location.file), line: UInt32(location.line), column: UInt32(location.column),
                removes: removes))
        ingredientStarts.append(UInt32(ingredients.count))
    }

    /// Adds an ingredient to the entry added last.
    mutating func appendIngredient(fruit: String, quantity: Int, line: Int, column: Int) {
        ingredients.append(
            Ingredient(
                fruit: index(ofFruitID: fruit), quantity: Int32(clamping: quantity), line: UInt32(line),
                column: UInt32(column)))
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
        return SourceLocation(file: files[Int(key.file)], line: Int(key.line), column: Int(key.column))
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
        var key = other.keys[index]
        key.file = self.index(ofFile: other.files[Int(key.file)])
        keys.append(key)
        ingredientStarts.append(UInt32(ingredients.count))
        for var ingredient in other.ingredients[other.ingredientRange(at: index)] {
            // The same index where both name the same fruit by it (drafts
            // merged onto `other`), else looked up.
            let fruit = Int(ingredient.fruit)
            if fruit >= fruitIDs.count || fruitIDs[fruit] != other.fruitIDs[fruit] {
                ingredient.fruit = self.index(ofFruitID: other.fruitIDs[fruit])
            }
            ingredients.append(ingredient)
        }
        if let mentions = other.invalidMentions[index] { invalidMentions[count - 1] = mentions }
    }
}
