/// The kinds of problem the validator reports; the raw value is the code
/// shown in brackets and in JSON.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable, Codable {
    /// The YAML does not parse, is not UTF-8, or holds more or less than one document.
    case syntax
    /// A recipe or an inventory names a fruit the menu does not declare.
    case unknownFruit = "unknown-fruit"
    /// A key the format does not know.
    case unknownKey = "unknown-key"
    /// A required key is absent.
    case missingKey = "missing-key"
    /// The same key twice in one mapping.
    case duplicateKey = "duplicate-key"
    /// A scalar where a number belongs that is not an allowed number.
    case invalidQuantity = "invalid-quantity"
    /// An id outside the id rule.
    case invalidID = "invalid-id"
    /// A recipe that uses no fruit.
    case emptyRecipe = "empty-recipe"
    /// A node of the wrong kind: a sequence where a scalar belongs, and so on.
    case typeMismatch = "type-mismatch"
    /// A file named by `extends` or by a manifest that does not exist.
    case missingFile = "missing-file"
    /// Menus that extend each other in a loop.
    case extendsCycle = "extends-cycle"
    /// Input past a safety limit.
    case limit
    /// A fruit that no recipe uses (a warning).
    case unusedFruit = "unused-fruit"
    /// A `~` entry that removes nothing, as no parent menu defines the id (a warning).
    case nothingToRemove = "nothing-to-remove"
    /// An order names a recipe that a store's menu lacks.
    case unknownRecipe = "unknown-recipe"
    /// A fruit's `supplier` names a supplier the menu's `suppliers` lacks.
    case unknownSupplier = "unknown-supplier"
    /// A `dayStarts` that is not a quoted `"HH:MM"` time of day; a till's
    /// export's time that is none.
    case invalidTime = "invalid-time"
    /// A lot's `bestBefore` that is not a date `YYYY-MM-DD`.
    case invalidDate = "invalid-date"
    /// A till's export whose format was guessed from its header (a note).
    case formatGuessed = "format-guessed"
}
