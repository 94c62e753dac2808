/// Why a transaction on an ``Inventory`` was refused. Nothing changed.
public enum StockError: Error, Sendable, Hashable {
    /// Some fruits are short: `make` lacks them, or `adjust` would take a
    /// fruit below zero.
    case insufficient([Shortage])
    /// An `adjust` would raise a fruit past ``Schema/maximumCount``.
    case aboveMaximum(fruit: String, result: Int)
    /// An order's recipe or a change names a fruit the inventory does not
    /// count: one its menu does not have.
    case unknownFruit(String)
    /// An order's servings are not from 1 to ``Schema/maximumCount``.
    case servingsOutOfRange(Int)
    /// An order's recipe (one built in code) uses a fruit in a quantity not
    /// from 1 to ``Schema/maximumCount``.
    case quantityOutOfRange(recipe: String, fruit: String, quantity: Int)
    /// A change's amount is not from 0 to ``Schema/maximumCount``.
    case amountOutOfRange(fruit: String, amount: Int)
    /// A delivery where nothing arrived (every fruit said 0): there is no
    /// delivery to book, and the order stays open.
    case nothingArrived
    /// An undo would take `needed` from the lot of `fruit` best before
    /// `bestBefore` (`nil`: the undated lot), which holds only `holds`.
    case lotHoldsTooFew(fruit: String, bestBefore: CalendarDate?, holds: Int, needed: Int)
    /// Expired lots to throw out where none has expired: there is no
    /// change to book.
    case nothingExpired
}

extension StockError {
    /// What is wrong, in one sentence; for ``insufficient(_:)``, each short
    /// fruit says the rest (``Shortage/message``).
    public var message: Message {
        let maximum: Message.Argument = "\(Schema.maximumCount)"
        switch self {
        case .insufficient:
            return Message(.notEnoughFruit)
        case .aboveMaximum(let fruit, let result):
            return Message(.aboveMaximum, "\(fruit)", "\(result)", maximum)
        case .unknownFruit(let fruit):
            return Message(.unknownFruit, "\(fruit)", "")
        case .servingsOutOfRange(let servings):
            return Message(.servingsOutOfRange, "\(servings)", maximum)
        case .quantityOutOfRange(let recipe, let fruit, let quantity):
            return Message(.quantityOutOfRange, "\(quantity)", "\(fruit)", "\(recipe)", maximum)
        case .amountOutOfRange(let fruit, let amount):
            return Message(.amountOutOfRange, "\(amount)", "\(fruit)", maximum)
        case .nothingArrived:
            return Message(.nothingReceived)
        case .nothingExpired:
            return Message(.nothingExpired)
        case .lotHoldsTooFew(let fruit, let bestBefore, let holds, let needed):
            return Message(
                .lotHoldsTooFew, "\(fruit)", "\(bestBefore.map(String.init(describing:)) ?? "-")", "\(holds)",
                "\(needed)")
        }
    }
}

extension StockError: CustomStringConvertible {
    /// ``message`` in English; for ``insufficient(_:)``, followed by an
    /// indented line for each short fruit, as `juice make` says them.
    public var description: String {
        guard case .insufficient(let shortages) = self else { return message.description }
        return ([message.description] + shortages.map { "  " + $0.message.description }).joined(separator: "\n")
    }
}
