import Foundation
import TestSupport
import Testing

/// SPEC 16 on the counter's page, in a real browser: the stock screen's
/// Delivery offers the open orders, its fields filled with the order's
/// units; receiving one books it once (it leaves the list), what arrived
/// short is said, and undoing the delivery offers the order again.
@Suite(
    .serialized,
    .enabled(if: WebDriver.driverPath != nil, "chromedriver is missing: apt-get install chromium chromium-driver"))
struct OrderPageBrowserTests {
    /// The fixture's menu with a par for kiwi (20, in packs of 20): with 3
    /// kiwis, the order is one pack of 20.
    static let menu = Fixture.menu.replacingOccurrences(of: "stock: 3 }", with: "stock: 3, par: 20, pack: 20 }")

    @Test func theDeliveryOffersAnOpenOrderAndReceivesItOnce() async throws {
        try await BrowserTests().withPage("/", language: "en-US", menu: Self.menu) { fixture, browser in
            try await browser.waitForText("#fruit-stock [data-fruit=kiwi] .count", "3")
            let placed = try await ServerProcess.juice(
                ["order", "--place", "--format", "json"] + BrowserTests.files, in: fixture.folder)
            #expect(placed.status == 0)
            try await browser.click("#show-stock")
            #expect(try await browser.waitForText("#open-order", "Order 1: Kiwi 20") == "Order 1: Kiwi 20")
            let field = "document.querySelector('#order-fields [data-fruit=kiwi] input')"
            #expect(try await browser.run("return \(field).value") as? String == "20")
            #expect(try await browser.run("return \(field).getAttribute('aria-label')") as? String == "Kiwi: arrived")

            _ = try await browser.run("\(field).value = '15'; document.getElementById('order-form').requestSubmit()")
            let said = "Order 1 received. Short, and no longer on order:"
            #expect(try await browser.waitForText("#alert-text", said) == said)
            #expect(try await browser.text("#alert-missing") == "Kiwi: 5")
            #expect(try await browser.waitForText("#steppers [data-fruit=kiwi] .count", "18") == "18")
            #expect(fixture.stock() == "banana: 10\nkiwi: 18\n")
            let lines = try fixture.journalLines()
            #expect(lines.count == 2)
            #expect(lines.last?.contains(#""reason":"delivery","order":1,"#) == true, "\(lines)")
            #expect(lines.last?.hasSuffix(#""changes":{"kiwi":15}}"#) == true, "\(lines)")
            try await browser.click("#alert-ok")
            // Received: no longer offered.
            #expect(try await browser.run("return document.getElementById('order-form').hidden") as? Bool == true)
            try await save(browser, "counter-order-received-en.png")

            // Undoing the delivery opens the order again.
            #expect(try await browser.waitForText("#undo", "Undo: Order 1 received.") == "Undo: Order 1 received.")
            try await browser.click("#undo")
            #expect(try await browser.waitForText("#steppers [data-fruit=kiwi] .count", "3") == "3")
            #expect(try await browser.waitForText("#open-order", "Order 1: Kiwi 20") == "Order 1: Kiwi 20")
            #expect(try await browser.run("return \(field).value") as? String == "20")

            try await browser.click("#language")
            #expect(try await browser.waitForText("#receive-order", "이 주문 입고하기") == "이 주문 입고하기")
            #expect(try await browser.waitForText("#open-order", "주문 1: 키위 20") == "주문 1: 키위 20")
            #expect(try await browser.text("#order-fields [data-fruit=kiwi] .name") == "키위")
            try await save(browser, "counter-order-ko.png")
        }
    }

    private func save(_ browser: WebDriver, _ name: String) async throws {
        try await BrowserTests().save(browser, name)
    }
}
