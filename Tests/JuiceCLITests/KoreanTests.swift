import Foundation
import JuiceMaker
import JuicePresentation
import TestSupport
import Testing

@testable import JuiceCLI

/// The original app's day at the counter, in Korean: every line a person
/// reads is Korean, but for ids, file names and the commands to type.
@Suite struct KoreanTests {
    private let korean: [String: String?] = ["LANG": "ko_KR.UTF-8", "LC_ALL": nil, "LC_MESSAGES": nil]

    /// The line with what may stay in Latin letters taken out: a command to
    /// type (from `juice ` on), file names, and the menu's ids (which
    /// `juice menu` lists, to be typed).
    private func latinLeft(in line: String) -> String {
        var rest = line
        if let command = rest.firstRange(of: "juice ") { rest = String(rest[..<command.lowerBound]) }
        let files = [
            "inventory.yaml.lock", "inventory.yaml.journal", "inventory.yaml", "<built-in menu>", "recipes/menu.yaml",
        ]
        let ids = ["strawberryBanana", "mangoKiwi", "strawberry", "banana", "pineapple", "kiwi", "mango"]
        for allowed in files + ids {
            rest = rest.replacing(allowed, with: "")
        }
        return String(rest.filter { ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
    }

    @Test func aKoreanSpeakerCanReadEveryLineOfTheDay() async throws {
        try await Sandbox.with { sandbox in
            var lines: [String] = []
            func run(_ arguments: String...) async throws -> ProcessResult {
                let result = try await sandbox.juice(arguments: arguments, environment: korean)
                lines += result.stdoutLines + result.stderrLines
                return result
            }
            let report = try await run("report")
            #expect(report.stdoutLines.first == "과일      재고")
            #expect(
                report.stderrLines == [
                    String(Sandbox.builtinNoteKorean.dropLast()), "참고: inventory.yaml 파일이 없습니다: 메뉴의 처음 재고로 시작합니다",
                ])

            let made = try await run("make", "바나나쥬스=2", "mangoKiwi")
            #expect(
                made.stdoutLines == [
                    "바나나쥬스 2잔 나왔습니다! 맛있게 드세요!", "망키쥬스 나왔습니다! 맛있게 드세요!", "재고: 바나나 6, 망고 8, 키위 9",
                ])

            let refused = try await run("make", "strawberry")
            #expect(refused.exitCode == 1)
            #expect(
                refused.stderrLines == [
                    String(Sandbox.builtinNoteKorean.dropLast()), "오류: 과일이 모자랍니다. 아무것도 만들지 않았습니다",
                    "  딸기: 16개 필요, 재고 10개, 6개 더 필요",
                    "채우려면: juice adjust strawberry=+6 --reason delivery",
                ])

            let delivery = try await run("adjust", "딸기=+6")
            #expect(delivery.stdoutLines == ["딸기: 10 → 16"])
            _ = try await run("adjust", "kiwi=-1", "mango=20", "--dry-run")
            _ = try await run("adjust", "kiwi=-1", "mango=20")
            _ = try await run("plan", "딸바쥬스=3")
            _ = try await run("menu")
            let below = try await run("adjust", "kiwi=-100")
            #expect(below.stderrLines.dropFirst().first == "오류: 재고는 0 밑으로 내려갈 수 없습니다. 바뀐 것은 없습니다")
            _ = try await run("validate")

            #expect(lines.count > 40)
            for line in lines {
                #expect(latinLeft(in: line) == "", "English left in: \(line)")
            }
        }
    }

    @Test func codesJSONKeysAndCSVHeadersStayAsTheyAre() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", "fruits: { kiwi: 1, lime: 1 }\nrecipes: { kiwi: { kiwi: 1 } }\n")
            let validate = try await sandbox.juice(arguments: ["validate", "menu.yaml"], environment: korean)
            #expect(validate.stderr == "menu.yaml:1:20: 경고: 과일 'lime'을 쓰는 레시피가 없습니다 [unused-fruit]\n")
            #expect(validate.stdout == "menu.yaml: 경고 1개\n")
            let validateJSON = try await sandbox.juice(
                arguments: ["validate", "menu.yaml", "--format", "json"], environment: korean)
            let diagnostic = try validateJSON.json()["diagnostics"]?[0]
            #expect(diagnostic?["code"] == .string("unused-fruit"))
            #expect(diagnostic?["message"] == .string("과일 'lime'을 쓰는 레시피가 없습니다"))
            let csv = try await sandbox.juice(arguments: ["report", "--format", "csv"], environment: korean)
            #expect(csv.stdoutLines.first == "recipe,servings,limitedBy,missing")
            let json = try await sandbox.juice(arguments: ["report", "--format", "json"], environment: korean)
            #expect(try json.json()["recipes"]?[0]?["limitedBy"] == .array([.string("strawberry")]))
            #expect(try json.json()["recipes"]?[0]?["name"] == .string("딸기쥬스"))
        }
    }

    @Test func mistakesOnTheCommandLineAndFileErrorsAreSaidInKoreanToo() async throws {
        try await Sandbox.with { sandbox in
            func stderr(_ arguments: String...) async throws -> String {
                try await sandbox.juice(arguments: arguments, environment: korean).stderr
            }
            #expect(
                try await stderr("make", "딸바쥬수")
                    == Sandbox.builtinNoteKorean + "오류: '딸바쥬수'라는 레시피가 없습니다 ('딸바쥬스'를 찾으셨나요?). 메뉴의 레시피: juice menu\n")
            #expect(
                try await stderr("make", "바나나쥬스", "2")
                    == Sandbox.builtinNoteKorean + "오류: '2'는 레시피가 아닙니다: '바나나쥬스'를 2잔 주문하려면 바나나쥬스=2로 쓰세요\n")
            #expect(
                try await stderr("make", "바나나쥬스", "3")
                    == Sandbox.builtinNoteKorean + "오류: '3'은 레시피가 아닙니다: '바나나쥬스'를 3잔 주문하려면 바나나쥬스=3으로 쓰세요\n")
            #expect(
                try await stderr("adjust", "kiwi")
                    == Sandbox.builtinNoteKorean + "오류: 'kiwi'는 재고 변경이 아닙니다: 더하려면 과일=+N, 빼려면 과일=-N, 정하려면 과일=N으로 쓰세요\n")
            #expect(try await stderr("report", "--menu", "없는.yaml") == "오류: 없는.yaml: 파일이 없습니다\n")
            // Why a file is not read is the library's sentence too.
            #expect(try await stderr("validate", ".") == "오류: .: 읽을 수 없습니다: 폴더입니다\n")
            let folder = try await sandbox.juice(arguments: ["validate", "."])
            #expect(folder.stderr == "error: .: cannot read: it is a directory\n")
            #expect(
                try await stderr("reprot")
                    == "오류: 'reprot'은 juice 명령이 아닙니다 ('report'를 찾으셨나요?). 명령: report, make, adjust, plan, menu, validate, mix, log, undo, usage, order, orders, receive, import, count, variance, forecast, waste, expiring, schema, lsp, init, backup, restore\n"
            )
            // --locale, read before the options are parsed, picks the language too.
            let english = try await sandbox.juice(
                arguments: ["make", "banana", "2", "--locale", "en"], environment: korean)
            #expect(
                english.stderr == Sandbox.builtinNote
                    + "error: '2' is not a recipe: to order 2 servings of 'banana', write banana=2\n")
        }
    }

    /// Files with one of each mistake the loader reports, one per file.
    static let brokenFiles: [(name: String, text: String)] = [
        ("types.yaml", "fruits: [kiwi]\nrecipes: { kiwi: { uses: 3 } }\nextends: { a: 1 }\n"),
        (
            "entries.yaml",
            """
            fruits:
              kiwi: { stock: "12", name: { ko: [] } }
              1lime: 5
              mango: { stock: !!str 4, colour: green }
              peach: [1]
              pear: ~
            recipes:
              kiwi: { uses: { kiwi: 0, kiwii: 1 }, name: 7, sugar: 1 }
              empty: { uses: {} }
              named: { name: Named }
              mango: { mango: 2.5, mango: 1 }

            """
        ),
        ("kinds.yaml", "stores: { north: { menu: menu.yaml } }\n"),
        ("tab.yaml", "fruits:\n\tkiwi: 1\n"),
        ("syntax.yaml", "fruits: { kiwi: 1\n"),
        ("documents.yaml", "fruits: {}\n---\nrecipes: {}\n"),
        ("nothing.yaml", "# only a comment\n"),
        ("loop.yaml", "extends: loop.yaml\n"),
        ("orphan.yaml", "extends: missing.yaml\nfruits: { kiwi: ~ }\n"),
        ("parent.yaml", "fruits: { kiwi: 1, lime: 2 }\nrecipes: { kiwi: { kiwi: 1 }, lime: { lime: 1 } }\n"),
        ("child.yaml", "extends: parent.yaml\nfruits: { kiwi: ~ }\nrecipes: { plum: ~ }\n"),
        ("stores.yaml", "stores:\n  north: { menu: [], invntory: x.yaml }\n  south: { inventory: s.yaml }\n"),
        ("empty-stores.yaml", "shops: {}\n"),
    ]

    @Test func everyDiagnosticIsSaidInKorean() async throws {
        try await Sandbox.with { sandbox in
            for file in Self.brokenFiles { try sandbox.write(file.name, file.text) }
            let result = try await sandbox.juice(
                arguments: ["validate"] + Self.brokenFiles.map(\.name), environment: korean)
            #expect(result.exitCode == 65)
            try ExampleChain.expectGolden(result.stderr, "validate-ko.stderr.txt")
            // What may stay in Latin letters: the place, the code, what is
            // quoted from the file (ids, keys, paths, tags), and libyaml's
            // own words.
            for line in result.stderrLines {
                var rest = line.replacing(#/^[^ ]+ /#, with: "").replacing(#/ \[[a-z-]+\]$/#, with: "")
                rest = rest.replacing(/\(libyaml: .*\)/, with: "").replacing(/'[^']*'/, with: "")
                rest = rest.replacing("YAML", with: "").replacing(/[a-z.-]+\.yaml/, with: "")
                rest = rest.replacing(/!![a-z]+/, with: "")
                #expect(!rest.contains(/[A-Za-z]/), "English left in: \(line)")
            }
            #expect(result.stderrLines.count > 30)
        }
    }

    @Test func helpAndTheArgumentParsersUsageErrorsAreSaidInKorean() async throws {
        try await Sandbox.with { sandbox in
            var lines: [String] = []
            for command in [
                "", "report", "make", "adjust", "plan", "menu", "validate", "mix", "log", "undo", "usage", "order",
                "receive",
            ] {
                let help = try await sandbox.juice(
                    arguments: command.isEmpty ? ["--help"] : [command, "--help"], environment: korean)
                #expect(help.exitCode == 0)
                lines += help.stdoutLines
            }
            #expect(lines.contains("  -h, --help              도움말을 보여 줍니다."))
            let unknown = try await sandbox.juice(arguments: ["report", "--formt", "json"], environment: korean)
            #expect(unknown.exitCode == 64)
            #expect(unknown.stderrLines.first == "오류: 모르는 옵션 '--formt'입니다 ('--format'을 찾으셨나요?)")
            let missing = try await sandbox.juice(arguments: ["make"], environment: korean)
            #expect(missing.stderrLines.first == "오류: 인자 '<order> ...'가 빠졌습니다")
            #expect(missing.stderrLines.last == "  자세한 것은 'juice make --help'를 보세요.")
            let format = try await sandbox.juice(arguments: ["menu", "--format", "yaml"], environment: korean)
            #expect(
                format.stderrLines.first
                    == "오류: '--format <format>'에 'yaml'은 쓸 수 없습니다. 다음 중 하나를 주세요: 'text', 'json', 'csv' 또는 'markdown'"
            )
            lines += unknown.stderrLines + missing.stderrLines + format.stderrLines
            // What may stay in Latin letters: commands and options to type,
            // placeholders, file and variable names, format names.
            for line in lines {
                var rest = line
                if let command = rest.firstRange(of: "juice") { rest = String(rest[..<command.lowerBound]) }
                rest = rest.replacing(#/\S*[-<>=\/|`'\[\]]\S*|\S+\.\S+/#, with: "")
                rest = rest.replacing("GitHub Actions", with: "").replacing("Juice Maker", with: "").replacing(
                    "JSON Schema", with: "")
                rest = rest.replacing(
                    #/\b(text|json|csv|markdown|github|CI|en|ko|LC_ALL|LC_MESSAGES|LANG|N|report|make|adjust|plan|menu|validate|mix|log|undo|usage|order|orders|receive|import|count|variance|forecast|waste|expiring|schema|lsp|init|backup|restore|today|yesterday|Nd|day|edit|servings|revenue|margin|CBC|delivery|waste|count|correction|expired|RFC|fresh|leadDays|every|shelfLife|auto|weekday|smoothing)\b/#,
                    with: "")
                #expect(!rest.contains(/[A-Za-z]/), "English left in: \(line)")
            }
        }
    }

    @Test func aChainReportNamesTheStoresItLeftOutInKorean() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            _ = try ExampleChain.breakJamsil(sandbox)
            let result = try await sandbox.juice(
                arguments: ["report", "--stores", "recipes/stores.yaml"], environment: korean)
            #expect(result.exitCode == 65)
            #expect(result.stdoutLines.first?.hasPrefix("매장") == true)
            #expect(result.stdoutLines.last == "보고하지 못한 매장, 진단을 보세요: jamsil")
        }
    }
}
