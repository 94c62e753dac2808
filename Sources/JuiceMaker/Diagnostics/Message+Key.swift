extension Message {
    /// Every sentence the library says to a person, and the words its
    /// sentences are made of. A translation gives a template for each,
    /// with the same `{n}` placeholders as ``english``.
    public enum Key: String, Sendable, Hashable, CaseIterable {
        // Words: kinds of entry, of file, of YAML node.
        case fruitWord, recipeWord, storeWord
        case aMenu, anInventory, aStoresManifest, theMenu, theStoresManifest
        case aScalar, aSequence, aMapping, null
        // What a sentence is about.
        case fruitNamed, recipeNamed, storeNamed, keyNamed, usesOfRecipe, fruitInRecipe
        case stockOfFruit, stockOf, quantityInRecipe, costOfFruit, priceOfRecipe
        // How a bad value was written.
        case quoted, inQuotes, withTag
        // The shape of a file.
        case mustBeMapping, keyMustBeScalar, mustBeNumber, nameMustBeText, localizedNameMustBeText
        case extendsMustBePaths, fruitMustBeStockOrMapping, storePathMustBePath, wrongKind, toldByStores, toldByKey
        case manifestAsMenu, menuAsInventory, fruitNotInInventory, dayStartsMustBeTime
        case missingMenuKey, recipeWithoutUses, manifestWithoutStores, storeWithoutMenu
        // Ids, keys, counts.
        case invalidID, idRule, overlongID, unknownKey, didYouMean, appearsTwice, invalidCount
        case emptyRecipe, unknownFruitInRecipe, unknownFruitInInventory, removedHere, unusedFruit, nothingToRemove
        // YAML.
        case syntax, tabIndent, yamlLimit, fileTooLarge, noDocument, manyDocuments, duplicateKey, firstOccurrence
        // Menus that extend menus, and chains of stores.
        case extendsLoop, extendsTooDeep, menuTooLarge, parentMissing, parentUnreadable
        case storeMenuMissing, storeMenuUnreadable, storeInventoryUnreadable, forStore, forStores, inStore
        case moreProblems
        // Orders and stock changes.
        case unknownRecipe, unknownFruit, invalidServings, notAChange, invalidAmount, servingsOutOfRange
        case notACount, notAnArrival, countOutOfRange
        case beyondCounting, ambiguous, fruitNamedAsRecipe, recipeNamedAsFruit
        // Transactions refused.
        case notEnoughFruit, shortage, aboveMaximum, quantityOutOfRange, amountOutOfRange
        // The journal.
        case aString, aNumber, aBoolean, anArray, anObject, anEntry, anOrderID, orderIDInvalid
        case jsonTrailing, jsonUnexpected, jsonUnfinished, jsonTooDeep, jsonControlCharacter, jsonBadEscape
        case jsonBadNumber, entryMustBeObject, entryWithout, entryTime, entryKind, entryReason, entryNumber
        case entryCounts, entryKey, entryIdempotencyKey, unfinishedLine, lineTooLong, uncommittedEntry, entryOutOfOrder
        case lastEntryID, journalLeaves
        case noSuchEntry, alreadyUndone, isUndo, nothingToUndo, keyReused
        // Files.
        case noSuchFile, cannotRead, cannotReplace, cannotWriteOldIntact, cannotWriteNothingWritten, notFlushed
        case inventoryFolderMissing, inventoryNotYet, inventoryFolderGone
        case stillLocked, keptChanging, existsAlready
        // Finding a store.
        case noSuchStore, storeHasNoInventory
        // The best mix.
        case usageWithoutPrice, usageWithoutCost
        case missingPrice, maxBelowMin, mixBeyondCounting, solverUnavailable, minimumsShort
        // Suppliers, and orders received.
        case supplierWord, supplierNamed, parOfFruit, reorderOfFruit, packOfFruit, minimumOfSupplier
        case supplierMustBeID, reorderAbovePar, reorderWithoutPar, unknownSupplier
        case theOrder, jsonFileTrailing, jsonFileUnfinished, orderTooDeep, orderWithout, orderMustBe, orderUnits
        case chainOrderNeedsStore, storeNotInOrder, nothingReceived, orderUnitsTotal, orderBringsNothing
        // Orders placed, received once, cancelled.
        case orderWord, orderCancelWord, deliveryWord, orderChangesNothing, entryKeyOnlyFor, entryKeyNotIn, entryLines,
            entryOrderHash
        case noSuchOrder, orderReceived, orderFileReceived, orderCancelled, isOrderEntry, isCancelEntry
        case entryNamesNoOrder, entryNamesCancelledOrder, entryNamesReceivedOrder, orderWithoutLines

        /// The English template.
        public var english: String {
            switch self {
            case .fruitWord: "fruit"
            case .recipeWord: "recipe"
            case .storeWord: "store"
            case .aMenu: "a menu"
            case .anInventory: "an inventory"
            case .aStoresManifest: "a stores manifest"
            case .theMenu: "the menu"
            case .theStoresManifest: "the stores manifest"
            case .aScalar: "a scalar"
            case .aSequence: "a sequence"
            case .aMapping: "a mapping"
            case .null: "null"
            case .fruitNamed: "fruit '{1}'"
            case .recipeNamed: "recipe '{1}'"
            case .storeNamed: "store '{1}'"
            case .keyNamed: "'{1}'"
            case .usesOfRecipe: "'uses' of recipe '{1}'"
            case .fruitInRecipe: "fruit '{1}' in recipe '{2}'"
            case .stockOfFruit: "the stock of fruit '{1}'"
            case .stockOf: "the stock of '{1}'"
            case .quantityInRecipe: "the quantity of '{1}' in recipe '{2}'"
            case .costOfFruit: "the cost of fruit '{1}'"
            case .priceOfRecipe: "the price of recipe '{1}'"
            case .quoted: "'{1}'"
            case .inQuotes: "{1} in quotes"
            case .withTag: "{1} with the tag {2}"
            case .mustBeMapping: "{1} must be a mapping, not {2}"
            case .keyMustBeScalar: "a key must be a scalar, not {1}"
            case .mustBeNumber: "{1} must be a number, not {2}"
            case .dayStartsMustBeTime:
                "'dayStarts' must be a time in quotes, \"HH:MM\" from \"00:00\" to \"23:59\", not {1}"
            case .nameMustBeText: "the name of {1} must be a string or a mapping from locale to string, not {2}"
            case .localizedNameMustBeText: "the '{1}' name of {2} must be a string, not {3}"
            case .extendsMustBePaths: "'extends' must be a path or a list of paths, not {1}"
            case .fruitMustBeStockOrMapping: "fruit '{1}' must be a stock number or a mapping, not {2}"
            case .storePathMustBePath: "the {1} of store '{2}' must be a path, not {3}"
            case .wrongKind: "this file is {1}, not {2}"
            case .toldByStores: "a stores manifest (it has 'stores')"
            case .toldByKey: "a menu (it has '{1}')"
            case .fruitNotInInventory:
                "fruit '{1}' is not in this inventory, which juice wrote with every fruit: it counts as the menu's initial stock, {2}"
            case .manifestAsMenu:
                "this file is a stores manifest (it has 'stores'), not a menu: give it with --stores, and a store of it with --store NAME"
            case .menuAsInventory:
                "this file is a menu (it has '{1}'), not an inventory: give it with --menu (and the stock with --inventory)"
            case .missingMenuKey: "the menu has no '{1}' (and extends no other menu)"
            case .recipeWithoutUses: "recipe '{1}' has a '{2}' but no 'uses'"
            case .manifestWithoutStores: "the stores manifest has no 'stores'"
            case .storeWithoutMenu: "store '{1}' has no 'menu'"
            case .invalidID: "invalid {1} id '{2}': {3}"
            case .idRule:
                "an id is an ASCII letter followed by ASCII letters, digits, '_' or '-', and does not start with 'x-'"
            case .overlongID: "the {1} id is {2} bytes long, past the id-length limit of {3}"
            case .unknownKey: "unknown key '{1}' in {2}{3}"
            case .didYouMean: " (did you mean '{1}'?)"
            case .appearsTwice: "{1} appears twice"
            case .invalidCount: "{1} is {2}; it must be a whole number from {3} to {4}, written in plain digits"
            case .emptyRecipe: "recipe '{1}' uses no fruit"
            case .unknownFruitInRecipe: "unknown fruit '{1}' in recipe '{2}'{3}"
            case .unknownFruitInInventory: "unknown fruit '{1}' in the inventory{2}"
            case .removedHere: "'{1}' is removed from the menu here"
            case .unusedFruit: "fruit '{1}' is used by no recipe"
            case .nothingToRemove: "'{1}: ~' removes no {2}: no menu it extends defines '{1}'"
            case .syntax: "{1}"
            case .tabIndent: "{1} (a tab: YAML indents with spaces only)"
            case .yamlLimit: "{1}"
            case .fileTooLarge: "the file is {1} bytes, more than the input-size limit of {2} bytes"
            case .noDocument: "the file holds no YAML document"
            case .manyDocuments: "the file holds {1} YAML documents; it must hold one"
            case .duplicateKey: "duplicate key '{1}'"
            case .firstOccurrence: "the first occurrence is here"
            case .extendsLoop: "menus extend each other in a loop: {1}"
            case .extendsTooDeep: "menus extend each other more than {1} deep, past the extends-depth limit"
            case .menuTooLarge: "the merged menu's recipe ids and names pass {1} bytes, the menu-size limit"
            case .parentMissing: "the menu '{1}' that this menu extends does not exist ({2})"
            case .parentUnreadable: "the menu '{1}' that this menu extends cannot be read: {2}"
            case .storeMenuMissing: "the menu of store '{1}' does not exist ({2})"
            case .storeMenuUnreadable: "the menu of store '{1}' cannot be read: {2}"
            case .storeInventoryUnreadable: "the inventory of store '{1}' cannot be read: {2}"
            case .forStore: "{1} (for store {2})"
            case .forStores: "{1} (for stores {2})"
            case .inStore: "store '{1}': {2}"
            case .moreProblems:
                "{1} more problems are not shown ({2} of them errors), past the diagnostics limit of {3}"
            case .supplierWord: "supplier"
            case .supplierNamed: "supplier '{1}'"
            case .parOfFruit: "the par of fruit '{1}'"
            case .reorderOfFruit: "the reorder level of fruit '{1}'"
            case .packOfFruit: "the pack of fruit '{1}'"
            case .minimumOfSupplier: "the minimum of supplier '{1}'"
            case .supplierMustBeID: "the supplier of fruit '{1}' must be a supplier's id, not {2}"
            case .reorderAbovePar:
                "the reorder level of fruit '{1}' is {2}, above its par of {3}; it must be at most the par"
            case .reorderWithoutPar: "fruit '{1}' has a 'reorder' but no 'par' to order up to"
            case .unknownSupplier: "unknown supplier '{1}' of fruit '{2}'{3}"
            case .theOrder: "the order"
            case .jsonFileTrailing: "not JSON: more after the value"
            case .jsonFileUnfinished: "not JSON: the file ends inside a value"
            case .orderTooDeep: "not an order: nested too deep"
            case .orderWithout: "{1} has no '{2}'"
            case .orderMustBe: "{1} must be {2}, not {3}"
            case .orderUnits: "the units of '{1}' must be a whole number from 0 to {2}"
            case .chainOrderNeedsStore:
                "this is a chain's order (juice order --stores): name the store whose delivery it is with --store"
            case .storeNotInOrder: "the order has no store '{1}'{2}; its stores: {3}"
            case .nothingReceived: "nothing to receive: every line is 0"
            case .orderUnitsTotal: "the lines of '{1}' add up to {2} units, above the maximum of {3}"
            case .orderBringsNothing: "the order brings no fruit (every line is 0, or it has none): nothing to receive"
            case .orderWord: "an order"
            case .orderCancelWord: "an order's cancel"
            case .deliveryWord: "a delivery"
            case .orderChangesNothing: "an order changes no stock: its 'changes' must be {}"
            case .entryKeyOnlyFor: "'{1}' belongs only in an entry of {2}"
            case .entryKeyNotIn: "'{1}' does not belong in an entry of {2}"
            case .entryLines: "'{1}' must be a list of {supplier, fruit, units, packs, cost}, not {2}"
            case .entryOrderHash: "'orderHash' must be 16 hexadecimal digits"
            case .noSuchOrder: "the journal has no placed order {1}: juice orders lists the open ones"
            case .orderReceived:
                "order {1} was received already, by entry {2}: nothing was booked (juice undo {2} opens it again)"
            case .orderFileReceived: "this order file was received already, by entry {1}: nothing was booked"
            case .orderCancelled: "order {1} was cancelled, by entry {2}: nothing was booked"
            case .isOrderEntry:
                "entry {1} is an order, which changed no stock: juice receive --cancel withdraws an order"
            case .entryNamesNoOrder: "entry {1} names order {2}, which no entry before it placed"
            case .entryNamesCancelledOrder: "entry {1} names order {2}, which entry {3} cancelled"
            case .entryNamesReceivedOrder:
                "entry {1} names order {2}, which entry {3} received already: a delivery booked twice, or a received order cancelled"
            case .orderWithoutLines: "an order's 'lines' has at least one line"
            case .isCancelEntry:
                "entry {1} withdrew order {2}, and a withdrawal stands: to order it after all, juice order --place"
            case .unknownRecipe: "unknown recipe '{1}'{2}"
            case .unknownFruit: "unknown fruit '{1}'{2}"
            case .invalidServings:
                "invalid number of servings '{1}' in '{2}': expected a whole number from 1 to {3}"
            case .notAChange: "'{1}' is not a change: write FRUIT=+N to add, FRUIT=-N to remove, FRUIT=N to set"
            case .notACount: "'{1}' is not a count: write FRUIT=N, the number there is"
            case .notAnArrival: "'{1}' is not what arrived: write FRUIT=N, N the number of fruits that came (not packs)"
            case .countOutOfRange: "invalid count '{1}' in '{2}': expected a whole number from 0 to {3}"
            case .invalidAmount:
                "invalid amount '{1}' in '{2}': expected +N, -N or N, N a whole number from 0 to {3}"
            case .servingsOutOfRange: "invalid number of servings {1}: expected a whole number from 1 to {2}"
            case .beyondCounting:
                "the orders together need more '{1}' than can be counted (over {2}); order fewer servings"
            case .ambiguous: "'{1}' names several: {2}; write one of these ids"
            case .fruitNamedAsRecipe: "'{1}' is a fruit, not a recipe"
            case .recipeNamedAsFruit: "'{1}' is a recipe, not a fruit"
            case .notEnoughFruit: "not enough fruit; nothing changed"
            case .shortage: "{1}: {2} needed, {3} in stock, {4} more needed"
            case .aboveMaximum: "{1} would reach {2}, above the maximum of {3}; nothing changed"
            case .quantityOutOfRange:
                "invalid quantity {1} of fruit '{2}' in recipe '{3}': expected a whole number from 1 to {4}"
            case .amountOutOfRange: "invalid amount {1} for fruit '{2}': expected a whole number from 0 to {3}"
            case .aString: "a string"
            case .aNumber: "a number"
            case .anOrderID: "an order's id (a whole number from 1)"
            case .orderIDInvalid: "'order' must be an order's id, a whole number from 1, not {1}"
            case .aBoolean: "a boolean"
            case .anArray: "an array"
            case .anObject: "an object"
            case .anEntry: "a journal entry"
            case .jsonTrailing: "not JSON: more after the entry"
            case .jsonUnexpected: "not JSON: unexpected character"
            case .jsonUnfinished: "not JSON: the line ends inside a value"
            case .jsonTooDeep: "not JSON a journal takes: nested too deep"
            case .jsonControlCharacter: "not JSON: a control character in a string"
            case .jsonBadEscape: "not JSON: an invalid escape in a string"
            case .jsonBadNumber: "not JSON: an invalid number"
            case .entryMustBeObject: "a journal entry must be an object, not {1}"
            case .entryWithout: "the entry has no '{1}'"
            case .entryTime: "'time' must be an RFC 3339 time, such as 2026-11-22T09:30:00Z"
            case .entryKind: "'kind' must be one of {1}"
            case .entryReason: "'reason' must be one of {1}"
            case .entryNumber: "'{1}' must be a whole number from {2} to {3}"
            case .entryCounts: "'{1}' must be an object from id to count, not {2}"
            case .entryKey: "'{1}'"
            case .entryIdempotencyKey: "'key' must be 1 to 64 of A-Z, a-z, 0-9, '_' and '-'"
            case .unfinishedLine:
                "an unfinished last line (a write was cut short): it is skipped, and the next change removes it"
            case .lineTooLong: "the line is longer than {1} bytes"
            case .uncommittedEntry:
                "entry {1} and those after it never took effect (a write was cut short): they are skipped, and the next change removes them"
            case .entryOutOfOrder: "entry {1} is out of order: the next entry must be {2}"
            case .lastEntryID: "entry {1} has the largest id a journal can hold: no entry can follow it"
            case .journalLeaves:
                "the journal's entries leave '{1}' at {2} where the inventory has {3}: more than one entry can record"
            case .noSuchEntry: "the journal has no entry {1}"
            case .alreadyUndone: "entry {1} was undone already, by entry {2}"
            case .isUndo: "entry {1} is an undo: undo the entry it undid again with a new change instead"
            case .nothingToUndo: "nothing to undo: the journal has no make or adjust that is not undone"
            case .keyReused:
                "idempotency key '{1}' was used for another change (journal entry {2}); a new change needs a new key"
            case .inventoryFolderMissing:
                "{1}: the inventory's folder {2} does not exist: create it (mkdir -p {2}) or correct the path; nothing was changed"
            case .inventoryNotYet:
                "the inventory does not exist yet: the stock is the menu's initial stock until the first change writes it"
            case .inventoryFolderGone:
                "the inventory's folder does not exist (moved or removed?): the stock shown is the menu's initial stock, and no change can be made until the folder is back"
            case .noSuchFile: "{1}: no such file"
            case .cannotRead: "{1}: cannot read: {2}"
            case .cannotReplace: "{1}: cannot create or replace: {2}"
            case .cannotWriteOldIntact: "{1}: cannot write: {2}; the old file is intact"
            case .cannotWriteNothingWritten: "{1}: cannot write: {2}; no file was written"
            case .notFlushed:
                "{1}: written, but its folder could not be flushed to disk ({2}); a power loss may undo it"
            case .stillLocked: "{1}: still locked by another process after {2} s; try again"
            case .existsAlready: "{1}: a file is there already; juice init writes over none, so nothing was written"
            case .keptChanging:
                "{1}: edited by hand while this change was written, {2} times in a row; nothing was changed; try again"
            case .noSuchStore: "no store '{1}' in {2}{3}; its stores: {4}"
            case .usageWithoutPrice:
                "recipes without a price: {1}; the revenue over them is not known (null); give each a `price:` in the menu"
            case .usageWithoutCost:
                "fruits without a cost: {1}; the cost of what was used or wasted of them is not known (null); give each a `cost:` in the menu"
            case .missingPrice:
                "no price for {1}: --objective {2} needs the price of every recipe; give each a `price:` in the menu"
            case .maxBelowMin: "--max {1}={2} is below --min {1}={3}"
            case .minimumsShort: "not enough fruit for the --min servings; no mix is suggested"
            case .mixBeyondCounting:
                "the mix's value would pass what can be counted (over {1}); lower the prices or the stock"
            case .solverUnavailable:
                "the solver, COIN-OR CBC, could not be loaded ({1}); install it (on Debian: apt install coinor-libcbc3)"
            case .storeHasNoInventory:
                "store '{1}' has no inventory in {2}, so its stock cannot be changed: add `inventory: FILE` to its entry"
            }
        }
    }
}
