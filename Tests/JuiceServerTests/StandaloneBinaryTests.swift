import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `juice-server` copied alone into a folder, with nothing beside it:
/// the page's files are in the binary (SPEC 19).
@Suite(.serialized) struct StandaloneBinaryTests {
    static let files = ["--menu", "menu.yaml", "--inventory", "inventory.yaml"]

    @Test func aCopyOfTheBinaryAloneServesThePageAndItsScript() async throws {
        try await Fixture.with { fixture in
            guard let built = ServerProcess.binary("juice-server") else { throw ClientError("no juice-server binary") }
            let alone = fixture.folder.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: false)
            let copy = alone.appendingPathComponent("juice-server")
            try FileManager.default.copyItem(at: built, to: copy)
            #expect(try FileManager.default.contentsOfDirectory(atPath: alone.path) == ["juice-server"])
            // As root, the build's folder is hidden too: a binary that
            // looked for its files where it was built finds nothing there.
            let server = try ServerProcess(
                in: fixture.folder, arguments: Self.files, binary: copy,
                hiding: getuid() == 0 ? built.deletingLastPathComponent() : nil)
            let sources = Repository.root.appendingPathComponent("Sources/JuiceServer/Public")

            let page = try LoopbackClient(port: server.port)
            try page.send("GET", "/")
            #expect(try page.status() == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.headers["content-security-policy"] == "default-src 'self'; frame-ancestors 'none'")
            #expect(
                page.rest() == (try String(contentsOf: sources.appendingPathComponent("index.html"), encoding: .utf8)))

            // The script as written, its words put in their place.
            let source = try String(contentsOf: sources.appendingPathComponent("app.js"), encoding: .utf8)
            let parts = source.components(separatedBy: "/* words */ {}")
            #expect(parts.count == 2)
            let script = try LoopbackClient(port: server.port)
            try script.send("GET", "/app.js")
            #expect(try script.status() == 200)
            #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
            let served = script.rest()
            #expect(served.hasPrefix(parts[0] + #"{"en":{"#))
            #expect(served.hasSuffix("}}" + parts[1]))
            #expect(served.contains("나왔습니다! 맛있게 드세요!"))
            #expect(server.stop() == 0)
        }
    }
}
