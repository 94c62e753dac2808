import Testing

@testable import JuiceMaker

/// make and adjust as whole transactions on the original menu.
@Suite struct TransactionTests {
    let menu = Menu.builtin

    func order(_ text: String) throws -> Order {
        try menu.order(parsing: text)
    }

    @Test func makingUsesExactlyTheRecipesFruit() throws {
        let after = try Inventory(initialStockOf: menu).making([try order("banana=2"), try order("mangoKiwi")])
        #expect(after.counts == ["strawberry": 10, "banana": 6, "pineapple": 10, "kiwi": 9, "mango": 8])
    }

    @Test func aShortSecondIngredientConsumesNothingOfTheFirst() throws {
        // The original app took the strawberries before finding no banana.
        let start = try Inventory(initialStockOf: menu).adjusted(by: [StockChange(fruit: "banana", .set(0))])
        #expect(throws: StockError.insufficient([Shortage(fruit: "banana", needed: 1, available: 0)])) {
            try start.making([try order("strawberryBanana")])
        }
        #expect(start["strawberry"] == 10)
    }

    @Test func ordersSharingAFruitAreCheckedTogether() throws {
        // Each order alone fits; together they need 13 mangoes of 10.
        let orders = [try order("mango=3"), try order("mangoKiwi=2")]
        #expect(throws: StockError.insufficient([Shortage(fruit: "mango", needed: 13, available: 10)])) {
            try Inventory(initialStockOf: menu).making(orders)
        }
    }

    @Test func everyShortFruitIsListed() throws {
        let orders = [try order("strawberry"), try order("kiwi=4")]
        #expect(
            throws: StockError.insufficient([
                Shortage(fruit: "strawberry", needed: 16, available: 10),
                Shortage(fruit: "kiwi", needed: 12, available: 10),
            ])
        ) {
            try Inventory(initialStockOf: menu).making(orders)
        }
    }

    @Test func aHugeOrderSaturatesInsteadOfOverflowing() throws {
        // Ten orders of the most servings of the largest quantity pass Int.max.
        let recipe = Recipe(id: "big", ingredients: [.init(fruit: "strawberry", quantity: 1_000_000_000)])
        let big = Order(recipe, servings: 1_000_000_000)
        #expect(throws: StockError.insufficient([Shortage(fruit: "strawberry", needed: .max, available: 10)])) {
            try Inventory(initialStockOf: menu).making(Array(repeating: big, count: 10))
        }
    }

    @Test func anOrderOrAChangeOfAFruitTheInventoryDoesNotCountIsRefused() throws {
        let stock = Inventory(initialStockOf: menu)
        #expect(throws: StockError.unknownFruit("kiwwi")) {
            try stock.adjusted(by: [StockChange(fruit: "kiwi", .add(1)), StockChange(fruit: "kiwwi", .add(5))])
        }
        let lemonade = Recipe(id: "lemonade", ingredients: [.init(fruit: "lemon", quantity: 2)])
        #expect(throws: StockError.unknownFruit("lemon")) { try stock.making([Order(lemonade)]) }
        // A fruit that a hand-made inventory does not list is not counted.
        #expect(throws: StockError.unknownFruit("mango")) {
            try Inventory(counts: ["kiwi": 3]).adjusted(by: [StockChange(fruit: "mango", .set(1))])
        }
    }

    @Test func servingsOutOfRangeAreRefusedAndAddNothing() throws {
        let banana = try #require(menu.recipe(id: "banana"))
        let stock = Inventory(initialStockOf: menu)
        for servings in [0, -3, 1_000_000_001, .min] {
            #expect(throws: StockError.servingsOutOfRange(servings)) {
                try stock.making([try order("banana"), Order(banana, servings: servings)])
            }
        }
        var changed = try order("banana")
        changed.servings = -1
        #expect(throws: StockError.servingsOutOfRange(-1)) { try stock.making([changed]) }
        #expect(try stock.making([Order(banana, servings: 5)])["banana"] == 0)
    }

    @Test func aHandMadeRecipesQuantityOutOfRangeIsRefused() throws {
        let stock = Inventory(initialStockOf: menu)
        for quantity in [0, -2, 1_000_000_001] {
            let recipe = Recipe(
                id: "odd", ingredients: [.init(fruit: "kiwi", quantity: 1), .init(fruit: "mango", quantity: quantity)])
            #expect(throws: StockError.quantityOutOfRange(recipe: "odd", fruit: "mango", quantity: quantity)) {
                try stock.making([Order(recipe)])
            }
        }
    }

    @Test func changeAmountsOutOfRangeAreRefused() throws {
        let stock = Inventory(initialStockOf: menu)
        for operation: StockChange.Operation in [.add(-5), .remove(-5), .set(-1), .add(1_000_000_001), .set(.max)] {
            let amount: Int
            switch operation {
            case .add(let value), .remove(let value), .set(let value): amount = value
            }
            #expect(throws: StockError.amountOutOfRange(fruit: "kiwi", amount: amount)) {
                try stock.adjusted(by: [StockChange(fruit: "kiwi", operation)])
            }
        }
        let edges = [StockChange(fruit: "kiwi", .add(0)), StockChange(fruit: "mango", .set(1_000_000_000))]
        let after = try stock.adjusted(by: edges)
        #expect(after.counts == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 1_000_000_000])
    }

    @Test func adjustAppliesChangesInOrder() throws {
        let changes = try ["kiwi=+5", "kiwi=-3", "mango=0", "banana=7"].map { try menu.stockChange(parsing: $0) }
        let after = try Inventory(initialStockOf: menu).adjusted(by: changes)
        #expect(after.counts == ["strawberry": 10, "banana": 7, "pineapple": 10, "kiwi": 12, "mango": 0])
    }

    @Test func adjustBelowZeroIsRefusedWithHowManyMoreWereNeeded() throws {
        let changes = try ["kiwi=-13", "mango=+1"].map { try menu.stockChange(parsing: $0) }
        #expect(throws: StockError.insufficient([Shortage(fruit: "kiwi", needed: 13, available: 10)])) {
            try Inventory(initialStockOf: menu).adjusted(by: changes)
        }
    }

    @Test func adjustMayPassBelowZeroOnTheWayIfItEndsAtZeroOrMore() throws {
        let changes = try ["kiwi=-15", "kiwi=+5"].map { try menu.stockChange(parsing: $0) }
        #expect(try Inventory(initialStockOf: menu).adjusted(by: changes)["kiwi"] == 0)
    }

    @Test func adjustAboveTheMaximumIsRefused() throws {
        let changes = try ["kiwi=1000000000", "kiwi=+1"].map { try menu.stockChange(parsing: $0) }
        #expect(throws: StockError.aboveMaximum(fruit: "kiwi", result: 1_000_000_001)) {
            try Inventory(initialStockOf: menu).adjusted(by: changes)
        }
    }

    @Test func ordersAreParsedWithADidYouMean() throws {
        #expect(try order("banana").servings == 1)
        #expect(try order("banana=007").servings == 7)
        #expect(throws: OrderError.unknownRecipe("strawbery", suggestion: "strawberry")) { try order("strawbery") }
        for bad in ["banana=0", "banana=-1", "banana=x", "banana=", "banana=1000000001"] {
            #expect(throws: OrderError.self) { try order(bad) }
        }
    }

    @Test func typedOrdersAreCheckedLikeWrittenOnes() throws {
        #expect(try menu.order("banana", servings: 2) == Order(try #require(menu.recipe(id: "banana")), servings: 2))
        #expect(throws: OrderError.unknownRecipe("bananna", suggestion: "banana")) { try menu.order("bananna") }
        #expect(throws: OrderError.servingsOutOfRange(0)) { try menu.order("banana", servings: 0) }
        #expect(throws: OrderError.servingsOutOfRange(-3)) {
            try menu.order(for: OrderRequest(recipe: "banana", servings: -3))
        }
        #expect(throws: OrderError.servingsOutOfRange(1_000_000_001)) {
            try menu.order("banana", servings: 1_000_000_001)
        }
        #expect(
            OrderError.servingsOutOfRange(0).description
                == "invalid number of servings 0: expected a whole number from 1 to 1000000000")
    }

    @Test func stockChangesAreParsedWithADidYouMean() throws {
        #expect(try menu.stockChange(parsing: "kiwi=+3") == StockChange(fruit: "kiwi", .add(3)))
        #expect(try menu.stockChange(parsing: "kiwi=-3") == StockChange(fruit: "kiwi", .remove(3)))
        #expect(try menu.stockChange(parsing: "kiwi=3") == StockChange(fruit: "kiwi", .set(3)))
        #expect(throws: OrderError.unknownFruit("mangoo", suggestion: "mango")) {
            try menu.stockChange(parsing: "mangoo=+1")
        }
        for bad in ["kiwi", "kiwi=+", "kiwi=+-1", "kiwi=1.5", "kiwi=++1"] {
            #expect(throws: OrderError.self) { try menu.stockChange(parsing: bad) }
        }
    }
}
