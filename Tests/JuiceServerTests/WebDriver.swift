import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A headless Chromium driven over plain WebDriver (HTTP and JSON) through
/// Debian's `chromedriver`, started on a free loopback port and stopped
/// with the session.
final class WebDriver {
    /// `chromedriver` on the `PATH`, if installed.
    static let driverPath = SystemCommand.path(of: "chromedriver")

    /// The key of an element reference in WebDriver's JSON.
    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    private let driver = Process()
    private let port: Int
    private var session = ""

    /// Starts `chromedriver` and a headless browser at a phone's width,
    /// with Chromium's `arguments` besides.
    init(language: String, arguments: [String] = []) async throws {
        guard let path = Self.driverPath else { throw ClientError("chromedriver is not installed") }
        port = try Self.freePort()
        driver.executableURL = URL(fileURLWithPath: path)
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        let options: [String: Any] = [
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=390,844", "--lang=\(language)"]
                + arguments,
            "prefs": ["intl.accept_languages": language],
        ]
        let capabilities = ["capabilities": ["alwaysMatch": ["goog:chromeOptions": options]]]
        // Wait for the driver to listen, then ask for one browser: a session
        // request is never repeated, so a slow start never makes two. The
        // bounds are generous: the whole test run shares two cores.
        // Only an attempt begun after the deadline may end the wait: a test
        // resumed late must look again before it gives up.
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let attempt = ContinuousClock.now
            if (try? await call("GET", "/status", nil)) != nil { break }
            guard attempt < deadline else { throw ClientError("chromedriver did not start") }
            try await Task.sleep(for: .milliseconds(100))
        }
        let answer = try await call("POST", "/session", capabilities)
        guard let value = answer as? [String: Any], let id = value["sessionId"] as? String else {
            throw ClientError("no WebDriver session: \(String(describing: answer))")
        }
        session = id
    }

    deinit {
        // A test that failed before ``quit()`` leaves its browser open: end
        // it (a no-op after quit), then the driver, which may ignore SIGTERM.
        if let client = try? LoopbackClient(port: port, timeout: 10) {
            try? client.send("DELETE", "/session/\(session)", version: "1.1")
            _ = try? client.status()
        }
        kill(driver.processIdentifier, SIGKILL)
        driver.waitUntilExit()
    }

    /// Ends the session (the browser quits).
    func quit() async {
        _ = try? await call("DELETE", "/session/\(session)", nil)
    }

    /// Opens `url`.
    func open(_ url: String) async throws {
        _ = try await call("POST", "/session/\(session)/url", ["url": url])
    }

    /// Clicks the element `selector` finds, as a person would; found again
    /// when the page has just redrawn it (it redraws on every event).
    func click(_ selector: String) async throws {
        for attempt in 1...5 {
            let found = try await call(
                "POST", "/session/\(session)/element", ["using": "css selector", "value": selector])
            guard let element = (found as? [String: Any])?[Self.elementKey] as? String else {
                throw ClientError("no element \(selector)")
            }
            do {
                _ = try await call("POST", "/session/\(session)/element/\(element)/click", [:] as [String: String])
                return
            } catch let error as ClientError where error.description.contains("stale element") && attempt < 5 {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    /// The value of `script` (a function body that returns something) in the page.
    func run(_ script: String) async throws -> Any? {
        try await call("POST", "/session/\(session)/execute/sync", ["script": script, "args": [] as [String]])
    }

    /// The text of the element `selector` finds; `nil` when there is none.
    func text(_ selector: String) async throws -> String? {
        try await run("const e = document.querySelector(\(Self.quoted(selector))); return e ? e.textContent : null;")
            as? String
    }

    /// Waits up to `seconds` for `selector`'s text to be `expected`; its last
    /// text. Only a reading begun after the deadline ends the wait, so that
    /// a test resumed late (the run's other tests hold both cores) looks again.
    @discardableResult
    func waitForText(_ selector: String, _ expected: String, seconds: Int = 30) async throws -> String? {
        try await wait(seconds: seconds, reading: { try await text(selector) }, until: { $0 == expected })
    }

    /// Waits up to `seconds` for `script` (a function body that returns a
    /// string) to return `expected`; its last value.
    @discardableResult
    func waitForScript(_ script: String, _ expected: String, seconds: Int = 30) async throws -> String? {
        try await wait(seconds: seconds, reading: { try await run(script) as? String }, until: { $0 == expected })
    }

    /// Reads with `read` until `done` says so or `seconds` have passed; the
    /// last reading.
    private func wait(
        seconds: Int, reading read: () async throws -> String?, until done: (String?) -> Bool
    ) async throws -> String? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            let attempt = ContinuousClock.now
            let last = try await read()
            if done(last) || attempt >= deadline { return last }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Sets the size of the page's viewport, in CSS pixels: the window's,
    /// then again with the window's frame added to its height (headless
    /// Chromium keeps some of the window's height for it; the width is the
    /// viewport's already).
    func resize(width: Int, height: Int) async throws {
        _ = try await call("POST", "/session/\(session)/window/rect", ["width": width, "height": height])
        let frame = try await run("return window.outerHeight - window.innerHeight") as? Int ?? 0
        guard frame > 0 else { return }
        _ = try await call("POST", "/session/\(session)/window/rect", ["width": width, "height": height + frame])
    }

    /// A PNG of the window.
    func screenshot() async throws -> Data {
        let value = try await call("GET", "/session/\(session)/screenshot", nil)
        guard let text = value as? String, let data = Data(base64Encoded: text) else {
            throw ClientError("no screenshot")
        }
        return data
    }

    /// One WebDriver command over a fresh connection; its `value`.
    private func call(_ method: String, _ path: String, _ body: Any?) async throws -> Any? {
        let text = try body.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        let (status, answer) = try await Self.exchange(port: port, method, path, body: text)
        let json = try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any]
        guard status == 200 else { throw ClientError("WebDriver \(method) \(path): \(answer)") }
        return json?["value"]
    }

    /// The status and body of one request, sent and read on a thread of its
    /// own: a browser's start blocks for seconds, and the test run's
    /// cooperative threads (two, one per core) must not wait for it.
    private static func exchange(
        port: Int, _ method: String, _ path: String, body: String?
    ) async throws -> (Int, String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        let client = try LoopbackClient(port: port, timeout: 120)
                        try client.send(method, path, body: body, version: "1.1")
                        return (try client.status(), client.rest())
                    })
            }
        }
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    /// A loopback port nothing listens on now.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw ClientError("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
