import Foundation
import JuiceSync
import JuiceWords
import TestSupport
import Testing

/// `juice-sync` in Korean: `--locale ko`, else `LANG`, as `juice` chooses;
/// the same exit statuses as in English.
struct KoreanSyncTests {
    static let korean = ["LANG": "ko_KR.UTF-8"]

    @Test func anUnreachableDatabaseIsSaidInKoreanAndExits69() async throws {
        try await ChainFixture.with { chain in
            let result = try await chain.sync([
                "push", "--to", "postgres://juice@127.0.0.1:1/postgres", "--locale", "ko",
            ])
            #expect(result.exitCode == 69)
            #expect(result.stderr.hasPrefix("juice-sync: 127.0.0.1:1/postgres의 데이터베이스에 닿을 수 없습니다: "))
            #expect(result.stderrLines.count == 1)
        }
    }

    @Test func aUsageErrorIsSaidInKoreanByLangAndExits64() async throws {
        try await ChainFixture.with { chain in
            let url = try await chain.sync(["push", "--to", "mysql://juice@127.0.0.1/x"], environment: Self.korean)
            #expect(url.exitCode == 64)
            #expect(
                url.stderrLines.first
                    == "오류: --to는 postgres://USER@HOST[:PORT]/DATABASE 꼴의 URL이어야 합니다. 'mysql://juice@127.0.0.1/x'는 안 됩니다"
            )
            #expect(url.stderrLines.last == "  자세한 것은 'juice-sync push --help'를 보세요.")
            let name = try await chain.sync(
                ["pull", "copy", "--from", "mysql://x", "--stores", ChainFixture.manifest], environment: Self.korean)
            #expect(name.exitCode == 64)
            #expect(
                name.stderrLines.first
                    == "오류: --from은 postgres://USER@HOST[:PORT]/DATABASE 꼴의 URL이어야 합니다. 'mysql://x'는 안 됩니다")
            // --locale wins over the environment.
            let english = try await chain.sync(
                ["push", "--to", "mysql://x", "--locale", "en"], environment: Self.korean)
            #expect(english.exitCode == 64)
            #expect(
                english.stderrLines.first
                    == "Error: --to must be a URL postgres://USER@HOST[:PORT]/DATABASE, not 'mysql://x'")
        }
    }

    @Test func aDatabaseThatDoesNotAnswerOrClosesIsSaidInKorean() throws {
        let url = try #require(DatabaseURL("postgres://juice@127.0.0.1:1/postgres"))
        #expect(
            SyncProblem.noAnswer(url, seconds: 4).text(.korean)
                == "127.0.0.1:1/postgres의 데이터베이스에 닿을 수 없습니다: 4초 동안 답이 없습니다")
        #expect(
            SyncProblem.noAnswer(url, seconds: 0.5).description
                == "cannot reach the database at 127.0.0.1:1/postgres: no answer in 0.5 seconds")
        #expect(
            SyncProblem.closed(url).text(.korean) == "127.0.0.1:1/postgres의 데이터베이스에 닿을 수 없습니다: 연결이 끊겼습니다")
    }

    @Test(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
    func aPushAndAPullSayWhatTheyDidInKorean() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                try await chain.juice(["make", "banana=1", "--store", "north"])
                let push = try await chain.sync(
                    ["push", "--to", database.text, "--stores", ChainFixture.manifest, "--locale", "ko"])
                #expect(push.exitCode == 0, "\(push.stderr)")
                #expect(push.stdoutLines == ["north: 1번부터 1번 항목까지 보냈습니다", "south: 아직 기록이 없습니다"])
                let again = try await chain.sync(
                    ["push", "--to", database.text, "--stores", ChainFixture.manifest], environment: Self.korean)
                #expect(again.exitCode == 0, "\(again.stderr)")
                #expect(again.stdoutLines == ["north: 1번 항목까지 최신입니다", "south: 아직 기록이 없습니다"])
                let pull = ["pull", "copy", "--from", database.text, "--stores", ChainFixture.manifest]
                let first = try await chain.sync(pull, environment: Self.korean)
                #expect(first.exitCode == 0, "\(first.stderr)")
                #expect(first.stdoutLines == ["north: 1번부터 1번 항목까지 가져왔습니다", "south: 아직 기록이 없습니다"])
                let second = try await chain.sync(pull + ["--locale", "ko"])
                #expect(second.stdoutLines == ["north: 1번 항목까지 최신입니다", "south: 아직 기록이 없습니다"])
            }
        }
    }

    /// A manifest `juice` cannot read, as `juice validate` says it in Korean:
    /// the push and the pull say it so, and the same in English as before.
    @Test func aBrokenOrMissingManifestIsSaidAsJuiceSaysIt() async throws {
        try await ChainFixture.with { chain in
            try "x: [\n".write(to: chain.folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
            let korean =
                "juice-sync: bad.yaml:1:5: 오류: YAML 문법 오류 (libyaml: did not find expected node content while parsing a flow node) [syntax]"
            let english =
                "juice-sync: bad.yaml:1:5: error: did not find expected node content while parsing a flow node [syntax]"
            let nowhere = "postgres://nobody@127.0.0.1:1/x"
            for command in [["push", "--to", nowhere], ["pull", "copy", "--from", nowhere]] {
                let broken = try await chain.sync(command + ["--stores", "bad.yaml"], environment: Self.korean)
                #expect(broken.exitCode == 65)
                #expect(broken.stderrLines == [korean])
                let brokenInEnglish = try await chain.sync(command + ["--stores", "bad.yaml", "--locale", "en"])
                #expect(brokenInEnglish.stderrLines == [english])
                let missing = try await chain.sync(command + ["--stores", "nope.yaml", "--locale", "ko"])
                #expect(missing.exitCode == 65)
                #expect(missing.stderrLines == ["juice-sync: nope.yaml: 파일이 없습니다"])
            }
            let missingInEnglish = try await chain.sync(["pull", "copy", "--from", nowhere, "--stores", "nope.yaml"])
            #expect(missingInEnglish.stderrLines == ["juice-sync: nope.yaml: no such file"])
        }
    }

    /// A store whose inventory `juice` cannot read is not synced, and the
    /// diagnostic is said as `juice` says it in Korean.
    @Test(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
    func aBrokenInventoryIsSaidAsJuiceSaysIt() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                try "x: [\n".write(
                    to: chain.folder.appendingPathComponent("north.yaml"), atomically: true, encoding: .utf8)
                let push = ["push", "--to", database.text, "--stores", ChainFixture.manifest]
                let korean = try await chain.sync(push, environment: Self.korean)
                #expect(korean.exitCode == 65)
                #expect(
                    korean.stderrLines == [
                        "juice-sync: 매장 'north': north.yaml:1:5: 오류: YAML 문법 오류 (libyaml: did not find expected node content while parsing a flow node) [syntax]. 이 매장은 동기화하지 않습니다"
                    ])
                let english = try await chain.sync(push)
                #expect(english.exitCode == 65)
                #expect(
                    english.stderrLines == [
                        "juice-sync: store 'north': north.yaml:1:5: error: did not find expected node content while parsing a flow node [syntax]; this store is not synced"
                    ])
            }
        }
    }
}
