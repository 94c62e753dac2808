import Foundation
import TestSupport
import Testing

/// A bad edit never stops the bar, in real Chromium against the real
/// `juice-server`, among the browser tests (one browser at a time).
extension BrowserTests {
    static let bananaDisabled = "return document.querySelector('[data-recipe=banana]').disabled"

    /// The scenario: mid-service the menu is saved with a typo; a
    /// tap still makes the juice (the exact stock after), the banner names
    /// the typo's `file:line:column` and since when, and it goes once the
    /// menu is fixed.
    @Test func aBadMenuEditMidServiceKeepsTheJuicesComingWithABanner() async throws {
        try await withPage("/", language: "en-US") { fixture, browser in
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=banana] .count", "10") == "10")
            try Data(LastValidTests.typo.utf8).write(to: URL(fileURLWithPath: fixture.menuPath))
            let kept = "The menu file has a mistake: juices are made with the last valid menu until it is fixed."
            #expect(try await browser.waitForText("#banner-text", kept) == kept)
            let since = try #require(try await browser.text("#banner-since"))
            #expect(since.wholeMatch(of: #/Since \d\d:\d\d \((0|1) min\)\./#) != nil, "\(since)")
            let details = try #require(try await browser.text("#banner-details"))
            #expect(details.hasPrefix("menu.yaml:10:13: "), "\(details)")
            #expect(try await browser.run("return document.getElementById('banner').hidden") as? Bool == false)
            try await save(browser, "counter-kept-menu-en.png")
            try await browser.click("#language")
            let keptKorean = "메뉴 파일에 잘못된 곳이 있습니다. 고칠 때까지 마지막으로 올바르던 메뉴로 쥬스를 만듭니다."
            #expect(try await browser.waitForText("#banner-text", keptKorean) == keptKorean)
            let sinceKorean = try #require(try await browser.text("#banner-since"))
            #expect(sinceKorean.wholeMatch(of: #/\d\d:\d\d부터 \((0|1)분째\)\./#) != nil, "\(sinceKorean)")
            try await browser.click("#language")
            // English again before the tap, so that its answer is said in English.
            #expect(try await browser.waitForText("#banner-text", kept) == kept)

            try await browser.click("[data-recipe=banana]")
            let ready = "Banana Juice is ready. Enjoy!"
            let said = try await browser.waitForText("#alert-text", ready)
            #expect(said == ready)
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=banana] .count", "8") == "8")
            #expect(fixture.stock() == "banana: 8\nkiwi: 3\n")
            try await browser.click("#alert-ok")

            try Data(Fixture.menu.utf8).write(to: URL(fileURLWithPath: fixture.menuPath))
            let hidden = "return String(document.getElementById('banner').hidden)"
            #expect(try await browser.waitForScript(hidden, "true") == "true")
            #expect(try await browser.run(Self.bananaDisabled) as? Bool == false)
        }
    }

    /// A hand edit that makes the inventory invalid: the page shows the last
    /// valid stock, says the stock is stale with the error's place, and
    /// turns the changes off until the file is fixed.
    @Test func anInvalidInventoryShowsTheLastStockAndTurnsChangesOff() async throws {
        try await withPage("/", language: "en-US") { fixture, browser in
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=banana] .count", "10") == "10")
            try await browser.click("[data-recipe=banana]")
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=banana] .count", "8") == "8")
            try await browser.click("#alert-ok")
            try fixture.writeInventory("banana: -1\nkiwi: 3\n")
            let stale =
                "The inventory file has a mistake: the stock shown is the last valid one, and changes are off"
                + " until it is fixed."
            #expect(try await browser.waitForText("#banner-text", stale) == stale)
            #expect(try await browser.text("#banner-since")?.hasPrefix("Since ") == true)
            #expect(try await browser.text("#banner-details")?.hasPrefix("inventory.yaml:1:9: ") == true)
            #expect(try await browser.text("#fruit-stock [data-fruit=banana] .count") == "8")
            #expect(try await browser.run(Self.bananaDisabled) as? Bool == true)

            try fixture.writeInventory("banana: 6\nkiwi: 3\n")
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=banana] .count", "6") == "6")
            let hidden = "return String(document.getElementById('banner').hidden)"
            #expect(try await browser.waitForScript(hidden, "true") == "true")
        }
    }
}
