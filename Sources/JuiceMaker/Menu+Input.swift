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
    /// ``Schema/maximumCount``) for a recipe of this menu.
    public func order(parsing text: String) throws(InputError) -> Order {
        try order(for: OrderRequest(parsing: text))
    }

    /// The order for a request, if this menu has its recipe.
    public func order(for request: OrderRequest) throws(InputError) -> Order {
        guard let recipe = recipe(id: request.recipe) else {
            throw InputError("unknown recipe '\(request.recipe)'\(Suggestion.clause(for: request.recipe, among: recipes.map(\.id)))")
        }
        return Order(recipe, servings: request.servings)
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
    static func split(_ text: String) -> (name: String, value: String?) {
        guard let equals = text.firstIndex(of: "=") else { return (text, nil) }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }
}

/// An order as written, `RECIPE` or `RECIPE=N`, before it is checked
/// against a menu: the form `juice plan` checks once for many stores.
public struct OrderRequest: Sendable, Hashable {
    /// The recipe's id.
    public var recipe: String
    /// How many servings, from 1 to ``Schema/maximumCount``.
    public var servings: Int

    public init(recipe: String, servings: Int = 1) {
        self.recipe = recipe
        self.servings = servings
    }

    /// Parses `RECIPE` or `RECIPE=N`.
    public init(parsing text: String) throws(InputError) {
        let (id, count) = Menu.split(text)
        guard let count else {
            self.init(recipe: id)
            return
        }
        guard let servings = Schema.parseCount(count, in: 1...Schema.maximumCount) else {
            throw InputError("invalid number of servings '\(count)' in '\(text)': expected a whole number from 1 to \(Schema.maximumCount)")
        }
        self.init(recipe: id, servings: servings)
    }
}
