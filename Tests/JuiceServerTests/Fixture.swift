import Foundation
import Hummingbird
import HummingbirdTesting
import JuiceServer
import TestSupport
import Testing

/// A temporary folder with a small menu (two fruits, two juices, English
/// and Korean names) for one test, removed afterwards.
struct Fixture: Sendable {
    let folder: URL

    static let menu = """
        fruits:
          banana: { name: { en: Banana, ko: 바나나 }, stock: 10 }
          kiwi:   { name: { en: Kiwi, ko: 키위 }, stock: 3 }
        recipes:
          banana:
            name: { en: Banana Juice, ko: 바나나쥬스 }
            uses: { banana: 2 }
          kiwiBanana:
            name: { en: Kiwi Banana Juice, ko: 키바쥬스 }
            uses: { kiwi: 2, banana: 1 }

        """

    var menuPath: String { folder.appendingPathComponent("menu.yaml").path }

    /// Copies the package's `folders` (`recipes`, `state`: the example
    /// chain) into this folder.
    func copyFromRepository(_ folders: [String]) throws {
        for name in folders {
            try FileManager.default.copyItem(
                at: Repository.root.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
    }
    var inventoryPath: String { folder.appendingPathComponent("inventory.yaml").path }

    /// The one store `main` over this folder's menu and inventory.
    func configuration(host: String = "127.0.0.1", token: String? = nil, lockTimeout: Double = 10)
        -> ServerConfiguration
    {
        ServerConfiguration(
            host: host, port: 0, stores: .single(menuPath: menuPath, inventoryPath: inventoryPath), token: token,
            lockTimeout: lockTimeout)
    }

    /// Runs `body` with a new folder holding the menu, in one of
    /// ``TestSlots``, then removes it.
    static func with<T>(_ body: (Fixture) async throws -> T) async throws -> T {
        try await TestSlots.shared.run {
            try await TemporaryFolder.with(prefix: "juice-server-tests") { folder in
                let fixture = Fixture(folder: folder)
                try Data(menu.utf8).write(to: URL(fileURLWithPath: fixture.menuPath))
                return try await body(fixture)
            }
        }
    }

    /// Runs `body` against the app in process, on this folder's store; each
    /// answer is checked against `openapi.yaml` (see ``DocumentedClient``).
    func test(
        _ configuration: ServerConfiguration? = nil,
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let app = try JuiceApp(configuration ?? self.configuration())
        try await app.application().test(.router) { client in try await body(DocumentedClient(client: client)) }
    }

    /// The inventory file's text, `nil` when there is none.
    func inventoryText() -> String? {
        try? String(contentsOfFile: inventoryPath, encoding: .utf8)
    }

    /// The inventory file's counts, without its comment lines; `nil` when
    /// there is no file.
    func stock() -> String? {
        inventoryText().map { text in
            text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0 + "\n" }.joined()
        }
    }

    /// The journal's lines, oldest first; none when there is no journal.
    func journalLines() throws -> [String] {
        let path = inventoryPath + ".journal"
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The `kind` of each journal entry, oldest first.
    func journalKinds() throws -> [String] {
        try journalLines().map { line in
            String(line.firstMatch(of: #/"kind":"(\w+)"/#)?.output.1 ?? "?")
        }
    }

    /// Writes the inventory file.
    func writeInventory(_ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: inventoryPath))
    }
}

/// One answer of the app: status and body as text.
struct Answer: Sendable {
    var status: Int
    var body: String
    var contentType: String?
}

extension TestClientProtocol {
    /// `method uri` with `body`, its answer. A `POST` is declared JSON
    /// (`contentType`) unless `headers` say otherwise, as the page sends it.
    func call(
        _ method: HTTPRequest.Method, _ uri: String, body: String? = nil, headers: HTTPFields = [:],
        contentType: String? = "application/json"
    ) async throws -> Answer {
        var headers = headers
        if method == .post, let contentType, headers[.contentType] == nil { headers[.contentType] = contentType }
        return try await execute(
            uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }
        ) {
            Answer(status: $0.status.code, body: String(buffer: $0.body), contentType: $0.headers[.contentType])
        }
    }
}
