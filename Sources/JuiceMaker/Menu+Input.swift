/// A command-line argument that names no recipe or fruit of the menu, or is
/// not of the expected form.
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, with a did-you-mean where one is close.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}

extension Menu {
    /// Parses an order written `RECIPE` or `RECIPE=N` (N servings, from 1 to
    /// ``Schema/maximumCount``).
    public func order(parsing text: String) throws(InputError) -> Order {
        let (id, count) = Self.split(text)
        guard let recipe = recipe(id: id) else {
            throw InputError("unknown recipe '\(id)'\(Suggestion.clause(for: id, among: recipes.map(\.id)))")
        }
        guard let count else { return Order(recipe, servings: 1) }
        guard let servings = Schema.parseCount(count, in: 1...Schema.maximumCount) else {
            throw InputError("invalid number of servings '\(count)' in '\(text)': expected a whole number from 1 to \(Schema.maximumCount)")
        }
        return Order(recipe, servings: servings)
    }

    /// Parses a stock change written `FRUIT=+N` (add), `FRUIT=-N` (remove) or
    /// `FRUIT=N` (set), N from 0 to ``Schema/maximumCount``.
    public func stockChange(parsing text: String) throws(InputError) -> StockChange {
        let (id, amount) = Self.split(text)
        guard let amount else {
            throw InputError("'\(text)' is not a change: write FRUIT=+N to add, FRUIT=-N to remove, FRUIT=N to set")
        }
        guard fruit(id: id) != nil else {
            throw InputError("unknown fruit '\(id)'\(Suggestion.clause(for: id, among: fruits.map(\.id)))")
        }
        let sign = amount.first
        let digits = sign == "+" || sign == "-" ? amount.dropFirst() : Substring(amount)
        guard let value = Schema.parseCount(digits, in: 0...Schema.maximumCount) else {
            throw InputError("invalid amount '\(amount)' in '\(text)': expected +N, -N or N, N a whole number from 0 to \(Schema.maximumCount)")
        }
        switch sign {
        case "+": return StockChange(fruit: id, .add(value))
        case "-": return StockChange(fruit: id, .remove(value))
        default: return StockChange(fruit: id, .set(value))
        }
    }

    /// `NAME=VALUE` split at the first `=`; the value is `nil` without one.
    private static func split(_ text: String) -> (name: String, value: String?) {
        guard let equals = text.firstIndex(of: "=") else { return (text, nil) }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }
}
