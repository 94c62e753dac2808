import Foundation
import TestSupport
import Testing

/// The head office reads as a person does (SPEC 16): the chain page's
/// views of stock, variance and order, fruits named in the page's language
/// in the menus' order, at a desktop's 1280 pixels and a phone's 390, the
/// store column in view while the table scrolls. Screenshots of each view
/// at both widths go to `.build/test-artifacts/`.
extension BrowserTests {
    /// The fruits of the example chain's menus, in their order: the chain
    /// menu's, then Hongdae's peach.
    static let chainFruits = ["strawberry", "banana", "pineapple", "kiwi", "mango", "peach"]

    /// The example chain, its menu given supply terms (banana and kiwi; a
    /// cost for banana only) and Gangnam a count of banana.
    private static func prepareChain(in folder: URL) async throws {
        let menu = folder.appendingPathComponent("recipes/menu.yaml")
        let text = try String(contentsOf: menu, encoding: .utf8)
            .replacingOccurrences(
                of: "ko: 바나나 }, stock: 10 }", with: "ko: 바나나 }, stock: 10, cost: 200, par: 20, pack: 6 }"
            )
            .replacingOccurrences(of: "ko: 키위 }, stock: 10 }", with: "ko: 키위 }, stock: 10, par: 15, pack: 10 }")
        try Data(text.utf8).write(to: menu)
        let count = try await ServerProcess.juice(["count", "banana=2", "--store", "gangnam"] + Self.chain, in: folder)
        #expect(count.status == 0, "\(count.stdout)")
    }

    /// `juice COMMAND --store STORE --format json` on the example chain.
    private static func juiceJSON(
        _ command: String, _ store: String, in folder: URL, _ options: [String] = []
    ) async throws -> JSON {
        let result = try await ServerProcess.juice(
            [command, "--store", store, "--format", "json"] + options + Self.chain, in: folder)
        return try JSON(parsing: result.stdout)
    }

    /// What the page shows: the head's fruits, and each cell's text, by
    /// store and fruit.
    private static let fruitCells = """
        const fruits = [...document.querySelectorAll('#grid-head th[data-fruit]')].map(th => th.dataset.fruit);
        const cells = {};
        for (const row of document.querySelectorAll('#grid-body tr')) {
          cells[row.dataset.store] = {};
          for (const cell of row.querySelectorAll('td[data-fruit]')) cells[row.dataset.store][cell.dataset.fruit] = cell.textContent;
        }
        return JSON.stringify({ fruits, cells })
        """

    /// Where the store column is against the table's frame, and how wide
    /// the document is: `scrollWidth left-after-scroll scrolled`.
    private static let layout = """
        const frame = document.getElementById('grid-frame');
        const cell = document.querySelector('#grid-body tr th.store');
        const syncedCell = document.querySelector('#grid-body tr .synced');
        if (!frame || !cell || !syncedCell) return 'not drawn';
        frame.scrollLeft = 100000;
        const x = cell.getBoundingClientRect().left - frame.getBoundingClientRect().left;
        const synced = syncedCell.getBoundingClientRect().right;
        const shown = [document.documentElement.scrollWidth, Math.round(x), Math.round(frame.scrollLeft), Math.ceil(synced), window.innerWidth].join(' ');
        frame.scrollLeft = 0;
        return shown
        """

    @Test func theChainsStockVarianceAndOrderViewsNameFruitsAndFitTheScreen() async throws {
        try await withPage("/chain#stock", language: "en-US", arguments: Self.chain, copying: ["recipes", "state"]) {
            fixture, browser in
            try await Self.prepareChain(in: fixture.folder)
            try await browser.resize(width: 1280, height: 800)
            #expect(try await browser.waitForText("#grid-head th[data-fruit=peach]", "Peach") == "Peach")
            #expect(try await browser.text("#grid-head th[data-fruit=banana]") == "Banana")
            // The count made after the page opened, at the next poll.
            #expect(
                try await browser.waitForText("#grid-body tr[data-store=gangnam] td[data-fruit=banana]", "2") == "2")
            let shown = try JSON(parsing: try #require(try await browser.run(Self.fruitCells) as? String))
            #expect(shown["fruits"]?.items.compactMap(\.string) == Self.chainFruits)
            #expect(shown["cells"]?["hongdae"]?["peach"]?.string == "7")
            #expect(shown["cells"]?["gangnam"]?["mango"]?.string == "-")
            try await expectFits(browser, width: 1280)
            try await save(browser, "chain-stock-1280.png")

            try await browser.click("#show-variance")
            let gangnam = try await Self.juiceJSON("variance", "gangnam", in: fixture.folder, ["--since", "today"])
            let banana = try #require(gangnam["fruits"]?.items.first { $0["fruit"]?.string == "banana" })
            guard case .number(let variance) = banana["variance"] else {
                Issue.record("no variance: \(banana)")
                return
            }
            let cell = "#grid-body tr[data-store=gangnam] td[data-fruit=banana]"
            #expect(try await browser.waitForText(cell, String(Int(variance))) == String(Int(variance)))
            #expect(variance < 0)
            #expect(try await browser.run("return document.querySelector('\(cell)').className") as? String == "short")
            #expect(
                try await browser.text("#grid-body tr[data-store=seoulStation] td.failed")?.isEmpty == false)
            try await expectFits(browser, width: 1280)
            try await save(browser, "chain-variance-1280.png")

            try await browser.click("#show-order")
            var packs = 0
            for store in ["gangnam", "hongdae", "jamsil", "seoulStation"] {
                let order = try await Self.juiceJSON("order", store, in: fixture.folder)
                for line in order["suppliers"]?.items.flatMap({ $0["lines"]?.items ?? [] }) ?? [] {
                    guard let fruit = line["fruit"]?.string, case .number(let units) = line["units"],
                        case .number(let linePacks) = line["packs"]
                    else { continue }
                    let expected = "\(Int(units)) (\(Int(linePacks)))"
                    let shownCell = "#grid-body tr[data-store=\(store)] td[data-fruit=\(fruit)]"
                    #expect(try await browser.waitForText(shownCell, expected) == expected, "\(store) \(fruit)")
                    packs += Int(linePacks)
                }
            }
            #expect(packs > 0)
            let chainPacks =
                "return document.querySelector('#grid-foot tr').children[\(Self.chainFruits.count + 1)].textContent"
            #expect(try await browser.run(chainPacks) as? String == String(packs))
            try await expectFits(browser, width: 1280)
            try await save(browser, "chain-order-1280.png")

            try await browser.click("#show-servings")
            let mangoKiwi = "Mango Kiwi Juice"
            #expect(try await browser.waitForText("#grid-head th[data-recipe=mangoKiwi]", mangoKiwi) == mangoKiwi)
            try await expectFits(browser, width: 1280)
            try await save(browser, "chain-servings-1280.png")

            // A phone: the table scrolls, the store column stays.
            try await browser.resize(width: 390, height: 844)
            for view in ["servings", "stock", "variance", "order"] {
                try await browser.click("#show-\(view)")
                try await browser.waitForScript(
                    "return String(document.querySelectorAll('#grid-body tr').length)", "4")
                try await expectFits(browser, width: 390, scrolls: true)
                try await save(browser, "chain-\(view)-390.png")
                _ = try await browser.run("document.getElementById('grid-frame').scrollLeft = 100000; return true")
                try await save(browser, "chain-\(view)-390-scrolled.png")
            }
        }
    }

    /// A store whose menu breaks is shown failed where its mistake is, and
    /// the status says a store has a problem; the order view says what each
    /// store has on order already; the variance view is of today's
    /// business day, and says so.
    @Test func theChainPageShowsABrokenStoreWhatIsOnOrderAndTodaysVariance() async throws {
        try await withPage("/chain", language: "en-US", arguments: Self.chain, copying: ["recipes", "state"]) {
            fixture, browser in
            try await Self.prepareChain(in: fixture.folder)
            let placed = try await ServerProcess.juice(
                ["order", "--place", "--store", "gangnam"] + Self.chain, in: fixture.folder)
            #expect(placed.status == 0, "\(placed.stdout)")
            let orders = try await Self.juiceJSON("orders", "gangnam", in: fixture.folder)
            let units =
                orders["orders"]?.items.reduce(0) { total, order in
                    guard case .number(let units) = order["units"] else { return total }
                    return total + Int(units)
                } ?? 0
            #expect(units > 0)
            try await browser.resize(width: 1280, height: 800)
            let hongdae = fixture.folder.appendingPathComponent("recipes/stores/hongdae.yaml")
            let menu = try String(contentsOf: hongdae, encoding: .utf8)
            try Data(menu.replacingOccurrences(of: "uses: { peach: 3 }", with: "uses: { peachh: 3 }").utf8)
                .write(to: hongdae)

            let failed =
                "return document.querySelector('#grid-body tr[data-store=hongdae] td.failed')?.textContent.split(': ')[0] ?? ''"
            let place = "recipes/stores/hongdae.yaml:9:13"
            #expect(try await browser.waitForScript(failed, place) == place)
            #expect(
                try await browser.text("#status")
                    == "Up to date, but for 1 store(s) whose files have a problem (in red).")
            #expect(
                try await browser.run(
                    "return String(document.querySelectorAll('#grid-body tr[data-store=gangnam] td.failed').length)")
                    as? String == "0")
            try await save(browser, "chain-broken-store-1280.png")

            try await browser.click("#show-order")
            let onOrder = "on order: \(units) units"
            #expect(try await browser.waitForText("#grid-body tr[data-store=gangnam] .on-order", onOrder) == onOrder)
            #expect(try await browser.text("#grid-body tr[data-store=jamsil] .on-order") == nil)
            try await save(browser, "chain-on-order-1280.png")

            try await browser.click("#show-variance")
            #expect(
                try await browser.waitForScript(
                    "return document.getElementById('help').textContent.split(':')[0]", "Today") == "Today")
            let asked = """
                return [...new Set(performance.getEntriesByType('resource').map(entry => new URL(entry.name))
                  .filter(url => url.pathname.endsWith('/variance')).map(url => url.searchParams.get('since')))].join(',')
                """
            #expect(try await browser.waitForScript(asked, "today") == "today")
        }
    }

    /// Korean: the fruits' Korean names, in the menus' order.
    @Test func theChainPageNamesFruitsInKorean() async throws {
        try await withPage("/chain#stock", language: "ko-KR", arguments: Self.chain, copying: ["recipes", "state"]) {
            _, browser in
            try await browser.resize(width: 1280, height: 800)
            #expect(try await browser.waitForText("#grid-head th[data-fruit=peach]", "복숭아") == "복숭아")
            let names =
                "return [...document.querySelectorAll('#grid-head th[data-fruit]')].map(th => th.textContent)"
                + ".join(' ')"
            #expect(try await browser.run(names) as? String == "딸기 바나나 파인애플 키위 망고 복숭아")
            #expect(try await browser.text("#show-stock") == "재고")
            try await save(browser, "chain-stock-ko-1280.png")
        }
    }

    /// The document no wider than the window, the last-synced time in view,
    /// and the store's cell at the frame's left edge after the table is
    /// scrolled (as far as it goes: when `scrolls`, it must have scrolled).
    private func expectFits(_ browser: WebDriver, width: Int, scrolls: Bool = false) async throws {
        // A view's rows are drawn once its stores answer (and drawn again
        // at each poll): measured when they are there.
        var layout = "not drawn"
        let deadline = ContinuousClock.now + .seconds(30)
        while layout == "not drawn", ContinuousClock.now < deadline {
            layout = try #require(try await browser.run(Self.layout) as? String)
            if layout == "not drawn" { try await Task.sleep(for: .milliseconds(100)) }
        }
        let numbers = layout.split(separator: " ").compactMap { Int($0) }
        #expect(numbers.count == 5, "\(layout)")
        guard numbers.count == 5 else { return }
        #expect(numbers[4] == width, "window \(layout)")
        #expect(numbers[0] <= width, "document width \(layout)")
        #expect(numbers[1] == 0, "store cell \(layout)")
        #expect(numbers[3] <= width, "last synced \(layout)")
        if scrolls { #expect(numbers[2] > 0, "scrolled \(layout)") }
    }
}
