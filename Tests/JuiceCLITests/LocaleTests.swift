import Foundation
import Testing

/// Display names: `--locale`, else `LC_ALL`, `LC_MESSAGES`, `LANG`, language
/// part only, falling back to English, the first name, then the id.
@Suite struct LocaleTests {
    static let koreanJuices = ["딸기쥬스", "바나나쥬스", "키위쥬스", "파인애플쥬스", "딸바쥬스", "망고쥬스", "망키쥬스"]
    static let englishJuices = [
        "Strawberry Juice", "Banana Juice", "Kiwi Juice", "Pineapple Juice", "Strawberry Banana Juice", "Mango Juice",
        "Mango Kiwi Juice",
    ]

    /// The `name` of every recipe in `juice report --format json`.
    static func juiceNames(_ sandbox: Sandbox, _ arguments: [String] = [], environment: [String: String?] = [:])
        async throws -> [String]
    {
        let result = try await sandbox.juice(
            arguments: ["report", "--format", "json"] + arguments, environment: environment)
        #expect(result.exitCode == 0)
        return try result.json()["recipes"]?.items.compactMap { $0["name"]?.string } ?? []
    }

    @Test(arguments: ["ko", "ko-KR", "ko_KR.UTF-8", "KO"])
    func theLocaleOptionGivesKoreanNames(locale: String) async throws {
        try await Sandbox.with { sandbox in
            let names = try await Self.juiceNames(sandbox, ["--locale", locale])
            #expect(names == Self.koreanJuices)
        }
    }

    @Test func langGivesKoreanNames() async throws {
        try await Sandbox.with { sandbox in
            let names = try await Self.juiceNames(sandbox, environment: ["LANG": "ko_KR.UTF-8"])
            #expect(names == Self.koreanJuices)
        }
    }

    @Test func lcAllComesBeforeLcMessagesWhichComesBeforeLang() async throws {
        try await Sandbox.with { sandbox in
            let allKorean: [String: String?] = [
                "LC_ALL": "ko_KR.UTF-8", "LC_MESSAGES": "en_US.UTF-8", "LANG": "en_US.UTF-8",
            ]
            let withLcAll = try await Self.juiceNames(sandbox, environment: allKorean)
            #expect(withLcAll == Self.koreanJuices)
            let messagesKorean: [String: String?] = ["LC_MESSAGES": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"]
            let withLcMessages = try await Self.juiceNames(sandbox, environment: messagesKorean)
            #expect(withLcMessages == Self.koreanJuices)
            let allEnglish: [String: String?] = ["LC_ALL": "en_US.UTF-8", "LANG": "ko_KR.UTF-8"]
            let withEnglishLcAll = try await Self.juiceNames(sandbox, environment: allEnglish)
            #expect(withEnglishLcAll == Self.englishJuices)
        }
    }

    @Test func theLocaleOptionComesBeforeTheEnvironment() async throws {
        try await Sandbox.with { sandbox in
            let names = try await Self.juiceNames(sandbox, ["--locale", "en"], environment: ["LC_ALL": "ko_KR.UTF-8"])
            #expect(names == Self.englishJuices)
        }
    }

    /// Every command takes `--locale`, not only those that read a store:
    /// `restore`, `schema` and `init` refused it as an unknown option.
    @Test func commandsWithoutAStoreTakeTheLocaleToo() async throws {
        try await Sandbox.with { sandbox in
            let restore = try await sandbox.juice("restore", "nowhere", "--locale", "ko")
            #expect(restore.exitCode == 66, "\(restore.stderr)")
            #expect(restore.stderr.hasPrefix("오류: "))
            let schema = try await sandbox.juice("schema", "menu", "--locale", "ko")
            #expect(schema.exitCode == 0, "\(schema.stderr)")
            #expect(try schema.json()["title"] != nil)
            let created = try await sandbox.juice("init", "--locale", "ko")
            #expect(created.exitCode == 0, "\(created.stderr)")
            #expect(sandbox.read("recipes/menu.yaml") != nil)
        }
    }

    /// Everything a run says is in one language: `--locale` given twice is
    /// a usage error (an option of one value), said in the last one's
    /// language, and a `--locale` after `--` is no option.
    @Test(arguments: [
        (
            ["make", "nosuch", "--locale", "ko", "--locale", "en"],
            "error: --locale is given 2 times (ko, en): it takes one value; give it once"
        ),
        (
            ["make", "--locale=en", "nosuch", "--locale=ko"],
            "오류: --locale 옵션이 2번 주어졌습니다 (en, ko): 값을 하나만 받으니 한 번만 쓰세요"
        ),
        (["make", "--", "--locale", "ko"], "error: unknown recipe '--locale'; the menu's recipes: juice menu"),
    ])
    func theLastLocaleBeforeDashDashSpeaksForTheWholeRun(arguments: [String], error: String) async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice(arguments: arguments)
            #expect(result.exitCode == 64)
            #expect(result.stderrLines.contains(error), "\(result.stderrLines)")
        }
    }

    /// A usage error the parser finds is answered in the format the parser
    /// would have used: the last `--format` before `--`.
    @Test(arguments: [
        (["make", "--bogus", "--format", "json", "--format", "text"], false),
        (["make", "--bogus", "--format", "text", "--format=json"], true),
        (["make", "--bogus", "--", "--format", "json"], false),
    ])
    func aUsageErrorIsInTheLastFormatBeforeDashDash(arguments: [String], isJSON: Bool) async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice(arguments: arguments)
            #expect(result.exitCode == 64)
            #expect((try? result.json())?["error"] == (isJSON ? .string("usage") : nil))
            #expect(result.stderr.hasPrefix("error: ") == !isJSON)
        }
    }

    @Test(arguments: ["fr", "C", "POSIX", "de_DE.UTF-8"])
    func aLanguageTheMenuLacksFallsBackToEnglish(locale: String) async throws {
        try await Sandbox.with { sandbox in
            let fromOption = try await Self.juiceNames(sandbox, ["--locale", locale])
            #expect(fromOption == Self.englishJuices)
            let fromLang = try await Self.juiceNames(sandbox, environment: ["LANG": locale])
            #expect(fromLang == Self.englishJuices)
        }
    }

    @Test func withoutEnglishTheFirstNameGivenIsUsedThenTheId() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "recipes/menu.yaml",
                """
                fruits:
                  kiwi: { name: { ja: キウイ, ko: 키위 }, stock: 9 }
                recipes:
                  kiwiJuice: { name: { ja: キウイジュース, ko: 키위쥬스 }, uses: { kiwi: 3 } }
                  plain: { name: Plain Kiwi, uses: { kiwi: 1 } }
                  bare: { kiwi: 2 }

                """)
            let inFrench = try await Self.juiceNames(sandbox, ["--locale", "fr"])
            #expect(inFrench == ["キウイジュース", "Plain Kiwi", "bare"])
            let inKorean = try await Self.juiceNames(sandbox, ["--locale", "ko"])
            #expect(inKorean == ["키위쥬스", "Plain Kiwi", "bare"])
        }
    }

    @Test func textOutputUsesKoreanNamesToo() async throws {
        try await Sandbox.with { sandbox in
            let report = try await sandbox.juice("report", "--locale", "ko")
            #expect(report.exitCode == 0)
            let rows = report.stdoutLines.map { $0.split(separator: " ").map(String.init) }
            #expect(rows.contains(["딸기", "10"]), "stdout: \(report.stdout)")
            #expect(rows.contains(["딸바쥬스", "1", "딸기"]), "stdout: \(report.stdout)")

            let make = try await sandbox.juice("make", "banana", environment: ["LANG": "ko_KR.UTF-8"])
            #expect(make.exitCode == 0)
            #expect(make.stdoutLines.first?.contains("바나나쥬스") == true, "stdout: \(make.stdout)")
        }
    }
}
