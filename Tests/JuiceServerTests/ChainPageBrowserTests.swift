import Foundation
import HummingbirdTesting
import JuiceServer
import TestSupport
import Testing

/// The chain page in real Chromium on the example chain, among the
/// browser tests (one browser at a time).
extension BrowserTests {
    static let chain = ["--stores", "recipes/stores.yaml"]

    /// Each store's servings of each juice, worked out here from the stock
    /// and the recipes' uses that `juice report` lists (not its servings):
    /// the fewest servings any fruit the recipe uses allows.
    private static func expectedGrid(in folder: URL) async throws -> [String: [String: Int]] {
        var grid: [String: [String: Int]] = [:]
        for store in ["gangnam", "hongdae", "jamsil", "seoulStation"] {
            let report = try await ServerProcess.juice(
                ["report", "--store", store, "--format", "json"] + Self.chain, in: folder)
            let json = try JSON(parsing: report.stdout)
            var row: [String: Int] = [:]
            for recipe in json["recipes"]?.items ?? [] {
                guard case .string(let id) = recipe["id"], case .object(let uses) = recipe["uses"] else { continue }
                row[id] = uses.map { fruit, count -> Int in
                    guard case .number(let need) = count, case .number(let have) = json["inventory"]?[fruit] else {
                        return 0
                    }
                    return Int(have) / Int(need)
                }.min()
            }
            grid[store] = row
        }
        return grid
    }

    static func cell(_ store: String, _ recipe: String) -> String {
        "#grid-body tr[data-store=\(store)] td[data-recipe=\(recipe)]"
    }

    @Test func theChainPageShowsEachStoresServingsMarksTheShortAndFollowsAMake() async throws {
        try await withPage("/chain", language: "en-US", arguments: Self.chain, copying: ["recipes", "state"]) {
            fixture, browser in
            let grid = try await Self.expectedGrid(in: fixture.folder)
            #expect(grid["hongdae"]?["peach"] == 2)
            #expect(try await browser.waitForText(Self.cell("hongdae", "peach"), "2") == "2")
            var shortCells = 0
            for (store, row) in grid {
                for (recipe, servings) in row {
                    #expect(try await browser.text(Self.cell(store, recipe)) == String(servings), "\(store) \(recipe)")
                    let className =
                        try await browser.run(
                            "return document.querySelector('\(Self.cell(store, recipe))').className") as? String
                    #expect(className == (servings == 0 ? "short" : ""), "\(store) \(recipe)")
                    if servings == 0 { shortCells += 1 }
                }
            }
            #expect(shortCells > 0)
            // A juice on no menu of the store's: a dash.
            #expect(try await browser.text(Self.cell("gangnam", "peach")) == "-")
            #expect(try await browser.text("#grid-body tr[data-store=gangnam] .synced") == "—")
            #expect(try await browser.text("h1") == "All stores")

            let banana = grid["hongdae"]?["banana"] ?? 0
            let make = try await ServerProcess.juice(
                ["make", "banana=2", "--store", "hongdae"] + Self.chain, in: fixture.folder)
            #expect(make.status == 0)
            #expect(
                try await browser.waitForText(Self.cell("hongdae", "banana"), String(banana - 2)) == String(banana - 2))
            try await save(browser, "chain-en.png")

            try await browser.click("#language")
            #expect(try await browser.waitForText("h1", "전체 매장") == "전체 매장")
            #expect(
                try await browser.waitForText("#grid-head th[data-recipe=mangoKiwi]", "망키쥬스") == "망키쥬스")
            try await save(browser, "chain-ko.png")
        }
    }
}

extension BrowserTests {
    /// A read-only server (the head office's) in process: its `/` is the
    /// chain page, and a store's page says it is a copy and keeps every
    /// juice's button off.
    @Test func aReadOnlyServersStorePageSaysSoAndKeepsItsButtonsOff() async throws {
        try await Fixture.with { fixture in
            var configuration = fixture.configuration()
            configuration.isReadOnly = true
            try await JuiceApp(configuration).application().test(.live) { client in
                let port = try #require(client.port)
                let browser = try await WebDriver(language: "en-US")
                try await browser.open("http://127.0.0.1:\(port)/stores/main")
                #expect(try await browser.waitForText("[data-recipe=banana] .name", "Banana Juice") == "Banana Juice")
                #expect(
                    try await browser.text("#read-only")
                        == "A copy of the store's stock, read-only: changes are made at the store.")
                #expect(try await browser.run("return document.getElementById('read-only').hidden") as? Bool == false)
                #expect(
                    try await browser.run("return document.querySelector('[data-recipe=banana]').disabled") as? Bool
                        == true)
                #expect(fixture.stock() == nil)

                try await browser.open("http://127.0.0.1:\(port)/")
                #expect(try await browser.waitForText(Self.cell("main", "banana"), "5") == "5")
                await browser.quit()
            }
        }
    }
}
