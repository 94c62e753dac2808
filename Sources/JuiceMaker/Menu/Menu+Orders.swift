extension Menu {
    /// The order of `servings` servings of the recipe `id`.
    ///
    /// - Throws: ``OrderError/unknownRecipe(_:suggestion:)`` when the menu
    ///   has no such recipe, ``OrderError/servingsOutOfRange(_:)`` when
    ///   `servings` is not from 1 to ``Schema/maximumCount``.
    public func order(_ id: String, servings: Int = 1) throws(OrderError) -> Order {
        try order(for: OrderRequest(recipe: id, servings: servings))
    }

    /// Parses an order written `RECIPE` or `RECIPE=N` (N servings, from 1 to
    /// ``Schema/maximumCount``) for a recipe of this menu, named by id or by
    /// display name.
    public func order(parsing text: String) throws(OrderError) -> Order {
        try order(for: OrderRequest(parsing: text))
    }

    /// The order for a request, if this menu has its recipe, named by id or
    /// by display name (see ``recipe(named:)``).
    ///
    /// - Throws: ``OrderError/servingsOutOfRange(_:)`` for servings outside 1
    ///   to ``Schema/maximumCount`` (a request built in code is not checked
    ///   otherwise), or the errors of ``recipe(named:)``.
    public func order(for request: OrderRequest) throws(OrderError) -> Order {
        guard Schema.servingsRange.contains(request.servings) else {
            throw .servingsOutOfRange(request.servings)
        }
        return Order(try recipe(named: request.recipe), servings: request.servings)
    }

    /// Parses a stock change written `FRUIT=+N` (add), `FRUIT=-N` (remove) or
    /// `FRUIT=N` (set), N from 0 to ``Schema/maximumCount``; the fruit is
    /// named by id or by display name (see ``fruit(named:)``). An addition
    /// may give the best-before of the lot it adds, `FRUIT=+N@YYYY-MM-DD`.
    public func stockChange(parsing text: String) throws(OrderError) -> StockChange {
        let (name, written) = Self.split(text)
        guard let written else { throw .notAChange(text) }
        let id = try fruit(named: name).id
        let (amount, bestBefore) = try Self.dated(written, in: text)
        if let bestBefore {
            guard amount.first == "+" else { throw .datedNotAddition(text) }
            guard let value = Schema.parseCount(amount.dropFirst(), in: Schema.stockRange) else {
                throw .invalidAmount(amount, change: text)
            }
            return StockChange(fruit: id, .add(value), destination: .lot(bestBefore: bestBefore))
        }
        let sign = amount.first
        let digits = sign == "+" || sign == "-" ? amount.dropFirst() : Substring(amount)
        guard let value = Schema.parseCount(digits, in: Schema.stockRange) else {
            throw .invalidAmount(amount, change: text)
        }
        switch sign {
        case "+": return StockChange(fruit: id, .add(value))
        case "-": return StockChange(fruit: id, .remove(value))
        default: return StockChange(fruit: id, .set(value))
        }
    }

    /// Parses a count as typed, `FRUIT=N` (`N` the number there is, from 0
    /// to ``Schema/maximumCount``; the fruit by id or name).
    ///
    /// - Throws: ``OrderError/notACount(_:)`` for another form (`+N` and
    ///   `-N` included), ``OrderError/invalidCount(_:count:)`` for an `N`
    ///   out of range, or the errors of ``fruit(named:)``.
    public func count(parsing text: String) throws(OrderError) -> (fruit: String, count: Int) {
        let (name, number) = Self.split(text)
        guard let number, number.first != "+", number.first != "-" else { throw .notACount(text) }
        let id = try fruit(named: name).id
        guard let count = Schema.parseCount(number, in: Schema.stockRange) else {
            throw .invalidCount(number, count: text)
        }
        return (id, count)
    }

    /// Parses what arrived as typed, `FRUIT=N` (`N` the fruits that came),
    /// as ``count(parsing:)`` parses a count.
    ///
    /// - Throws: ``OrderError/notAnArrival(_:)`` for another form (`+N` and
    ///   `-N` included: a change is not what arrived), else the errors of
    ///   ``count(parsing:)``.
    public func arrival(parsing text: String) throws(OrderError) -> ReceivedOrder.Line {
        let (name, written) = Self.split(text)
        guard let written else { throw .notAnArrival(text) }
        let (number, bestBefore) = try Self.dated(written, in: text)
        do {
            let arrival = try count(parsing: name + "=" + number)
            return ReceivedOrder.Line(fruit: arrival.fruit, units: arrival.count, bestBefore: bestBefore)
        } catch .notACount {
            throw .notAnArrival(text)
        } catch .invalidCount(let count, _) {
            throw .invalidCount(count, count: text)
        }
    }

    /// A value `N@YYYY-MM-DD` split into the number and the date; the
    /// value whole and `nil` without `@`.
    ///
    /// - Throws: ``OrderError/invalidBestBefore(_:change:)`` for a date
    ///   that is no day.
    private static func dated(_ value: String, in text: String) throws(OrderError) -> (String, CalendarDate?) {
        guard let at = value.firstIndex(of: "@") else { return (value, nil) }
        let written = value[value.index(after: at)...]
        guard let date = CalendarDate(parsing: written) else {
            throw .invalidBestBefore(String(written), change: text)
        }
        return (String(value[..<at]), date)
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
    /// The recipe as typed: its id or one of its display names.
    public var recipe: String
    /// How many servings, from 1 to ``Schema/maximumCount``.
    public var servings: Int

    /// An order for `servings` servings of the recipe `recipe`, not yet checked.
    public init(recipe: String, servings: Int = 1) {
        self.recipe = recipe
        self.servings = servings
    }

    /// Parses `RECIPE` or `RECIPE=N`.
    public init(parsing text: String) throws(OrderError) {
        let (id, count) = Menu.split(text)
        guard let count else {
            self.init(recipe: id)
            return
        }
        guard let servings = Schema.parseCount(count, in: Schema.servingsRange) else {
            throw .invalidServings(count, order: text)
        }
        self.init(recipe: id, servings: servings)
    }
}
