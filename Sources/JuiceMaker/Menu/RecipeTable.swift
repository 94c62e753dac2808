#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Recipes' ids, display names and prices in a few flat arrays, their text
/// in one byte array: a large menu costs no string or array per recipe.
/// ``Menu/Recipes`` shows a table's recipes as ``Recipe`` values; reports
/// read the text in place.
///
/// A recipe's texts are stored one after another, its record: the id, then
/// each translation's locale and text. A record is copied and compared
/// whole.
struct RecipeTable: Sendable {
    /// Where one text stands in ``text``.
    struct Span: Sendable, Hashable {
        var start: UInt32
        var count: UInt32

        var range: Range<Int> { Int(start)..<Int(start) + Int(count) }
    }

    /// One translation of a recipe's name: a plain string is one whose
    /// locale is empty.
    struct Translation: Sendable, Hashable {
        var locale: Span
        var text: Span
    }

    /// Where a recipe's translations stand in ``translations``.
    private struct Name: Sendable, Hashable {
        var start: UInt32
        /// How many; ``none`` for a recipe without a name.
        var count: UInt32

        static let none = UInt32.max
    }

    /// The most text a table holds: its spans are 32-bit.
    static let textCapacity = Int(UInt32.max)

    /// Every id, locale and name, in UTF-8, one after another.
    private(set) var text: [UInt8] = []
    private var ids: [Span] = []
    /// Each recipe's name; empty while no recipe has one (a menu of many
    /// small recipes may name none, and costs nothing for them then).
    private var names: [Name] = []
    private var translations: [Translation] = []
    /// Each recipe's price, -1 for none; empty while no recipe has one.
    private var prices: [Int32] = []
    /// The first recipe whose text was left out because the table was
    /// full: a menu that large is refused.
    private(set) var firstLeftOut: Int?
    let capacity: Int

    /// An empty table that holds at most `capacity` bytes of text.
    init(capacity: Int = RecipeTable.textCapacity) {
        self.capacity = capacity
    }

    var count: Int { ids.count }

    /// Makes room for `recipes` more recipes and `bytes` more bytes of text.
    mutating func reserveCapacity(recipes: Int, bytes: Int) {
        ids.reserveCapacity(ids.count + recipes)
        if !names.isEmpty { names.reserveCapacity(names.count + recipes) }
        if !prices.isEmpty { prices.reserveCapacity(prices.count + recipes) }
        translations.reserveCapacity(translations.count + recipes)
        text.reserveCapacity(text.count + bytes)
    }

    // MARK: Adding recipes

    /// Adds a recipe with this id, no name yet and no price.
    mutating func append(id: String) {
        var id = id
        appendRecord(id: id.withUTF8 { store($0, of: ids.count) })
    }

    /// Adds a recipe whose id is at `id`, with no name and no price.
    private mutating func appendRecord(id: Span) {
        ids.append(id)
        if !names.isEmpty { names.append(Name(start: UInt32(translations.count), count: Name.none)) }
        if !prices.isEmpty { prices.append(-1) }
    }

    /// Gives every recipe its entry in ``names``, if they have none yet:
    /// before the first name is given.
    private mutating func storeNames() {
        guard names.isEmpty else { return }
        // No recipe has a translation yet: each starts at 0.
        names.reserveCapacity(ids.capacity)
        names.append(contentsOf: repeatElement(Name(start: 0, count: Name.none), count: ids.count))
    }

    /// Adds a translation to the name of the recipe added last, giving it a
    /// name if it had none.
    mutating func appendTranslation(locale: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>) {
        storeNames()
        translations.append(
            Translation(locale: store(locale, of: ids.count - 1), text: store(text, of: ids.count - 1)))
        names[names.count - 1].count = UInt32(translations.count) - names[names.count - 1].start
    }

    /// Gives the recipe added last a name of no translation, if it has none:
    /// a `name` mapping that is empty.
    mutating func markNamed() {
        storeNames()
        if names[names.count - 1].count == Name.none { names[names.count - 1].count = 0 }
    }

    /// Gives the recipe added last this name.
    mutating func setName(_ name: DisplayName?) {
        guard let name else { return }
        markNamed()
        for translation in name.translations {
            var locale = translation.locale
            var text = translation.text
            locale.withUTF8 { locale in text.withUTF8 { appendTranslation(locale: locale, text: $0) } }
        }
    }

    /// Sets the price of the recipe added last.
    mutating func setPrice(_ price: Int?) {
        // Prices are checked against the schema's range, which fits.
        setLastPrice(price.map { Int32(clamping: $0) } ?? -1)
    }

    /// Sets the price of the recipe added last; -1 for none.
    private mutating func setLastPrice(_ price: Int32) {
        if prices.isEmpty {
            guard price >= 0 else { return }
            prices.reserveCapacity(ids.capacity)
            prices.append(contentsOf: repeatElement(-1, count: ids.count))
        }
        prices[prices.count - 1] = price
    }

    /// Adds recipe `index` of `other`, its record copied in one piece.
    mutating func append(_ other: RecipeTable, at index: Int) {
        let record = other.record(at: index)
        let copy = other.text.withUnsafeBufferPointer {
            store(UnsafeBufferPointer(rebasing: $0[record]), of: ids.count)
        }
        // Where the record's texts move to; nowhere when it did not fit.
        func moved(_ span: Span) -> Span {
            copy.count == 0 && span.count > 0
                ? Span(start: 0, count: 0)
                : Span(start: copy.start + (span.start - UInt32(record.lowerBound)), count: span.count)
        }
        appendRecord(id: moved(other.ids[index]))
        let name = other.name(ofRecipe: index)
        if name.count != Name.none {
            storeNames()
            for translation in other.translations(of: name) {
                translations.append(Translation(locale: moved(translation.locale), text: moved(translation.text)))
            }
            names[names.count - 1].count = name.count
        }
        setLastPrice(other.storedPrice(at: index))
    }

    /// Where recipe `index`'s record stands in ``text``.
    private func record(at index: Int) -> Range<Int> {
        let end = translations(of: name(ofRecipe: index)).last.map { Int($0.text.start + $0.text.count) }
        return Int(ids[index].start)..<(end ?? Int(ids[index].start + ids[index].count))
    }

    /// Where recipe `index`'s translations stand.
    private func name(ofRecipe index: Int) -> Name {
        names.isEmpty ? Name(start: 0, count: Name.none) : names[index]
    }

    /// Recipe `index`'s price; -1 for none.
    private func storedPrice(at index: Int) -> Int32 {
        prices.isEmpty ? -1 : prices[index]
    }

    private func translations(of name: Name) -> ArraySlice<Translation> {
        name.count == Name.none ? [] : translations[Int(name.start)..<Int(name.start) + Int(name.count)]
    }

    /// Copies `bytes`, text of recipe `recipe`, into ``text``; an empty
    /// span once the table is full.
    private mutating func store(_ bytes: UnsafeBufferPointer<UInt8>, of recipe: Int) -> Span {
        guard text.count + bytes.count <= capacity else {
            if firstLeftOut == nil { firstLeftOut = recipe }
            return Span(start: 0, count: 0)
        }
        let span = Span(start: UInt32(text.count), count: UInt32(bytes.count))
        text.append(contentsOf: bytes)
        return span
    }

    // MARK: Reading recipes

    /// Recipe `index`'s id.
    func id(at index: Int) -> String {
        string(ids[index])
    }

    /// Calls `body` with the UTF-8 of recipe `index`'s id.
    func withID<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        text.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[ids[index].range])) }
    }

    /// Recipe `index`'s name, if it has one.
    func name(at index: Int) -> DisplayName? {
        let name = name(ofRecipe: index)
        guard name.count != Name.none else { return nil }
        return DisplayName(
            translations(of: name).map { DisplayName.Translation(locale: string($0.locale), text: string($0.text)) })
    }

    /// Recipe `index`'s price, if it has one.
    func price(at index: Int) -> Int? {
        let price = storedPrice(at: index)
        return price < 0 ? nil : Int(price)
    }

    /// Calls `body` with the UTF-8 of the name to show for `language`, as
    /// ``DisplayName/text(for:)`` chooses it, or of the id when the recipe
    /// has no name.
    func withDisplayName<Result>(
        at index: Int, for language: String?, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let span = displayNameSpan(at: index, for: language) ?? ids[index]
        return text.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[span.range])) }
    }

    /// The text of the translation to show for `language`, if the recipe
    /// has any.
    private func displayNameSpan(at index: Int, for language: String?) -> Span? {
        text.withUnsafeBufferPointer { text in
            DisplayName.preferred(translations(of: name(ofRecipe: index)), for: language) {
                DisplayName.locale(UnsafeBufferPointer(rebasing: text[$0.locale.range]), isIn: $1)
            }?.text
        }
    }

    /// Each locale of the translations once, in the order first given, the
    /// empty locale of a plain name left out. A menu has a few locales over
    /// many names: each is compared as bytes with those seen, and made a
    /// string once.
    func locales() -> [String] {
        var seen: [Span] = []
        text.withUnsafeBufferPointer { text in
            for translation in translations where translation.locale.count != 0 {
                let locale = text[translation.locale.range]
                if !seen.contains(where: { text[$0.range].elementsEqual(locale) }) { seen.append(translation.locale) }
            }
        }
        return seen.map(string)
    }

    /// Whether recipe `index` here and recipe `otherIndex` of `other` have
    /// the same id, name and price.
    /// Records whose texts have the same lengths are compared as bytes,
    /// whole.
    func hasSameEntry(at index: Int, as other: RecipeTable, at otherIndex: Int) -> Bool {
        let myName = name(ofRecipe: index)
        let theirName = other.name(ofRecipe: otherIndex)
        let mine = translations(of: myName)
        let theirs = other.translations(of: theirName)
        guard storedPrice(at: index) == other.storedPrice(at: otherIndex), myName.count == theirName.count,
            ids[index].count == other.ids[otherIndex].count,
            zip(mine, theirs).allSatisfy({ $0.locale.count == $1.locale.count && $0.text.count == $1.text.count })
        else { return false }
        let record = record(at: index)
        let otherRecord = other.record(at: otherIndex)
        return text.withUnsafeBufferPointer { text in
            other.text.withUnsafeBufferPointer { otherText in
                record.isEmpty
                    || memcmp(
                        text.baseAddress! + record.lowerBound, otherText.baseAddress! + otherRecord.lowerBound,
                        record.count) == 0
            }
        }
    }

    private func string(_ span: Span) -> String {
        text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[span.range]), as: UTF8.self) }
    }
}
