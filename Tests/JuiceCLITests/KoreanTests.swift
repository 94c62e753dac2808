import Foundation
import Testing

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
        let files = ["inventory.yaml.lock", "inventory.yaml", "<built-in menu>"]
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
            #expect(report.stderrLines == ["참고: inventory.yaml 파일이 없습니다: 메뉴의 처음 재고로 시작합니다"])

            let made = try await run("make", "바나나쥬스=2", "mangoKiwi")
            #expect(
                made.stdoutLines == [
                    "바나나쥬스 2잔 나왔습니다! 맛있게 드세요!", "망키쥬스 나왔습니다! 맛있게 드세요!", "재고: 바나나 6, 망고 8, 키위 9",
                ])

            let refused = try await run("make", "strawberry")
            #expect(refused.exitCode == 1)
            #expect(
                refused.stderrLines == [
                    "오류: 과일이 모자랍니다. 아무것도 만들지 않았습니다", "  딸기: 16개 필요, 재고 10개, 6개 더 필요",
                    "채우려면: juice adjust strawberry=+6",
                ])

            let delivery = try await run("adjust", "딸기=+6")
            #expect(delivery.stdoutLines == ["딸기: 10 → 16"])
            _ = try await run("adjust", "kiwi=-1", "mango=20", "--dry-run")
            _ = try await run("adjust", "kiwi=-1", "mango=20")
            _ = try await run("plan", "딸바쥬스=3")
            _ = try await run("menu")
            let below = try await run("adjust", "kiwi=-100")
            #expect(below.stderrLines.first == "오류: 재고는 0 밑으로 내려갈 수 없습니다. 바뀐 것은 없습니다")
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
            #expect(validate.stderr == "menu.yaml:1:20: 경고: fruit 'lime' is used by no recipe [unused-fruit]\n")
            #expect(validate.stdout == "menu.yaml: 경고 1개\n")
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
            #expect(try await stderr("make", "딸바쥬수") == "오류: '딸바쥬수'이라는 레시피가 없습니다 ('딸바쥬스'을(를) 찾으셨나요?)\n")
            #expect(
                try await stderr("make", "바나나쥬스", "2")
                    == "오류: '2'은(는) 레시피가 아닙니다: '바나나쥬스'를 2잔 주문하려면 바나나쥬스=2로 쓰세요\n")
            #expect(
                try await stderr("adjust", "kiwi")
                    == "오류: 'kiwi'은(는) 재고 변경이 아닙니다: 더하려면 과일=+N, 빼려면 과일=-N, 정하려면 과일=N으로 쓰세요\n")
            #expect(try await stderr("report", "--menu", "없는.yaml") == "오류: 없는.yaml: 파일이 없습니다\n")
            #expect(
                try await stderr("reprot")
                    == "오류: 'reprot'은(는) juice 명령이 아닙니다 ('report'을(를) 찾으셨나요?). 명령: report, make, adjust, plan, menu, validate, mix\n"
            )
            // --locale, read before the options are parsed, picks the language too.
            let english = try await sandbox.juice(
                arguments: ["make", "banana", "2", "--locale", "en"], environment: korean)
            #expect(
                english.stderr == "error: '2' is not a recipe: to order 2 servings of 'banana', write banana=2\n")
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
