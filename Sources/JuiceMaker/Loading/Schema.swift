/// The rules of the juice formats, each written once: what an id is, what a
/// count may be, which keys each mapping knows, and the diagnostic each
/// broken rule gives. The loader applies them to what a file says,
/// ``Menu/init(fruits:recipes:suppliers:)`` to what code built.
public enum Schema {
    /// The largest stock, recipe quantity or number of servings: one billion.
    public static let maximumCount = 1_000_000_000

    /// Whether `id` follows the id rule: an ASCII letter, then ASCII letters,
    /// digits, `_` or `-`, and not starting with `x-` (which marks a user's
    /// own metadata key).
    public static func isValidID(_ id: String) -> Bool {
        // Over the contiguous bytes: a large menu checks every id, and
        // stepping through `String.UTF8View` costs several times as much.
        var id = id
        return id.withUTF8 { bytes in
            guard let first = bytes.first, isLetter(first), !isExtensionKey(bytes) else { return false }
            return bytes.allSatisfy {
                isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
            }
        }
    }

    /// Whether a key is a user's own metadata key (`x-...`), ignored where
    /// the format allows it.
    static func isExtensionKey(_ key: String) -> Bool {
        isExtensionKey(key.utf8)
    }

    /// Whether a key, as UTF-8, is a user's own metadata key.
    private static func isExtensionKey(_ utf8: some Collection<UInt8>) -> Bool {
        var iterator = utf8.makeIterator()
        return iterator.next() == UInt8(ascii: "x") && iterator.next() == UInt8(ascii: "-")
    }

    /// Parses a count written as plain decimal digits (leading zeros allowed)
    /// within `range`, or returns `nil`. Never overflows, however long the text.
    package static func parseCount(_ text: some StringProtocol, in range: ClosedRange<Int>) -> Int? {
        parseCount(utf8: text.utf8, in: range)
    }

    /// ``parseCount(_:in:)`` for a count's UTF-8 bytes.
    static func parseCount(utf8 bytes: some Sequence<UInt8>, in range: ClosedRange<Int>) -> Int? {
        var value = 0
        var sawDigit = false
        for byte in bytes {
            guard isDigit(byte) else { return nil }
            sawDigit = true
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            // Stop as soon as it is past the range: no overflow on long input.
            guard value <= range.upperBound else { return nil }
        }
        return sawDigit && range.contains(value) ? value : nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The most menus one chain of `extends` may hold, the menu itself
    /// included: deeper is a `limit` error (extends-depth).
    public static let maximumExtendsDepth = 256

    /// The longest id, in bytes (ids are ASCII): longer is a `limit` error
    /// (id-length).
    public static let maximumIDLength = 256

    /// The most diagnostics one loaded file (with the menus it extends)
    /// reports; the rest are summed up in one `limit` diagnostic
    /// (diagnostics), as a compiler stops after its error limit.
    public static let maximumDiagnostics = 100

    /// The stock a fruit may start with or an inventory may hold, and the
    /// amount one change may add, remove or set.
    public static let stockRange = 0...maximumCount
    /// The servings one order (or a mix's minimum) may ask for.
    public static let servingsRange = 1...maximumCount
    /// The quantity of a fruit one serving may use.
    static let quantityRange = 1...maximumCount
    /// A recipe's price or a fruit's cost, in the smallest unit of the currency.
    static let moneyRange = 0...maximumCount
    /// How many fruits one pack of a fruit holds.
    static let packRange = 1...maximumCount
    /// A fruit's shelf life, in days from receipt to best-before.
    public static let shelfLifeRange = 1...3650
    /// A supplier's days from order to delivery.
    public static let leadDaysRange = 0...365
    /// A supplier's days between deliveries.
    public static let everyRange = 1...365
}

/// The keys each mapping of the formats knows; any other key that is not a
/// user's own `x-` key is an `unknown-key` error.
/// Public for an editor's completion of keys.
extension Schema {
    /// A menu's top-level keys.
    package static let menuKeys = ["fruits", "recipes", "extends", "suppliers", "dayStarts"]
    /// A fruit's keys, in its long form.
    package static let fruitKeys = ["name", "stock", "cost", "par", "reorder", "pack", "supplier", "shelfLife"]
    /// A lot's keys, in an inventory's list of a fruit's lots.
    package static let lotKeys = ["count", "bestBefore"]
    /// A supplier's keys.
    package static let supplierKeys = ["name", "minimum", "leadDays", "every"]
    /// A recipe's keys, in its long form.
    package static let recipeKeys = ["uses", "name", "price"]
    /// A manifest's top-level keys.
    package static let manifestKeys = ["stores", "dayStarts"]
    /// A store's keys in a manifest.
    package static let storeKeys = ["menu", "inventory"]
    /// A sales map's top-level keys.
    package static let salesMapKeys = ["items", "modifiers", "ignore"]
    /// An item's keys in a sales map, in its long form.
    package static let salesItemKeys = ["recipe", "servings"]
    /// The keys of a sales map's modifier that adds a serving of a recipe.
    package static let salesRecipeModifierKeys = ["recipe"]
}

/// The diagnostic of each broken rule.
extension Schema {
    /// An `invalid-id` for an id that breaks the id rule, else `nil`.
    static func invalidID(_ id: String, kind: Message, at location: @autoclosure () -> SourceLocation) -> Diagnostic? {
        isValidID(id)
            ? nil
            : .error(
                .invalidID, Message(.invalidID, .message(kind), "\(id)", .message(Message(.idRule))), at: location())
    }

    /// An `invalid-quantity` for a count outside `range`.
    ///
    /// - Parameters:
    ///   - what: what the count is, as a message names it ("the stock of fruit 'kiwi'").
    ///   - shown: the value as written, and how ("'abc' in quotes", "'-1'").
    static func invalidCount(
        _ what: Message, shown: Message.Argument, in range: ClosedRange<Int>, at location: SourceLocation
    ) -> Diagnostic {
        .error(
            .invalidQuantity,
            Message(.invalidCount, .message(what), shown, "\(range.lowerBound)", "\(range.upperBound)"),
            at: location)
    }

    /// The `empty-recipe` error of a recipe that uses no fruit.
    static func emptyRecipe(_ id: String, at location: SourceLocation) -> Diagnostic {
        .error(.emptyRecipe, Message(.emptyRecipe, "\(id)"), at: location)
    }

    /// An `unknown-key` for a key that is none of `known`; `nil` for a
    /// user's own `x-` key, which is ignored.
    static func unknownKey(_ key: String, in owner: Message, known: [String], at location: SourceLocation)
        -> Diagnostic?
    {
        guard !isExtensionKey(key) else { return nil }
        return .error(
            .unknownKey, Message(.unknownKey, "\(key)", .message(owner), Suggestion.clause(for: key, among: known)),
            at: location)
    }

    /// The `duplicate-key` error of an id given twice where each must be once.
    static func duplicate(_ what: Message, at location: SourceLocation) -> Diagnostic {
        .error(.duplicateKey, Message(.appearsTwice, .message(what)), at: location)
    }

    /// The `unknown-fruit` error of a recipe's ingredient that the menu
    /// does not declare.
    ///
    /// - Parameter suggestion: a did-you-mean clause, or nothing.
    /// - Parameter removal: where a menu that extends the recipe's removed
    ///   the fruit, if one did: a note points there.
    static func unknownFruit(
        _ fruit: String, inRecipe recipe: String, suggestion: Message.Argument, at location: SourceLocation,
        removedAt removal: SourceLocation? = nil
    ) -> Diagnostic {
        .error(
            .unknownFruit, Message(.unknownFruitInRecipe, "\(fruit)", "\(recipe)", suggestion), at: location,
            notes: removal.map { [.init(Message(.removedHere, "\(fruit)"), at: $0)] } ?? [])
    }

    /// What is wrong with an id: too long, or breaking the id rule; `nil`
    /// when it is fine.
    ///
    /// The location is worked out only for a problem: most ids have none.
    static func idProblem(_ id: String, kind: Message, at location: @autoclosure () -> SourceLocation) -> Diagnostic? {
        overlongID(id, kind: kind, at: location()) ?? invalidID(id, kind: kind, at: location())
    }

    /// A `limit` error for an id longer than ``maximumIDLength`` bytes, else `nil`.
    static func overlongID(_ id: String, kind: Message, at location: @autoclosure () -> SourceLocation) -> Diagnostic? {
        let length = id.utf8.count
        guard length > maximumIDLength else { return nil }
        return .error(.limit, Message(.overlongID, .message(kind), "\(length)", "\(maximumIDLength)"), at: location())
    }

    /// The top-level keys that tell a file's kind.
    static let tellingKeys: [StaticString] = ["stores", "fruits", "recipes", "extends"]

    /// A `type-mismatch` error for a file of another kind than `expected`
    /// (an inventory, a stores manifest), told by its top-level keys:
    /// `stores` makes a manifest, `fruits`, `recipes` or `extends` a menu;
    /// `nil` when they say nothing. One error at the telling key, instead
    /// of one for every key that does not fit.
    ///
    /// - Parameter isOwnKey: whether a key is one the expected kind has
    ///   (an inventory's fruit may be called `recipes`).
    static func wrongKind(
        keys: [(text: String, location: SourceLocation)], expected: Message, isOwnKey: (String) -> Bool
    ) -> Diagnostic? {
        for key in keys where !isOwnKey(key.text) {
            let kind: Message
            switch key.text {
            case "stores": kind = Message(.toldByStores)
            case "fruits", "recipes", "extends": kind = Message(.toldByKey, "\(key.text)")
            default: continue
            }
            // A manifest given as a menu (`--menu recipes/stores.yaml`), or
            // a menu as an inventory: say where it goes.
            let message =
                if key.text == "stores" && expected == Message(.aMenu) {
                    Message(.manifestAsMenu)
                } else if key.text != "stores" && expected == Message(.anInventory) {
                    Message(.menuAsInventory, "\(key.text)")
                } else {
                    Message(.wrongKind, .message(kind), .message(expected))
                }
            return .error(.typeMismatch, message, at: key.location)
        }
        return nil
    }

    /// The `invalid-quantity` error of a fruit's `reorder` above its `par`.
    static func reorderAbovePar(_ fruit: String, reorder: Int, par: Int, at location: SourceLocation) -> Diagnostic {
        .error(.invalidQuantity, Message(.reorderAbovePar, "\(fruit)", "\(reorder)", "\(par)"), at: location)
    }

    /// The `missing-key` error of a fruit that gives `reorder` without `par`.
    static func reorderWithoutPar(_ fruit: String, at location: SourceLocation) -> Diagnostic {
        .error(.missingKey, Message(.reorderWithoutPar, "\(fruit)"), at: location)
    }

    /// The `unknown-supplier` error of a fruit whose supplier the menu's
    /// `suppliers` lacks.
    static func unknownSupplier(
        _ supplier: String, ofFruit fruit: String, suggestion: Message.Argument, at location: SourceLocation
    ) -> Diagnostic {
        .error(.unknownSupplier, Message(.unknownSupplier, "\(supplier)", "\(fruit)", suggestion), at: location)
    }

    /// What breaks the rules in the supply terms of a fruit built in code:
    /// each number's range, and `reorder` at most `par` and only with it.
    static func supplyProblems(_ supply: FruitSupply, of fruit: String, at location: SourceLocation) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let terms: [(Int?, Message.Key, ClosedRange<Int>)] = [
            (supply.par, .parOfFruit, stockRange), (supply.reorder, .reorderOfFruit, stockRange),
            (supply.pack, .packOfFruit, packRange),
        ]
        for case (let value?, let what, let range) in terms where !range.contains(value) {
            problems.append(invalidCount(Message(what, "\(fruit)"), shown: "\(value)", in: range, at: location))
        }
        if let reorder = supply.reorder {
            if let par = supply.par {
                if reorder > par { problems.append(reorderAbovePar(fruit, reorder: reorder, par: par, at: location)) }
            } else {
                problems.append(reorderWithoutPar(fruit, at: location))
            }
        }
        return problems
    }

    /// The `unused-fruit` warning of a fruit no recipe uses.
    static func unusedFruit(_ fruit: String, at location: SourceLocation) -> Diagnostic {
        .warning(.unusedFruit, Message(.unusedFruit, "\(fruit)"), at: location)
    }
}
