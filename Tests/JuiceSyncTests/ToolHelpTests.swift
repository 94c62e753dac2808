import Foundation
import TestSupport
import Testing

/// `juice-server --help` and `juice-sync`'s helps in the console's
/// language: their texts come from the word tables, their headings from
/// the argument parser's words; English as before.
@Suite struct ToolHelpTests {
    static func help(_ product: String, _ arguments: [String], language: String) async throws -> ProcessResult {
        let binary = try #require(BuiltProduct.url(named: product), "no '\(product)' executable built")
        var environment = BuiltProduct.environment()
        environment["LANG"] = language
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        return try await RunningProcess.run(
            executable: binary, arguments: arguments, directory: FileManager.default.temporaryDirectory,
            environment: environment, timeout: 60
        )
    }

    @Test func theServersHelpIsKoreanByLangAndEnglishOtherwise() async throws {
        let korean = try await Self.help("juice-server", ["--help"], language: "ko_KR.UTF-8")
        #expect(korean.exitCode == 0)
        #expect(korean.stdoutLines.first == "개요: 주스 카운터를 엽니다: 메뉴와 재고 파일 위의 웹 페이지와 HTTP API.")
        #expect(korean.stdoutLines.contains("  --port <port>           TCP 포트; 0이면 비어 있는 아무 포트. (기본값: 8080)"))
        #expect(korean.stdoutLines.contains("옵션:"))
        let english = try await Self.help("juice-server", ["--help"], language: "C")
        #expect(english.exitCode == 0)
        #expect(
            english.stdoutLines.first
                == "OVERVIEW: Serve the juice counter: a web page and an HTTP API over the menu and")
        #expect(
            english.stdoutLines.contains("  --port <port>           The TCP port; 0 for any free one. (default: 8080)"))
    }

    @Test func theSyncsHelpIsKoreanByLocaleOverLang() async throws {
        let korean = try await Self.help("juice-sync", ["push", "--help", "--locale", "ko"], language: "C")
        #expect(korean.exitCode == 0)
        #expect(korean.stdoutLines.first == "개요: 데이터베이스에 아직 없는 매장의 기록 항목을 보냅니다.")
        #expect(korean.stdoutLines.contains("  --watch                 멈출 때까지 새 항목을 계속 보냅니다."))
        #expect(korean.stdoutLines.contains("  --menu <file>           매장 하나의 메뉴 파일."))
        let english = try await Self.help("juice-sync", ["pull", "--help"], language: "C")
        #expect(english.stdoutLines.first == "OVERVIEW: Write the database's copy of the chain as files in a folder.")
    }
}
