import Testing

@testable import JuiceMaker

@Suite struct DisplayNameTests {
    let name = DisplayName([.init(locale: "ko", text: "키위"), .init(locale: "en", text: "Kiwi")])

    @Test func aNameFallsBackToEnglishThenToTheFirstGiven() {
        #expect(name.text(for: "ko") == "키위")
        #expect(name.text(for: "fr") == "Kiwi")
        #expect(name.text(for: nil) == "Kiwi")
        #expect(DisplayName([.init(locale: "ko", text: "키위")]).text(for: "fr") == "키위")
        #expect(Fruit(id: "kiwi").displayName(for: "ko") == "kiwi")
    }

    @Test func theLanguageIsTheLocalesLanguagePart() {
        #expect(DisplayName.language(of: "ko_KR.UTF-8") == "ko")
        #expect(DisplayName.language(of: "ko-KR") == "ko")
        #expect(DisplayName.language(of: "EN") == "en")
    }

    @Test func theLocaleOptionWinsThenLCALLThenLCMESSAGESThenLANG() {
        let environment = ["LC_ALL": "", "LC_MESSAGES": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"]
        #expect(DisplayName.preferredLanguage(explicit: "fr", environment: environment) == "fr")
        #expect(DisplayName.preferredLanguage(explicit: nil, environment: environment) == "ko")
        // An empty LC_ALL is unset; a set one wins over the rest.
        #expect(
            DisplayName.preferredLanguage(explicit: nil, environment: environment.merging(["LC_ALL": "fr_FR"]) { $1 })
                == "fr")
        #expect(DisplayName.preferredLanguage(explicit: nil, environment: ["LANG": "en_US.UTF-8"]) == "en")
        #expect(DisplayName.preferredLanguage(explicit: nil, environment: [:]) == nil)
    }
}
