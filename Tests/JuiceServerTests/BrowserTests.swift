import Foundation
import TestSupport
import Testing

/// The page in a real browser (headless Chromium over WebDriver) against the
/// real `juice-server`: taps, steppers, alerts, both languages, and a
/// change by a `juice` process shown without a reload. Skipped when
/// Debian's `chromium-driver` is not installed (`.ci/run` installs it).
@Suite(
    .serialized,
    .enabled(if: WebDriver.driverPath != nil, "chromedriver is missing: apt-get install chromium chromium-driver"))
struct BrowserTests {
    static let files = ["--menu", "menu.yaml", "--inventory", "inventory.yaml"]

    /// Where screenshots are kept: `.build/test-artifacts` in the package.
    static let artifacts = Repository.root.appendingPathComponent(".build/test-artifacts")

    @Test func aTapMakesAJuiceAStepAdjustsAndAJuiceProcessShowsLive() async throws {
        try await withPage("/", language: "en-US") { fixture, browser in
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=banana] .count", "10") == "10")

            try await browser.click("[data-recipe=banana]")
            let ready = "Banana Juice is ready. Enjoy!"
            #expect(try await browser.waitForText("#alert-text", ready) == ready)
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=banana] .count", "8") == "8")
            #expect(fixture.stock() == "banana: 8\nkiwi: 3\n")
            try await browser.click("#alert-ok")

            try await browser.click("[data-recipe=kiwiBanana]")
            let kiwiBananaReady = "Kiwi Banana Juice is ready. Enjoy!"
            #expect(try await browser.waitForText("#alert-text", kiwiBananaReady) == kiwiBananaReady)
            try await browser.click("#alert-ok")
            try await browser.click("[data-recipe=kiwiBanana]")
            #expect(
                try await browser.waitForText("#alert-text", "Not enough fruit for Kiwi Banana Juice. Missing:")
                    == "Not enough fruit for Kiwi Banana Juice. Missing:")
            #expect(try await browser.text("#alert-missing") == "Kiwi: 1")
            #expect(fixture.stock() == "banana: 7\nkiwi: 1\n")
            try await browser.click("#alert-stock")
            #expect(try await browser.run("return document.getElementById('stock-screen').hidden") as? Bool == false)

            try await browser.click("#steppers [data-fruit=kiwi] button[aria-label='One more Kiwi']")
            #expect(try await browser.waitForText("#steppers [data-fruit=kiwi] .count", "2") == "2")
            #expect(fixture.stock() == "banana: 7\nkiwi: 2\n")

            let adjust = try await ServerProcess.juice(["adjust", "banana=+5"] + Self.files, in: fixture.folder)
            #expect(adjust.status == 0)
            #expect(try await browser.waitForText("#steppers [data-fruit=banana] .count", "12") == "12")
            try await save(browser, "counter-stock-en.png")
        }
    }

    @Test func theKoreanSwitchSaysTheJuiceIsReadyInKorean() async throws {
        try await withPage("/stores/main", language: "en-US") { _, browser in
            try await browser.waitForText("[data-recipe=banana] .name", "Banana Juice")
            try await browser.click("#language")
            #expect(try await browser.waitForText("[data-recipe=banana] .name", "바나나쥬스") == "바나나쥬스")
            #expect(try await browser.text("h1") == "쥬스 메이커")
            try await browser.click("[data-recipe=banana]")
            let ready = "바나나쥬스 나왔습니다! 맛있게 드세요!"
            #expect(try await browser.waitForText("#alert-text", ready) == ready)
            try await save(browser, "counter-juices-ko.png")
        }
    }

    /// The scenario on the example chain: a Korean browser on a
    /// store's page makes a Mango Kiwi Juice (the store's inventory and
    /// journal change), and a `juice adjust` in a terminal shows on the page.
    @Test func theExampleChainInKoreanMakesAMangoKiwiAndShowsATerminalsAdjust() async throws {
        let chain = ["--stores", "recipes/stores.yaml"]
        try await withPage("/stores/hongdae", language: "ko-KR", arguments: chain, copying: ["recipes", "state"]) {
            fixture, browser in
            let inventory = fixture.folder.appendingPathComponent("state/hongdae.yaml").path
            #expect(try await browser.waitForText("[data-recipe=mangoKiwi] .name", "망키쥬스") == "망키쥬스")
            #expect(try await browser.text("h1") == "쥬스 메이커")

            try await browser.click("[data-recipe=mangoKiwi]")
            let ready = "망키쥬스 나왔습니다! 맛있게 드세요!"
            #expect(try await browser.waitForText("#alert-text", ready) == ready)
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=mango] .count", "8") == "8")
            let stock = try String(contentsOfFile: inventory, encoding: .utf8)
            #expect(stock.contains("\nmango: 8\n") && stock.contains("\nkiwi: 9\n"), "\(stock)")
            let journal = try String(contentsOfFile: inventory + ".journal", encoding: .utf8)
            #expect(journal.contains("\"kind\":\"make\""), "\(journal)")
            #expect(journal.contains("\"orders\":{\"mangoKiwi\":1}"), "\(journal)")
            try await browser.click("#alert-ok")

            let adjust = try await ServerProcess.juice(
                ["adjust", "mango=+5", "--store", "hongdae"], in: fixture.folder)
            #expect(adjust.status == 0)
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=mango] .count", "13") == "13")
            try await save(browser, "counter-chain-ko.png")
        }
    }

    /// Runs `body` with a browser speaking `language` on `path` of a
    /// `juice-server` started with `arguments` in a fresh fixture (with
    /// `copying`, folders of the repository, copied in); then closes the
    /// browser and expects the server to stop cleanly. A browser or server
    /// left by a failure is ended when it is freed.
    private func withPage(
        _ path: String, language: String, arguments: [String] = Self.files, copying folders: [String] = [],
        _ body: (Fixture, WebDriver) async throws -> Void
    ) async throws {
        try await Fixture.with { fixture in
            try fixture.copyFromRepository(folders)
            let server = try ServerProcess(in: fixture.folder, arguments: arguments)
            let browser = try await WebDriver(language: language)
            try await browser.open("http://127.0.0.1:\(server.port)\(path)")
            try await body(fixture, browser)
            await browser.quit()
            #expect(server.stop() == 0)
        }
    }

    private func save(_ browser: WebDriver, _ name: String) async throws {
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        try await browser.screenshot().write(to: Self.artifacts.appendingPathComponent(name))
    }
}
