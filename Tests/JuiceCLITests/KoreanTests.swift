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
}
