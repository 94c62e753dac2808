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

    /// The language switched twice in a row on a busy server: the first
    /// switch's answers, come late, are dropped, so the page never shows the
    /// other language's names (a tap then said "바나나 … is ready").
    @Test func lateAnswersInTheLanguageLeftAreDropped() async throws {
        try await withPage("/stores/main", language: "en-US") { _, browser in
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=banana] span", "Banana") == "Banana")
            // Korean answers come a second late; the page counts them.
            _ = try await browser.run(
                """
                const fetched = window.fetch;
                window.lateAnswers = 0;
                window.fetch = async (url, options) => {
                  const response = await fetched(url, options);
                  if (String(url).includes("lang=ko")) {
                    await new Promise((resolve) => setTimeout(resolve, 1000));
                    window.lateAnswers += 1;
                  }
                  return response;
                };
                """)
            try await browser.click("#language")
            try await browser.click("#language")
            #expect(try await browser.waitForScript("return String(window.lateAnswers > 0)", "true") == "true")
            // For two seconds after, the names stay English (they turned Korean).
            let name = "#fruit-stock [data-fruit=banana] span"
            #expect(try await browser.waitForText(name, "바나나", seconds: 2) == "Banana")
            #expect(try await browser.text("[data-recipe=banana] .name") == "Banana Juice")
        }
    }

    /// The issue's scenario on the example chain: a Korean browser on a
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

    /// A mistyped store address is a 404 page that lists the stores, each a
    /// link; never another store's screen (it used to select the first).
    @Test func aMistypedStoreIsANotFoundPageListingTheStores() async throws {
        let chain = ["--stores", "recipes/stores.yaml"]
        try await withPage("/stores/jejuu", language: "en-US", arguments: chain, copying: ["recipes", "state"]) {
            _, browser in
            #expect(try await browser.text("h1") == "There is no store named 'jejuu'")
            let links = try await browser.run(
                "return [...document.querySelectorAll('#stores a')].map(a => a.getAttribute('href')).join(' ')")
            #expect(links as? String == "/stores/gangnam /stores/hongdae /stores/jamsil /stores/seoulStation")
            #expect(try await browser.run("return document.querySelectorAll('[data-recipe]').length") as? Int == 0)
            try await browser.click("#stores a[href='/stores/hongdae']")
            let mangoKiwi = "Mango Kiwi Juice"
            #expect(try await browser.waitForText("[data-recipe=mangoKiwi] .name", mangoKiwi) == mangoKiwi)
            #expect(try await browser.run("return document.getElementById('store').value") as? String == "hongdae")
        }
    }

    /// Two taps before the first answer make one juice: the second tap is
    /// dropped while the first is on its way.
    @Test func aDoubleTapMakesOneJuice() async throws {
        try await withPage("/", language: "en-US") { fixture, browser in
            try await browser.waitForText("#fruit-stock [data-fruit=banana] .count", "10")
            _ = try await browser.run(
                "const b = document.querySelector('[data-recipe=banana]'); b.click(); b.click(); return true")
            let ready = "Banana Juice is ready. Enjoy!"
            #expect(try await browser.waitForText("#alert-text", ready) == ready)
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=banana] .count", "8") == "8")
            #expect(fixture.stock() == "banana: 8\nkiwi: 3\n")
            #expect(try fixture.journalKinds() == ["make"])
        }
    }

    /// The last change is offered for undoing on the same screen, by its
    /// entry, and undoing it restores the stock.
    @Test func theLastChangeIsUndoneFromThePage() async throws {
        try await withPage("/", language: "en-US") { fixture, browser in
            try await browser.waitForText("#fruit-stock [data-fruit=banana] .count", "10")
            try await browser.click("[data-recipe=kiwiBanana]")
            try await browser.waitForText("#alert-text", "Kiwi Banana Juice is ready. Enjoy!")
            try await browser.click("#alert-ok")
            let offered = "Undo: Kiwi Banana Juice ×1"
            #expect(try await browser.waitForText("#undo", offered) == offered)
            try await browser.click("#undo")
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=kiwi] .count", "3") == "3")
            #expect(try await browser.run("return document.getElementById('undo-bar').hidden") as? Bool == true)
            #expect(fixture.stock() == "banana: 10\nkiwi: 3\n")
            #expect(try fixture.journalKinds() == ["make", "undo"])
            #expect(try fixture.journalLines().last?.contains("\"undoes\":1") == true)
        }
    }

    /// The stock screen takes a number: a delivery adds it, waste takes it
    /// away, a count says what is there; each one journal entry with its
    /// reason (24 apples used to take 24 taps and 24 entries).
    @Test func aNumberBooksADeliveryWasteAndACountAsOneEntryEach() async throws {
        try await withPage("/", language: "en-US") { fixture, browser in
            try await browser.waitForText("#fruit-stock [data-fruit=kiwi] .count", "3")
            try await browser.click("#show-stock")
            for (reason, amount, shown) in [("delivery", 24, "27"), ("waste", 2, "25"), ("count", 20, "20")] {
                try await book(browser, fruit: "kiwi", reason: reason, amount: amount)
                #expect(try await browser.waitForText("#steppers [data-fruit=kiwi] .count", shown) == shown)
            }
            #expect(fixture.stock() == "banana: 10\nkiwi: 20\n")
            let lines = try fixture.journalLines()
            #expect(lines.count == 3)
            for (line, (reason, change)) in zip(lines, [("delivery", 24), ("waste", -2), ("count", -5)]) {
                #expect(line.contains("\"reason\":\"\(reason)\",\"key\":\""), "\(line)")
                #expect(line.hasSuffix("\"changes\":{\"kiwi\":\(change)}}"), "\(line)")
            }
            // A count is a number, never a step.
            let stepsOff =
                "const b = [...document.querySelectorAll('#steppers [data-fruit=kiwi] .stepper button')];"
                + " return b.filter(x => x.disabled).length + '/' + b.length"
            #expect(try await browser.run(stepsOff) as? String == "2/2")
            #expect(try await browser.waitForText("#undo", "Undo: Kiwi = 20 (Count)") == "Undo: Kiwi = 20 (Count)")
        }
    }

    /// SPEC 18 on the stock screen: under each fruit kept in dated lots,
    /// what expired (still in its count) and what is best before today or
    /// tomorrow; nothing under a fruit with neither.
    @Test func theStockScreenSaysWhatExpiredAndWhatIsBestBeforeTomorrow() async throws {
        try await withPage("/", language: "en-US") { fixture, browser in
            try await browser.waitForText("#fruit-stock [data-fruit=kiwi] .count", "3")
            let tomorrow = try #require(LocalDate.string(daysFromToday: 1))
            try fixture.writeInventory(
                "banana: [{count: 8, bestBefore: 2020-01-01}, {count: 2}]\n"
                    + "kiwi: [{count: 2, bestBefore: \(tomorrow)}, {count: 1, bestBefore: 2999-01-01}]\n")
            try await browser.click("#show-stock")
            let expired = "8 expired, makes nothing"
            #expect(try await browser.waitForText("#steppers [data-fruit=banana] .fresh", expired) == expired)
            #expect(try await browser.text("#steppers [data-fruit=banana] .count") == "10")
            let expiring = "2 best before today or tomorrow"
            #expect(try await browser.waitForText("#steppers [data-fruit=kiwi] .fresh", expiring) == expiring)
            try await save(browser, "counter-stock-lots-en.png")

            // Throwing out what expired: one entry, undone from the page.
            let button = "Throw out the 8 expired"
            #expect(try await browser.waitForText("#waste-expired", button) == button)
            try await browser.click("#waste-expired")
            #expect(try await browser.waitForText("#steppers [data-fruit=banana] .count", "2") == "2")
            #expect(try fixture.journalLines().last?.contains(#""reason":"expired""#) == true)
            let undo = "Undo: Thrown out, expired: Banana: 8"
            #expect(try await browser.waitForText("#undo", undo) == undo)
            #expect(try await browser.run("return document.getElementById('waste-expired').hidden") as? Bool == true)
            try await browser.click("#undo")
            #expect(try await browser.waitForText("#steppers [data-fruit=banana] .count", "10") == "10")
            #expect(try await browser.waitForText("#steppers [data-fruit=banana] .fresh", expired) == expired)

            try fixture.writeInventory("banana: 9\nkiwi: 3\n")
            #expect(try await browser.waitForText("#steppers [data-fruit=banana] .count", "9") == "9")
            let hidden = "return [...document.querySelectorAll('#steppers .fresh')].every(x => x.hidden)"
            #expect(try await browser.run(hidden) as? Bool == true)
        }
    }

    /// SPEC 18: a make refused for expired fruit says, on the alert's line
    /// of that fruit, how many in stock have expired, in `juice`'s words,
    /// in English and Korean.
    @Test func aMakeRefusedForExpiredFruitSaysItExpired() async throws {
        try await withPage("/", language: "en-US") { fixture, browser in
            try await browser.waitForText("#fruit-stock [data-fruit=banana] .count", "10")
            try fixture.writeInventory("banana: [{count: 8, bestBefore: 2020-01-01}, {count: 1}]\nkiwi: 3\n")
            try await browser.waitForText("#fruit-stock [data-fruit=banana] .count", "9")
            try await browser.click("[data-recipe=banana]")
            let short = "Not enough fruit for Banana Juice. Missing:"
            #expect(try await browser.waitForText("#alert-text", short) == short)
            #expect(try await browser.text("#alert-missing") == "Banana: 1; 8 in stock have expired and make nothing")
            try await browser.click("#alert-ok")

            try await browser.click("#language")
            try await browser.waitForText("[data-recipe=banana] .name", "바나나쥬스")
            try await browser.click("[data-recipe=banana]")
            let korean = "바나나쥬스에 필요한 과일이 모자랍니다. 부족한 과일:"
            #expect(try await browser.waitForText("#alert-text", korean) == korean)
            #expect(try await browser.text("#alert-missing") == "바나나: 1개; 재고 중 8개는 기한이 지나 쓸 수 없습니다")
            #expect(fixture.stock() == "banana: [{count: 8, bestBefore: 2020-01-01}, {count: 1}]\nkiwi: 3\n")
        }
    }

    /// The count screen: a number field per fruit, blind (no number of the
    /// book shown), saved as one `count` entry that keeps every number
    /// typed; a field left empty is not counted, and the page says which;
    /// in English and Korean.
    @Test func theCountScreenSavesOneCountOfEveryFruit() async throws {
        try await withPage("/", language: "en-US") { fixture, browser in
            try await browser.waitForText("#fruit-stock [data-fruit=kiwi] .count", "3")
            try await browser.click("#show-count")
            #expect(try await browser.run("return document.getElementById('count-screen').hidden") as? Bool == false)
            #expect(try await browser.run("return document.getElementById('stock-screen').hidden") as? Bool == true)
            // Blind: nothing of the book on the screen, and nothing saved
            // while every field is empty.
            let shown = """
                return [...document.querySelectorAll('#count-fields input')]
                    .map(f => f.placeholder + f.value).join('')
                """
            #expect(try await browser.run(shown) as? String == "")
            try await browser.click("#save-count")
            #expect(
                try await browser.waitForText("#alert-text", "Type the number of at least one fruit.")
                    == "Type the number of at least one fruit.")
            try await browser.click("#alert-ok")
            #expect(try fixture.journalLines().isEmpty)
            _ = try await browser.run("document.querySelector('#count-fields [data-fruit=kiwi] input').value = '1'")
            try await browser.click("#save-count")
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=kiwi] .count", "1") == "1")
            #expect(
                try await browser.waitForText("#alert-text", "Counted. Not counted: Banana.")
                    == "Counted. Not counted: Banana.")
            try await browser.click("#alert-ok")
            #expect(fixture.stock() == "banana: 10\nkiwi: 1\n")
            let lines = try fixture.journalLines()
            #expect(lines.count == 1)
            #expect(lines.first?.contains(#""kind":"adjust","reason":"count","key":""#) == true, "\(lines)")
            #expect(lines.first?.hasSuffix(#""counted":{"kiwi":1},"changes":{"kiwi":-2}}"#) == true, "\(lines)")
            #expect(try await browser.waitForText("#undo", "Undo: Closing count") == "Undo: Closing count")
            let emptied = "return document.querySelector('#count-fields [data-fruit=kiwi] input').value"
            #expect(try await browser.run(emptied) as? String == "")
            try await browser.click("#language")
            #expect(try await browser.waitForText("#show-count", "마감 실사") == "마감 실사")
            #expect(try await browser.text("#save-count") == "실사 저장")
            try await save(browser, "counter-count-ko.png")
        }
    }

    /// A stopped server leaves no button that looks active: a banner says
    /// so and every change is disabled.
    @Test func aStoppedServerDisablesTheButtonsAndSaysSo() async throws {
        try await Fixture.with { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let browser = try await WebDriver(language: "en-US")
            try await browser.open("http://127.0.0.1:\(server.port)/")
            try await browser.waitForText("#fruit-stock [data-fruit=banana] .count", "10")
            #expect(try await browser.run("return document.getElementById('banner').hidden") as? Bool == true)
            #expect(server.stop() == 0)
            let away = "The server cannot be reached. Changes are off until it is back."
            #expect(try await browser.waitForText("#banner-text", away) == away)
            // Two juices; per fruit, two steps and the number's button.
            let allOff =
                "const b = [...document.querySelectorAll('#juices button, #steppers button')];"
                + " return b.filter(x => x.disabled).length + '/' + b.length"
            #expect(try await browser.run(allOff) as? String == "8/8")
            await browser.quit()
        }
    }

    /// A change of the menu file reaches the page as a `menu` event, without
    /// a reload: a new fruit and its juice appear (and work), a removed fruit
    /// and its juice go, on both screens.
    @Test func aMenuEditShowsTheNewFruitsAndJuicesWithoutAReload() async throws {
        try await withPage("/", language: "en-US") { fixture, browser in
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=kiwi] .count", "3") == "3")
            _ = try await browser.run("window.sameLoad = true; return true")
            let menu = """
                fruits:
                  banana: { name: { en: Banana, ko: 바나나 }, stock: 10 }
                  mango:  { name: { en: Mango, ko: 망고 }, stock: 4 }
                recipes:
                  banana:
                    name: { en: Banana Juice, ko: 바나나쥬스 }
                    uses: { banana: 2 }
                  mango:
                    name: { en: Mango Juice, ko: 망고쥬스 }
                    uses: { mango: 2 }

                """
            try Data(menu.utf8).write(to: URL(fileURLWithPath: fixture.menuPath))
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=mango] .count", "4") == "4")
            #expect(try await browser.waitForText("[data-recipe=mango] .name", "Mango Juice") == "Mango Juice")
            let shown = """
                const ids = (selector, key) => [...document.querySelectorAll(selector)].map(e => e.dataset[key]);
                return [ids('#fruit-stock li', 'fruit'), ids('#juices button', 'recipe'), ids('#steppers li', 'fruit')]
                  .map(list => list.join(' ')).join(' / ')
                """
            #expect(try await browser.run(shown) as? String == "banana mango / banana mango / banana mango")
            #expect(try await browser.run("return window.sameLoad === true") as? Bool == true)

            try await browser.click("[data-recipe=mango]")
            let ready = "Mango Juice is ready. Enjoy!"
            #expect(try await browser.waitForText("#alert-text", ready) == ready)
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=mango] .count", "2") == "2")
            #expect(fixture.stock() == "banana: 10\nmango: 2\n")
        }
    }

    /// A tap whose answer is lost on its way back (the server made the
    /// juice, the connection failed before the page had the answer) is sent
    /// again a second later with the same `Idempotency-Key`, and the server
    /// answers the first answer again: one juice, one journal entry, and the
    /// page back to normal.
    @Test func aRetryAfterALostAnswerMakesOneJuice() async throws {
        try await withPage("/", language: "en-US") { fixture, browser in
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=banana] .count", "10") == "10")
            // The page's fetch, as the network would fail it: the first
            // change reaches the server, and its answer never comes back;
            // the connection fails late, after the event stream has shown
            // the change (the page then had no later event to say the
            // server is back, and kept its banner up).
            let losesTheFirstAnswer = """
                const send = window.fetch;
                window.sentKeys = [];
                window.fetch = async (url, options) => {
                  const answer = await send(url, options);
                  if (options?.method === 'POST') {
                    window.sentKeys.push(options.headers['Idempotency-Key']);
                    if (window.sentKeys.length === 1) {
                      await new Promise((resolve) => setTimeout(resolve, 2000));
                      throw new TypeError('Failed to fetch');
                    }
                  }
                  return answer;
                };
                return true
                """
            _ = try await browser.run(losesTheFirstAnswer)
            try await browser.click("[data-recipe=banana]")
            let ready = "Banana Juice is ready. Enjoy!"
            #expect(try await browser.waitForText("#alert-text", ready) == ready)
            let keys = try #require(try await browser.run("return window.sentKeys") as? [String])
            #expect(keys.count == 2 && Set(keys).count == 1, "\(keys)")
            #expect(fixture.stock() == "banana: 8\nkiwi: 3\n")
            let lines = try fixture.journalLines()
            #expect(lines.count == 1)
            #expect(lines.first?.contains(#""kind":"make","orders":{"banana":1},"key":"\#(keys[0])""#) == true)
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=banana] .count", "8") == "8")
            // Reached again: no banner, and the buttons work.
            #expect(try await browser.run("return document.getElementById('banner').hidden") as? Bool == true)
            try await browser.click("#alert-ok")
            try await browser.click("[data-recipe=banana]")
            #expect(try await browser.waitForText("#fruit-stock [data-fruit=banana] .count", "6") == "6")
            #expect(try fixture.journalKinds() == ["make", "make"])
        }
    }

    /// A menu with an error is shown as a banner with the diagnostic at its
    /// place, not a blank page.
    @Test func anInvalidMenuIsABannerWithTheDiagnosticNotABlankPage() async throws {
        try await withPage("/", language: "en-US", menu: "fruits:\n  banana: { stock: ten }\nrecipes: {}\n") {
            _, browser in
            let broken = "The store's files have a problem, so the stock shown may be out of date:"
            #expect(try await browser.waitForText("#banner-text", broken) == broken)
            let details = try #require(try await browser.text("#banner-details"))
            #expect(details.contains("menu.yaml:2:20: the stock of fruit 'banana' is 'ten'"), "\(details)")
        }
    }

    /// Books `amount` of `fruit` for `reason` through the stock screen's
    /// number field.
    private func book(_ browser: WebDriver, fruit: String, reason: String, amount: Int) async throws {
        let script = """
            const reason = document.getElementById('reason');
            reason.value = '\(reason)';
            reason.dispatchEvent(new Event('change'));
            const row = document.querySelector('#steppers [data-fruit=\(fruit)]');
            row.querySelector('input').value = '\(amount)';
            row.querySelector('form').requestSubmit();
            return true
            """
        _ = try await browser.run(script)
    }

    /// Runs `body` with a browser speaking `language` on `path` of a
    /// `juice-server` started with `arguments` in a fresh fixture (with
    /// `copying`, folders of the repository, copied in; `menu` in place of
    /// the fixture's); then closes the
    /// browser and expects the server to stop cleanly. A browser or server
    /// left by a failure is ended when it is freed.
    func withPage(
        _ path: String, language: String, arguments: [String] = Self.files, copying folders: [String] = [],
        menu: String? = nil, _ body: (Fixture, WebDriver) async throws -> Void
    ) async throws {
        try await Fixture.with { fixture in
            try fixture.copyFromRepository(folders)
            if let menu { try Data(menu.utf8).write(to: URL(fileURLWithPath: fixture.menuPath)) }
            let server = try ServerProcess(in: fixture.folder, arguments: arguments)
            let browser = try await WebDriver(language: language)
            try await browser.open("http://127.0.0.1:\(server.port)\(path)")
            try await body(fixture, browser)
            await browser.quit()
            #expect(server.stop() == 0)
        }
    }

    func save(_ browser: WebDriver, _ name: String) async throws {
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        try await browser.screenshot().write(to: Self.artifacts.appendingPathComponent(name))
    }
}
