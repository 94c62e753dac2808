import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The attacks of issue 23 in a real browser (headless Chromium over
/// WebDriver) against the real `juice-server` on loopback, without a
/// token: a page of another site (another loopback port) that posts a
/// `text/plain` form and `no-cors` fetches, and a rebound name
/// (`--host-resolver-rules`) that reads and changes as if it were the
/// page. Each must leave the stock and the journal as they were.
@Suite(
    .serialized,
    .enabled(if: WebDriver.driverPath != nil, "chromedriver is missing: apt-get install chromium chromium-driver"))
struct CrossSiteTests {
    static let files = ["--menu", "menu.yaml", "--inventory", "inventory.yaml"]
    /// The stock after the one change made by right (a banana juice).
    static let stock = "banana: 8\nkiwi: 3\n"

    /// The attacker's page, as the issue found it working: a form whose
    /// `text/plain` body is JSON (`{"changes": ...,"x":"="}`), a `no-cors`
    /// make with a `text/plain` body and an empty `no-cors` undo, and a
    /// CORS make with JSON's type (which needs a preflight the server
    /// never grants); it submits the form last and leaves what it saw in
    /// its title.
    static func attackPage(port: Int) -> String {
        """
        <!doctype html>
        <html><head><title>attack</title></head><body>
        <form id="adjust" method="POST" enctype="text/plain" action="http://127.0.0.1:\(port)/api/stores/main/adjust">
        <input name='{"changes":["kiwi=+100"],"reason":"delivery","x":"' value='"}'>
        </form>
        <script>
        const target = "http://127.0.0.1:\(port)/api/stores/main/";
        async function attack() {
          const seen = [];
          const tries = [
            ["make", { method: "POST", mode: "no-cors", headers: { "Content-Type": "text/plain" },
                       body: '{"orders":["kiwiBanana"]}' }],
            ["undo", { method: "POST", mode: "no-cors" }],
            ["make", { method: "POST", headers: { "Content-Type": "application/json" },
                       body: '{"orders":["banana"]}' }],
          ];
          for (const [path, options] of tries) {
            try { seen.push(path + " " + (await fetch(target + path, options)).type); }
            catch (error) { seen.push(path + " refused"); }
          }
          document.title = seen.join(", ");
          document.getElementById("adjust").submit();
        }
        attack();
        </script>
        </body></html>

        """
    }

    @Test func aPageOfAnotherSiteCannotChangeTheStock() async throws {
        try await withServer { fixture, server, journal in
            try await TemporaryFolder.with(prefix: "attacker") { folder in
                try Data(Self.attackPage(port: server.port).utf8).write(
                    to: folder.appendingPathComponent("attack.html"))
                let attacker = try AttackerServer(serving: folder)
                let browser = try await WebDriver(language: "en-US")
                try await browser.open("http://127.0.0.1:\(attacker.port)/attack.html")
                // The form is sent after every fetch has ended; its answer is the page then.
                let target = "http://127.0.0.1:\(server.port)/api/stores/main/adjust"
                #expect(try await waitFor(browser, "return location.href", target) == target)
                let answer = try await browser.run("return document.body.textContent") as? String
                #expect(answer?.contains(#""ok" : false"#) == true, "\(answer ?? "")")
                await browser.quit()
                #expect(fixture.stock() == Self.stock)
                #expect(try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").count == 1)
            }
        }
    }

    @Test func aReboundNameCannotReadTheLogNorMakeAJuice() async throws {
        try await withServer { fixture, server, journal in
            let rules = "--host-resolver-rules=MAP rebind.attacker.example 127.0.0.1"
            let browser = try await WebDriver(language: "en-US", arguments: [rules])
            // After the rebinding, the attacker's script runs in the origin
            // http://rebind.attacker.example:PORT, which now reaches the server.
            try await browser.open("http://rebind.attacker.example:\(server.port)/")
            let page = try await browser.run("return document.body.textContent") as? String
            #expect(page?.contains(#""error" : "misdirected""#) == true, "\(page ?? "")")
            let script = """
                return (async () => {
                  const log = await fetch("/api/stores/main/log");
                  const text = await log.text();
                  const make = await fetch("/api/stores/main/make", {
                    method: "POST", headers: { "Content-Type": "application/json" }, body: '{"orders":["banana"]}' });
                  return [log.status, text.includes("entries"), make.status].join(" ");
                })();
                """
            #expect(try await browser.run(script) as? String == "421 false 421")
            await browser.quit()
            #expect(fixture.stock() == Self.stock)
            #expect(try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").count == 1)
        }
    }

    /// Runs `body` with a `juice-server` on a fresh fixture in which one
    /// banana juice was made by right, and the journal's path.
    private func withServer(_ body: (Fixture, ServerProcess, String) async throws -> Void) async throws {
        try await Fixture.with { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let make = try LoopbackClient(port: server.port)
            try make.send("POST", "/api/stores/main/make", body: #"{"orders": ["banana"]}"#)
            #expect(try make.status() == 200)
            #expect(fixture.stock() == Self.stock)
            try await body(fixture, server, fixture.inventoryPath + ".journal")
            #expect(server.stop() == 0)
        }
    }

    /// The value of `script` once it is `expected`, or the last one after 30 s.
    private func waitFor(_ browser: WebDriver, _ script: String, _ expected: String) async throws -> String? {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            let attempt = ContinuousClock.now
            let value = try await browser.run(script) as? String
            if value == expected || attempt >= deadline { return value }
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}

/// Another site on another loopback port: Python's `http.server` over a
/// folder, stopped when freed.
private final class AttackerServer {
    private let process = Process()
    let port: Int

    init(serving folder: URL) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while text.firstMatch(of: /port (\d+)/) == nil {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { throw ClientError("the attacker's server ended: \(text)") }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let match = text.firstMatch(of: /port (\d+)/), let port = Int(match.output.1) else {
            throw ClientError("no port in \(text)")
        }
        self.port = port
    }

    deinit {
        // SIGKILL: Python inherits the test runner's blocked SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
