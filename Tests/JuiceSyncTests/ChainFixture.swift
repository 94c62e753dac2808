import Foundation
import JuiceMaker
import SeededRandom
import TestSupport
import Testing

/// A chain of two stores, `north` and `south`, on one menu in a temporary
/// folder: `juice` changes them, `juice-sync` ships them, and the test reads
/// their journals itself to know what the database must hold.
struct ChainFixture: Sendable {
    /// The stores.
    static let stores = ["north", "south"]
    /// The menu's initial stock: enough for thousands of changes.
    static let initialStock = ["banana": 1_000_000, "kiwi": 1_000_000]
    static let menu = """
        fruits:
          banana: { name: Banana, stock: 1000000 }
          kiwi: { name: Kiwi, stock: 1000000 }
        recipes:
          banana:
            name: Banana Juice
            uses: { banana: 2 }
          kiwiBanana:
            name: Kiwi Banana Juice
            uses: { kiwi: 1, banana: 1 }

        """

    /// The chain's folder.
    let folder: URL

    /// The manifest, relative to ``folder``.
    static let manifest = "recipes/stores.yaml"

    /// Runs `body` with a new chain in a temporary folder, in one of
    /// ``TestSlots``.
    static func with<T>(_ body: (ChainFixture) async throws -> T) async throws -> T {
        try await TestSlots.shared.run { try await inFolder(body) }
    }

    private static func inFolder<T>(_ body: (ChainFixture) async throws -> T) async throws -> T {
        try await TemporaryFolder.with(prefix: "juice-sync-tests") { folder in
            let recipes = folder.appendingPathComponent("recipes")
            try FileManager.default.createDirectory(at: recipes, withIntermediateDirectories: true)
            try menu.write(to: recipes.appendingPathComponent("menu.yaml"), atomically: true, encoding: .utf8)
            let manifest =
                "stores:\n"
                + stores.map { "  \($0): { menu: menu.yaml, inventory: ../\($0).yaml }\n" }
                .joined()
            try manifest.write(to: recipes.appendingPathComponent("stores.yaml"), atomically: true, encoding: .utf8)
            return try await body(ChainFixture(folder: folder))
        }
    }

    /// The journal of `store`.
    func journal(_ store: String) -> URL { folder.appendingPathComponent("\(store).yaml.journal") }

    /// A database of its own and a chain whose store north made one banana
    /// juice, pushed to it; `body` gets the chain, the database and the
    /// arguments of a pull of it into `copy`.
    static func withNorthPushed(_ body: (ChainFixture, TestDatabase, [String]) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                try await chain.juice(["make", "banana=1", "--store", "north"])
                #expect(
                    try await chain.sync(["push", "--to", database.text, "--stores", ChainFixture.manifest]).exitCode
                        == 0)
                try await body(
                    chain, database, ["pull", "copy", "--from", database.text, "--stores", ChainFixture.manifest])
            }
        }
    }

    /// Each fruit's stock of `store` as `juice report --format json` says it.
    func reportedStock(_ store: String) async throws -> [String: Int] {
        let result = try await juice([
            "report", "--store", store, "--stores", ChainFixture.manifest, "--format", "json",
        ])
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require(report?["inventory"] as? [String: Int], "\(result.stdout)")
    }

    /// Runs `juice arguments...` in the chain's folder.
    @discardableResult
    func juice(_ arguments: [String]) async throws -> ProcessResult {
        let result = try await run("juice", arguments)
        #expect(result.exitCode == 0, "juice \(arguments): \(result.stderr)")
        return result
    }

    /// Runs `juice-sync arguments...` in the chain's folder and waits for it.
    func sync(
        _ arguments: [String], timeout: Double = 300, environment: [String: String] = [:]
    ) async throws -> ProcessResult {
        try await run("juice-sync", arguments, timeout: timeout, environment: environment)
    }

    /// Runs product `name` with `arguments` in the chain's folder to its
    /// end, in one of ``TestSlots``.
    func run(
        _ name: String, _ arguments: [String], timeout: Double = 300, environment: [String: String] = [:]
    ) async throws -> ProcessResult {
        try await TestSlots.shared.run {
            try await launch(name, arguments, timeout: timeout, environment: environment).result()
        }
    }

    /// Starts product `name` with `arguments` in the chain's folder, with
    /// `environment`'s variables added (`JUICE_SYNC_TIMEOUT`, say).
    func launch(
        _ name: String, _ arguments: [String], timeout: Double = 300, environment: [String: String] = [:]
    ) throws -> RunningProcess {
        let binary = try #require(BuiltProduct.url(named: name), "no '\(name)' executable built")
        return try RunningProcess(
            executable: binary, arguments: arguments, directory: folder,
            environment: BuiltProduct.environment().merging(environment) { $1 }, timeout: timeout)
    }

    /// Makes `times` random changes of the chain's stores with `juice`.
    func change(times: Int, _ random: inout SplitMix64) async throws {
        for _ in 0..<times {
            let store = ChainFixture.stores[Int(random.next() % 2)]
            let command: [String] =
                switch random.next() % 4 {
                case 0: ["make", "banana=2", "kiwiBanana=1"]
                case 1: ["adjust", "kiwi=+5", "--reason", "delivery"]
                case 2: ["count", "banana=900000"]
                default: ["make", "kiwiBanana=3"]
                }
            try await juice(command + ["--store", store])
            if random.next() % 3 == 0 { try await juice(["undo", "--store", store]) }
        }
    }

    /// Makes `count` changes of `store` in this process, through the store
    /// service (quicker than as many `juice` processes): a backlog.
    func makeBacklog(_ store: String, count: Int) throws {
        let service = StoreService(lockTimeout: 10)
        let address = try service.address(
            store: store, manifestPath: folder.appendingPathComponent(Self.manifest).path)
        let opened = try service.open(address, forChange: true)
        for index in 0..<count {
            _ = try opened.make(try opened.orders(parsing: [index % 3 == 0 ? "kiwiBanana=1" : "banana=1"]))
        }
    }

    /// What the database must hold for `store`: its journal's lines read
    /// here, each with its FNV-1a hash and the stock after it (the initial
    /// stock changed by every entry so far), worked out without the program.
    func expected(_ store: String) throws -> [TestDatabase.Entry] {
        let text = (try? String(contentsOf: journal(store), encoding: .utf8)) ?? ""
        var stock = Self.initialStock
        return try text.split(separator: "\n").map { line in
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an entry: \(line)")
            let changes = try #require(object["changes"] as? [String: Int])
            for (fruit, change) in changes { stock[fruit, default: 0] += change }
            return TestDatabase.Entry(
                id: try #require(object["id"] as? Int), hash: Self.fnv(String(line)), line: String(line),
                kind: try #require(object["kind"] as? String), stock: stock)
        }
    }

    /// FNV-1a, 64 bits, of the line's UTF-8, as 16 hex digits.
    static func fnv(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
