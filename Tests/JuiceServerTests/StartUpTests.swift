import Foundation
import JuiceServer
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `juice-server` starting, or saying in one line why it cannot
/// and how to fix it, with a sysexits status; and where it listens:
/// loopback by its address, not its text.
@Suite(.serialized) struct StartUpTests {
    static let files = ["--menu", "menu.yaml", "--inventory", "inventory.yaml"]

    /// `juice-server arguments...` in `folder`, expected not to start: its
    /// exit status and stderr.
    private func refusal(
        _ arguments: [String], in folder: URL, environment: [String: String?] = [:]
    ) async throws -> (status: Int32, stderr: String) {
        guard let binary = ServerProcess.binary("juice-server") else { throw ClientError("no juice-server binary") }
        let result = try RunningProcess(
            executable: binary, arguments: arguments, directory: folder,
            environment: BuiltProduct.environment(environment.merging(["JUICE_TOKEN": nil]) { $1 }), timeout: 600
        )
        let ended = await result.result()
        #expect(ended.stdout.isEmpty, "\(ended.stdout)")
        return (ended.status, ended.stderr)
    }

    /// The usage line is written by hand (past 12 options the parser's own
    /// is `juice-server <options>`): it names every option `--help` lists,
    /// in the same order, and no other.
    @Test func theUsageLineNamesEveryOptionOfTheHelp() async throws {
        guard let binary = ServerProcess.binary("juice-server") else { throw ClientError("no juice-server binary") }
        let help = await
            (try RunningProcess(
                executable: binary, arguments: ["--help"], directory: FileManager.default.temporaryDirectory,
                environment: BuiltProduct.environment(["LC_ALL": "C"]), timeout: 600)).result()
        #expect(help.status == 0)
        let lines = help.stdout.split(separator: "\n").map(String.init)
        let usage = try #require(lines.first { $0.hasPrefix("USAGE: ") })
        let used = usage.split(separator: "[").dropFirst().map { $0.prefix { $0 != " " && $0 != "]" } }
        let listed = lines.drop { $0 != "OPTIONS:" }.filter { $0.hasPrefix("  --") }.map {
            $0.dropFirst(2).prefix { $0 != " " }
        }
        #expect(!listed.isEmpty)
        #expect(used.map(String.init) == listed.map(String.init))
    }

    @Test func anEmptyTokenIsRefusedAtStart() async throws {
        try await Fixture.with { fixture in
            let result = try await refusal(["--port", "0", "--token", ""] + Self.files, in: fixture.folder)
            #expect(result.status == 64)
            #expect(
                result.stderr
                    == "juice-server: the token is empty; give --token (or JUICE_TOKEN) at least one character, "
                    + "or leave it out on loopback\n")
        }
    }

    @Test func aPortInUseIsSaidInOneLineWithTheFix() async throws {
        try await Fixture.with { fixture in
            let first = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let result = try await refusal(["--port", "\(first.port)"] + Self.files, in: fixture.folder)
            #expect(result.status == 69)
            #expect(result.stderr == "juice-server: port \(first.port) is in use; pick another with --port\n")
            #expect(first.stop() == 0)
        }
    }

    @Test(arguments: [
        (["--host", "no-such-host.invalid"], 68, "cannot find the address of 'no-such-host.invalid'; give --host"),
        (["--host", "192.0.2.1", "--token", "t"], 68, "192.0.2.1 is not an address of this machine; give --host"),
        (["--stores", "nowhere.yaml"], 66, "; give the chain's manifest with --stores FILE"),
        (["--stores", "bad.yaml"], 65, "the manifest bad.yaml names no store; fix it (juice validate --stores"),
        (["--host", "0.0.0.0"], 78, "listening on 0.0.0.0 needs a token, or anyone who can reach it could change"),
    ])
    func eachStartUpFailureIsOneLineWithTheFix(arguments: [String], status: Int32, text: String) async throws {
        try await Fixture.with { fixture in
            try Data("stores: 3\n".utf8).write(to: fixture.folder.appendingPathComponent("bad.yaml"))
            let result = try await refusal(["--port", "0"] + arguments, in: fixture.folder)
            #expect(result.status == status)
            #expect(result.stderr.hasPrefix("juice-server: ") && result.stderr.contains(text), "\(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
            #expect(!result.stderr.contains(fixture.folder.path))
        }
    }

    @Test func startUpLinesAndRefusalsAreInKoreanByLocaleOrLang() async throws {
        try await Fixture.with { fixture in
            let korean: [String: String?] = ["LANG": "ko_KR.UTF-8"]
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files, environment: korean)
            #expect(server.firstLine == "juice-server: 요청을 받는 주소: http://127.0.0.1:\(server.port)\n")
            let inUse = try await refusal(
                ["--port", "\(server.port)", "--locale", "ko"] + Self.files, in: fixture.folder)
            #expect(inUse.status == 69)
            #expect(inUse.stderr == "juice-server: 이미 쓰이고 있는 포트입니다: \(server.port). --port로 다른 포트를 고르세요\n")
            #expect(server.stop() == 0)
            let emptyToken = try await refusal(["--port", "0", "--token", ""], in: fixture.folder, environment: korean)
            #expect(emptyToken.status == 64)
            #expect(
                emptyToken.stderr
                    == "juice-server: 토큰이 비어 있습니다. --token(또는 JUICE_TOKEN)에 한 글자 이상을 주거나, 루프백에서는 빼세요\n")
            let noManifest = try await refusal(
                ["--port", "0", "--stores", "nowhere.yaml", "--locale", "ko"], in: fixture.folder)
            #expect(noManifest.status == 66)
            #expect(noManifest.stderr == "juice-server: nowhere.yaml: 파일이 없습니다. 매장 목록을 --stores 파일로 주세요\n")
            // --locale wins over the environment, as juice's does.
            let english = try await refusal(
                ["--port", "0", "--token", "", "--locale", "en"], in: fixture.folder, environment: korean)
            #expect(english.status == 64)
            #expect(english.stderr.hasPrefix("juice-server: the token is empty; "))
            let badPort = try await refusal(["--port", "70000"], in: fixture.folder, environment: korean)
            #expect(badPort.status == 64)
            let usageLines = badPort.stderr.split(separator: "\n").map(String.init)
            #expect(usageLines.first == "오류: --port는 0부터 65535까지여야 합니다")
            #expect(usageLines.dropFirst().first?.hasPrefix("사용법: juice-server [--host <host>]") == true)
            #expect(usageLines.last == "  자세한 것은 'juice-server --help'를 보세요.")
            let unknown = try await refusal(["--prot", "1"], in: fixture.folder, environment: korean)
            #expect(unknown.status == 64)
            #expect(unknown.stderr.hasPrefix("오류: 모르는 옵션 '--prot'입니다 ('--port'를 찾으셨나요?)\n"))
        }
    }

    /// Whether this machine has IPv6's loopback (a container may not).
    static let hasIPv6Loopback: Bool = {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }()

    @Test(.enabled(if: hasIPv6Loopback, "this machine has no IPv6 loopback (::1)"))
    func ipv6LoopbackListensAndSaysItsAddressInBrackets() async throws {
        try await Fixture.with { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: ["--host", "::1"] + Self.files)
            #expect(server.firstLine == "juice-server: listening on http://[::1]:\(server.port)\n")
            let client = try LoopbackClient(port: server.port, ipv6: true)
            try client.send(
                "POST", "/api/stores/main/make", body: #"{"orders": ["banana"]}"#,
                headers: ["Host": "[::1]:\(server.port)"])
            #expect(try client.status() == 200)
            #expect(fixture.stock() == "banana: 8\nkiwi: 3\n")
            #expect(server.stop() == 0)
        }
    }

    /// This machine's own name, when it resolves to an address other than
    /// loopback (as a container's does): a name whose text says nothing.
    static let nonLoopbackName: String? = {
        let name = ProcessInfo.processInfo.hostName
        guard let address = try? ListeningAddress(host: name), !address.isLoopback else { return nil }
        return name
    }()

    /// The old rule looked at the text (`127.` or `localhost`): a name is
    /// loopback only when the address it resolves to is.
    @Test func loopbackIsTheAddressNotTheText() throws {
        #expect(!ListeningAddress(host: "127.lan.example", address: "192.168.1.20").isLoopback)
        #expect(!ListeningAddress(host: "localhost.lan.example", address: "10.0.0.5").isLoopback)
        #expect(ListeningAddress(host: "counter", address: "127.0.1.1").isLoopback)
        for host in ["127.0.0.1", "127.0.0.2", "127.1", "::1", "[::1]", "localhost"] {
            #expect(try ListeningAddress(host: host).isLoopback, "\(host)")
        }
        for host in ["0.0.0.0", "::", "192.168.1.2", "::ffff:192.168.1.2", "128.0.0.1"] {
            #expect(try !ListeningAddress(host: host).isLoopback, "\(host)")
        }
        #expect(throws: ServerStartError.self) { try ListeningAddress(host: "") }
    }

    /// On every address, the line says the machine's LAN address for a
    /// tablet, and that address is a name the server answers to (no 421);
    /// a change still needs the token.
    @Test(.enabled(if: OffLoopback.address != nil, OffLoopback.skipped))
    func everyAddressSaysWhereATabletOpensAndAnswersToIt() async throws {
        try await Fixture.with { fixture in
            let server = try ServerProcess(
                in: fixture.folder, arguments: ["--host", "0.0.0.0", "--token", "s3cret"] + Self.files)
            let prefix = "juice-server: listening on 0.0.0.0; on a tablet, open http://"
            #expect(server.firstLine.hasPrefix(prefix) && server.firstLine.hasSuffix(":\(server.port)\n"))
            let tablet = String(server.firstLine.dropFirst(prefix.count).dropLast("\(server.port)\n".count + 1))
            #expect(tablet != "0.0.0.0" && !tablet.isEmpty, "\(server.firstLine)")
            let page = try LoopbackClient(port: server.port)
            try page.send("GET", "/", headers: ["Host": "\(tablet):\(server.port)"])
            #expect(try page.status() == 200)
            let make = try LoopbackClient(port: server.port)
            try make.send(
                "POST", "/api/stores/main/make", body: #"{"orders": ["banana"]}"#,
                headers: ["Host": "\(tablet):\(server.port)"])
            #expect(try make.status() == 401)
            #expect(server.stop() == 0)
        }
    }

    @Test(.enabled(if: nonLoopbackName != nil, "this machine's name resolves to loopback only"))
    func aNameThatResolvesElsewhereNeedsATokenAndSaysWhereToOpen() async throws {
        let name = try #require(Self.nonLoopbackName)
        try await Fixture.with { fixture in
            let refused = try await refusal(["--port", "0", "--host", name] + Self.files, in: fixture.folder)
            #expect(refused.status == 78)
            #expect(refused.stderr.contains("juice-server: listening on \(name) needs a token"), "\(refused.stderr)")
            let server = try ServerProcess(
                in: fixture.folder, arguments: ["--host", name, "--token", "t"] + Self.files)
            #expect(
                server.firstLine
                    == "juice-server: listening on \(name); on a tablet, open http://\(name):\(server.port)\n")
            #expect(server.stop() == 0)
        }
    }
}
