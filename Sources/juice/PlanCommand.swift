import ArgumentParser
import JuiceMaker

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "The shopping list: what to buy to make the given orders.",
        discussion: """
            For the orders given (RECIPE or RECIPE=N), per fruit: how many are needed, how many \
            are in stock, and how many to buy (only the shortfall). Changes nothing, and exits 0 \
            even when something must be bought. With --stores, a list per store of a manifest; \
            an order for a recipe a store's menu lacks is an error for that store, the others \
            are still planned (exit 65). --stores cannot be combined with --menu or --inventory.

            Examples:
              juice plan strawberryBanana=3
              juice plan strawberryBanana=3 --stores recipes/stores.yaml
              juice plan mango=2 --stores recipes/stores.yaml --format csv
            """
    )

    @Argument(help: ArgumentHelp("The orders: RECIPE or RECIPE=N.", valueName: "order"))
    var orders: [String]

    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("A stores manifest: plan for every store it names.", valueName: "manifest"))
    var stores: String?

    @Option(help: "Output format: text, json or csv.")
    var format: PlanFormat = .text

    func validate() throws {
        if stores != nil { try Chain.checkOptions(store) }
    }

    func run() throws {
        var requests: [OrderRequest] = []
        for text in orders {
            do {
                requests.append(try OrderRequest(parsing: text))
            } catch {
                throw Session.emit(.usage(error.description), isJSON: format == .json, menu: nil, language: store.language, options: store)
            }
        }
        if let stores {
            try runBatch(manifest: stores, requests: requests)
            return
        }
        var session = try Session(options: store, isJSON: format == .json)
        let parsed = try session.parse(requests) { request throws(InputError) in try session.menu.order(for: request) }
        let list = try session.readInventory().shoppingList(for: parsed)
        let renderer = PlanRenderer(language: session.language)
        switch format {
        case .text: renderer.text(list, menu: session.menu).forEach { Output.line($0) }
        case .csv: renderer.csv([(nil, list)]).forEach { Output.line($0) }
        case .json: Output.json(PlanJSON(list, diagnostics: session.warnings))
        }
    }

    private func runBatch(manifest: String, requests: [OrderRequest]) throws {
        let chain = try Chain(manifestPath: manifest, options: store, isJSON: format == .json)
        let plans = chain.snapshots.map { $0.plan(for: requests) }
        let allDiagnostics = (chain.manifest.diagnostics + plans.flatMap(\.diagnostics)).uniqued()
        let renderer = PlanRenderer(language: store.language)
        switch format {
        case .text:
            Output.diagnostics(allDiagnostics)
            for plan in plans where plan.isPlanned {
                Output.line("\(plan.snapshot.store.name):")
                renderer.text(plan.list, menu: plan.snapshot.menu).forEach { Output.line("  " + $0) }
            }
            let failed = plans.filter { !$0.isPlanned }.map(\.snapshot.store.name)
            if !failed.isEmpty {
                Output.line("")
                Output.line("Not planned, see the diagnostics: " + failed.joined(separator: ", "))
            }
        case .csv:
            Output.diagnostics(allDiagnostics)
            renderer.csv(plans.filter(\.isPlanned).map { ($0.snapshot.store.name, $0.list) }).forEach { Output.line($0) }
        case .json:
            Output.json(
                BatchPlanJSON(
                    stores: plans.map { BatchPlanJSON.Store(store: $0.snapshot.store.name, plan: PlanJSON($0.list, diagnostics: $0.diagnostics)) },
                    diagnostics: chain.manifest.diagnostics))
        }
        if allDiagnostics.containsErrors { throw ExitCode(65) }
    }
}

/// Renders shopping lists.
struct PlanRenderer {
    let language: String?

    func text(_ list: [ShoppingItem], menu: Menu?) -> [String] {
        var table = TextTable([
            .init(title: "FRUIT", alignment: .left), .init(title: "NEEDED", alignment: .right),
            .init(title: "HAVE", alignment: .right), .init(title: "BUY", alignment: .right),
        ])
        for item in list {
            table.append([menu?.fruitName(item.fruit, for: language) ?? item.fruit, String(item.needed), String(item.have), String(item.buy)])
        }
        let toBuy = list.filter { $0.buy > 0 }
        let names = toBuy.map { "\(menu?.fruitName($0.fruit, for: language) ?? $0.fruit) \($0.buy)" }
        return table.lines + [toBuy.isEmpty ? "Nothing to buy." : "To buy: " + names.joined(separator: ", ")]
    }

    /// `fruit,needed,have,buy`, with a leading `store` column for a chain.
    func csv(_ lists: [(store: String?, list: [ShoppingItem])]) -> [String] {
        let isChain = lists.contains { $0.store != nil }
        let header = (isChain ? "store," : "") + "fruit,needed,have,buy"
        return [header]
            + lists.flatMap { store, list in
                list.map { item in
                    (store.map { ReportRenderer.csvField($0) + "," } ?? "") + "\(item.fruit),\(item.needed),\(item.have),\(item.buy)"
                }
            }
    }
}

/// The JSON of `juice plan`: `needed`, `have` and `buy` over every fruit the
/// orders use (`buy` 0 where the stock suffices).
struct PlanJSON: Encodable {
    var needed: [String: Int]
    var have: [String: Int]
    var buy: [String: Int]
    var diagnostics: [Diagnostic]

    init(_ list: [ShoppingItem], diagnostics: [Diagnostic]) {
        needed = Dictionary(uniqueKeysWithValues: list.map { ($0.fruit, $0.needed) })
        have = Dictionary(uniqueKeysWithValues: list.map { ($0.fruit, $0.have) })
        buy = Dictionary(uniqueKeysWithValues: list.map { ($0.fruit, $0.buy) })
        self.diagnostics = diagnostics
    }
}

/// The JSON of `juice plan --stores`.
struct BatchPlanJSON: Encodable {
    struct Store: Encodable {
        var store: String
        var plan: PlanJSON

        private enum CodingKeys: String, CodingKey {
            case store, needed, have, buy, diagnostics
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(store, forKey: .store)
            try container.encode(plan.needed, forKey: .needed)
            try container.encode(plan.have, forKey: .have)
            try container.encode(plan.buy, forKey: .buy)
            try container.encode(plan.diagnostics, forKey: .diagnostics)
        }
    }

    var stores: [Store]
    /// The manifest's own problems.
    var diagnostics: [Diagnostic]
}
