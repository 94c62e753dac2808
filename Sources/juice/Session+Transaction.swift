import ArgumentParser
import JuiceMaker

/// The options `make` and `adjust` share.
struct TransactionOptions: ParsableArguments {
    @Flag(help: "Check everything and show the stock before and after, without changing it.")
    var dryRun = false

    @OptionGroup var store: StoreOptions

    @Option(help: "Output format: text or json.")
    var format: TransactionFormat = .text
}

/// The shared path of `make` and `adjust`: check or store, then answer.
extension Session {
    /// Runs a transaction: under `dryRun`, on the stock as read; otherwise on
    /// the inventory file under its lock, storing the result.
    ///
    /// - Parameter making: whether a refusal is a `make`'s (insufficient
    ///   stock) or an `adjust`'s (negative stock).
    /// - Returns: the stock before and after.
    mutating func transact(
        dryRun: Bool, making: Bool, _ transaction: (Inventory) throws(StockError) -> Inventory
    ) throws(ExitCode) -> (before: Inventory, after: Inventory) {
        if dryRun {
            let before = try readInventory()
            do {
                return (before, try transaction(before))
            } catch {
                throw fail(Failure(error, making: making))
            }
        }
        do {
            let update = try options.inventoryFile.update(menu: menu, transaction)
            record(update.diagnostics)
            return (update.before, update.after)
        } catch {
            throw fail(Failure(error, making: making))
        }
    }

    /// Answers a successful transaction. In text, a dry run shows every
    /// fruit before and after, and a real one prints `lines`.
    func report(before: Inventory, after: Inventory, dryRun: Bool, lines: () -> [String]) {
        if isJSON {
            Output.json(
                TransactionJSON(
                    dryRun: dryRun ? true : nil, before: dryRun ? before.json(for: menu) : nil,
                    inventory: after.json(for: menu), diagnostics: warnings))
            return
        }
        guard dryRun else {
            lines().forEach { Output.line($0) }
            return
        }
        Output.line("Dry run: every check passed; nothing was changed.")
        var table = TextTable([
            .init(title: "FRUIT", alignment: .left), .init(title: "BEFORE", alignment: .right),
            .init(title: "AFTER", alignment: .right),
        ])
        for fruit in menu.fruits {
            table.append([fruit.displayName(for: language), String(before[fruit.id]), String(after[fruit.id])])
        }
        table.lines.forEach { Output.line($0) }
    }

    /// `Name count, Name count` for the given fruits.
    func stockLine(_ fruits: [String], of inventory: Inventory) -> String {
        fruits.map { "\(menu.fruitName($0, for: language)) \(inventory[$0])" }.joined(separator: ", ")
    }
}

/// The JSON of a successful `make` or `adjust`.
struct TransactionJSON: Encodable {
    var ok = true
    var dryRun: Bool?
    var before: StockJSON?
    var inventory: StockJSON
    var diagnostics: [Diagnostic]
}
