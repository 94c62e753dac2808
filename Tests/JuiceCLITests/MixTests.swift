import Foundation
import JuiceMaker
import JuiceMix
import JuicePresentation
import MixTestSupport
import TestSupport
import Testing

@testable import JuiceCLI

/// `juice mix`: the best mix, proven by enumeration on the original menu
/// and on a menu with prices; its refusals and usage errors, each with its
/// exact text and exit code; and that it changes nothing.
@Suite struct MixTests {
    /// The servings per recipe of a mix's JSON.
    static func servings(_ json: JSON?) -> [String: Int] {
        var servings: [String: Int] = [:]
        for key in json?["mix"]?.keys ?? [] {
            if case .number(let count)? = json?["mix"]?[key] { servings[key] = Int(count) }
        }
        return servings
    }

    /// The original Juice Maker, 10 of each fruit: the mix's total is the
    /// largest that any mix has, found by trying every one, and `juice
    /// make` of its servings makes it, leaving what it says is left.
    @Test func theMixOfTheOriginalMenuMakesTheMostServingsThereAre() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("mix", "--format", "json")
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            let json = try result.json()
            let menu = Menu.builtin
            let brute = BruteForce(menu: menu, inventory: Inventory(initialStockOf: menu), request: MixRequest())
            let servings = Self.servings(json)
            #expect(brute.best() == 16)
            #expect(json["value"] == .number(16))
            #expect(brute.value(of: servings) == 16)
            #expect(brute.fits(servings))
            #expect(json["status"] == .string("optimal"))
            #expect(json["gap"] == .number(0))
            #expect(json["objective"] == .string("servings"))
            #expect(!sandbox.exists("inventory.yaml"))

            let orders = menu.recipes.compactMap { recipe in
                servings[recipe.id].flatMap { $0 > 0 ? "\(recipe.id)=\($0)" : nil }
            }
            let made = try await sandbox.juice(arguments: ["make"] + orders + ["--format", "json"])
            #expect(made.exitCode == 0)
            #expect(try made.json()["inventory"] == json["left"])
        }
    }

    /// Revenue on `recipes/prices.yaml`: the largest sum of prices any mix
    /// has, by enumeration: 61,000 won.
    @Test func theMixByRevenueHasTheLargestRevenueThereIs() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            try sandbox.write("inventory.yaml", "")
            let menu = try #require(Menu.load(path: sandbox.file("recipes/prices.yaml").path).value)
            for objective in [MixObjective.revenue, .margin] {
                let result = try await sandbox.juice(
                    "mix", "--objective", objective.rawValue, "--menu", "recipes/prices.yaml", "--format", "json")
                #expect(result.exitCode == 0)
                let json = try result.json()
                let request = MixRequest(objective: objective)
                let brute = BruteForce(menu: menu, inventory: Inventory(initialStockOf: menu), request: request)
                let best = try #require(brute.best())
                #expect(json["value"] == .number(Double(best)))
                #expect(brute.value(of: Self.servings(json)) == best)
                #expect(brute.fits(Self.servings(json)))
            }
            #expect(
                BruteForce(
                    menu: menu, inventory: Inventory(initialStockOf: menu), request: MixRequest(objective: .revenue)
                )
                .best() == 61_000)
        }
    }

    /// The bounds: a minimum is made, a maximum caps, 0 makes none; recipes
    /// named by display name in any language, as `make` takes them.
    @Test func boundsTakeRecipesByIdOrNameAndHold() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice(
                "mix", "--min", "Mango Juice=2", "--max", "망키쥬스=0", "--max", "banana juice=1", "--format", "json")
            #expect(result.exitCode == 0)
            let json = try result.json()
            let servings = Self.servings(json)
            #expect(servings["mango"] == 3)
            #expect(servings["mangoKiwi"] == 0)
            #expect(servings["banana"] == 1)
            let request = MixRequest(minimum: ["mango": 2], maximum: ["mangoKiwi": 0, "banana": 1])
            let brute = BruteForce(menu: .builtin, inventory: Inventory(initialStockOf: .builtin), request: request)
            #expect(json["value"] == .number(Double(try #require(brute.best()))))
        }
    }

    /// A `--min` the stock cannot meet is refused with the shortfall, as
    /// `make` refuses it, under a headline that speaks of the mix.
    @Test func aMinimumBeyondTheStockIsRefusedWithTheShortfall() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "")
            let text = try await sandbox.juice("mix", "--min", "strawberry", "--min", "strawberryBanana=1")
            #expect(text.exitCode == 1)
            #expect(text.stdout == "")
            #expect(
                text.stderrLines == [
                    Sandbox.builtinNoteLine,
                    "error: not enough fruit for the --min servings; no mix is suggested",
                    "  Strawberry: 26 needed, 10 in stock, 16 more needed",
                    "To add them: juice adjust strawberry=+16 --reason delivery",
                ])
            let json = try await sandbox.juice("mix", "--min", "strawberry", "--format", "json")
            #expect(json.exitCode == 1)
            #expect(json.stderr == "")
            #expect(
                try json.json()
                    == .object([
                        "ok": .bool(false), "error": .string("insufficient-stock"),
                        "missing": .object(["strawberry": .number(6)]), "diagnostics": .array([]),
                    ]))
            #expect(sandbox.read("inventory.yaml") == Data())
        }
    }

    static let usageErrors: [(arguments: [String], message: String)] = [
        (["--min", "banana=3", "--max", "banana=2"], "error: --max banana=2 is below --min banana=3"),
        (["--max", "bananna=2"], "error: unknown recipe 'bananna' (did you mean 'banana'?)"),
        (["--max", "banana"], "error: --max banana needs a number: --max banana=N caps it at N servings (0 for none)"),
        (
            ["--min", "banana=0"],
            "error: invalid number of servings '0' in 'banana=0': expected a whole number from 1 to 1000000000"
        ),
        (
            ["--max", "banana=2", "--max", "Banana Juice=3"],
            "error: banana is named twice in --max; name each recipe once"
        ),
        (
            ["--objective", "revenue"],
            "error: no price for 'strawberry', 'banana', 'kiwi', 'pineapple', 'strawberryBanana', 'mango', 'mangoKiwi': --objective revenue needs the price of every recipe; give each a `price:` in the menu"
        ),
        (
            ["--time-limit", "0"],
            "error: invalid --time-limit '0.0': expected a number of seconds above 0, at most 86400"
        ),
        (
            ["--gap-tolerance", "2"],
            "error: invalid --gap-tolerance '2.0': expected a fraction from 0 to 1, such as 0.001"
        ),
    ]

    @Test(arguments: usageErrors)
    func aBadRequestIsAUsageError(arguments: [String], message: String) async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "")
            let text = try await sandbox.juice(arguments: ["mix"] + arguments)
            #expect(text.exitCode == 64)
            #expect(text.stdout == "")
            // The built-in menu's note comes first when the store was opened.
            #expect(text.stderrLines.filter { $0 != Sandbox.builtinNoteLine } == [message])
            let json = try await sandbox.juice(arguments: ["mix"] + arguments + ["--format", "json"])
            #expect(json.exitCode == 64)
            #expect(json.stderr == "")
            #expect(try json.json()["error"] == .string("usage"))
        }
    }

    /// A recipe without a price, in a menu that prices the others: named
    /// alone.
    @Test func aRecipeWithoutAPriceIsNamed() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            _ = try ExampleChain.edit(
                sandbox, "recipes/prices.yaml", replacing: "uses: { mango: 2, kiwi: 1 }\n    price: 4000\n",
                with: "uses: { mango: 2, kiwi: 1 }\n")
            let result = try await sandbox.juice("mix", "--objective", "margin", "--menu", "recipes/prices.yaml")
            #expect(result.exitCode == 64)
            #expect(
                result.stderrLines.last
                    == "error: no price for 'mangoKiwi': --objective margin needs the price of every recipe; give each a `price:` in the menu"
            )
        }
    }

    /// A price past the maximum makes the menu invalid: exit 65, at the value.
    @Test func aPricePastTheMaximumIsInvalidData() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            _ = try ExampleChain.edit(
                sandbox, "recipes/prices.yaml", replacing: "price: 6500", with: "price: 1000000001")
            let result = try await sandbox.juice("mix", "--objective", "revenue", "--menu", "recipes/prices.yaml")
            #expect(result.exitCode == 65)
            #expect(result.stdout == "")
            #expect(
                result.stderrLines.contains(
                    "recipes/prices.yaml:17:12: error: the price of recipe 'strawberry' is '1000000001'; it must be a whole number from 0 to 1000000000, written in plain digits [invalid-quantity]"
                ))
        }
    }

    /// A mix per store of the chain; a store whose stock cannot meet
    /// `--min` is refused (exit 1), the others are still mixed.
    @Test func aChainGetsAMixPerStore() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let csv = try await sandbox.juice("mix", "--stores", "recipes/stores.yaml", "--format", "csv")
            #expect(csv.exitCode == 0)
            #expect(csv.stdoutLines.first == "store,recipe,servings")
            let stores = csv.stdoutLines.dropFirst().map { String($0.prefix { $0 != "," }) }
            #expect(Array(Set(stores)).sorted() == ["gangnam", "hongdae", "jamsil", "seoulStation"])

            // Gangnam has 3 bananas: two banana juices need 4.
            let json = try await sandbox.juice(
                "mix", "--stores", "recipes/stores.yaml", "--min", "banana=2", "--format", "json")
            #expect(json.exitCode == 1)
            let answer = try json.json()
            #expect(answer["stores"]?[0]?["store"] == .string("gangnam"))
            #expect(answer["stores"]?[0]?["error"] == .string("insufficient-stock"))
            #expect(answer["stores"]?[0]?["missing"] == .object(["banana": .number(1)]))
            #expect(answer["stores"]?[0]?["mix"] == nil)
            #expect(answer["stores"]?[1]?["status"] == .string("optimal"))
            let text = try await sandbox.juice("mix", "--stores", "recipes/stores.yaml", "--min", "banana=2")
            #expect(text.exitCode == 1)
            #expect(
                text.stderrLines == [
                    "error: store 'gangnam': not enough fruit for the --min servings; no mix is suggested",
                    "  Banana: 4 needed, 3 in stock, 1 more needed",
                ])
            #expect(text.stdoutLines.last == "Not mixed, see the diagnostics: gangnam")
        }
    }

    /// CBC is loaded by a mix alone: glibc's dynamic loader, asked to say
    /// which files it opens, opens CBC's library for `mix`, not `report`.
    @Test(.enabled(if: isGlibc)) func onlyAMixLoadsTheSolver() async throws {
        try await Sandbox.with { sandbox in
            let report = try await sandbox.juice("report", environment: ["LD_DEBUG": "files"])
            #expect(report.exitCode == 0)
            #expect(report.stderr.contains("file=libyaml-0.so.2"))
            #expect(!report.stderr.contains("libCbcSolver"))
            let mix = try await sandbox.juice("mix", environment: ["LD_DEBUG": "files"])
            #expect(mix.exitCode == 0)
            #expect(mix.stderr.contains("file=libCbcSolver.so.3"))
        }
    }

    @Test func aSolverThatCannotBeLoadedIsUnavailable() {
        let failure = Failure(
            MixError.solverUnavailable("libCbcSolver.so.3: cannot open shared object file"), catalogue: Catalogue("en"))
        #expect(failure.exitStatus == 69)
        #expect(
            failure.message(catalogue: Catalogue("en"))
                == "the solver, COIN-OR CBC, could not be loaded (libCbcSolver.so.3: cannot open shared object file); install it (on Debian: apt install coinor-libcbc3)"
        )
    }
}

/// Whether the C library is glibc, whose dynamic loader reads `LD_DEBUG`.
#if canImport(Glibc)
    let isGlibc = true
#else
    let isGlibc = false
#endif
