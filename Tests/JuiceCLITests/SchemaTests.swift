import Foundation
import TestSupport
import Testing

/// `juice schema menu|inventory|stores|sales`: the JSON Schemas, the copies the
/// repository keeps in `schemas/` (`JUICE_UPDATE_GOLDEN=1` rewrites them),
/// and the modelines of the example files that point at them. What the
/// schemas accept is checked against `juice validate` by
/// ``SchemaDifferentialTests``.
@Suite struct SchemaTests {
    static let kinds = ["menu", "inventory", "stores", "sales"]

    @Test(arguments: kinds)
    func theRepositoryKeepsWhatTheCommandPrints(kind: String) async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("schema", kind)
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            let url = Repository.root.appendingPathComponent("schemas/\(kind).schema.json")
            if ExampleChain.updatesGolden {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(result.stdout.utf8).write(to: url)
                return
            }
            let kept = try #require(FileManager.default.contents(atPath: url.path), "missing \(url.path)")
            #expect(
                Array(result.stdout.utf8) == Array(kept),
                "schemas/\(kind).schema.json is not what juice schema \(kind) prints: run JUICE_UPDATE_GOLDEN=1 swift test --filter SchemaTests"
            )
        }
    }

    /// The text is English in every language, two spaces a level, one line
    /// break at the end; every key a mapping knows has a described schema.
    @Test(arguments: kinds)
    func aSchemaIsTheSameInEveryLanguageAndDescribesEveryKey(kind: String) async throws {
        try await Sandbox.with { sandbox in
            let english = try await sandbox.juice("schema", kind)
            let korean = try await sandbox.juice(arguments: ["schema", kind], environment: ["LANG": "ko_KR.UTF-8"])
            #expect(korean.exitCode == 0)
            #expect(korean.stdout == english.stdout)
            #expect(english.stdout.hasPrefix("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n"))
            #expect(english.stdout.hasSuffix("\n}\n"))
            let schema = try english.json()
            #expect(schema["title"]?.string?.hasPrefix("Juice Maker ") == true)
            var described = 0
            Self.visitProperties(schema) { key, property in
                #expect(
                    property["description"]?.string?.isEmpty == false || property["$ref"] != nil,
                    "\(kind): property '\(key)' has no schema")
                described += 1
            }
            #expect(described >= (kind == "menu" ? 15 : kind == "stores" ? 3 : kind == "sales" ? 6 : 0))
        }
    }

    /// Calls `body` with every member of every `properties` object in `value`.
    static func visitProperties(_ value: JSON, _ body: (String, JSON) -> Void) {
        switch value {
        case .object(let members):
            for (key, member) in members {
                if key == "properties", let properties = member.object {
                    for (name, property) in properties { body(name, property) }
                }
                visitProperties(member, body)
            }
        case .array(let items):
            for item in items { visitProperties(item, body) }
        default:
            break
        }
    }

    @Test func anUnknownKindIsAUsageError() async throws {
        try await CommandChecks.usageError(["schema", "recipe"])
        try await CommandChecks.usageError(["schema"])
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("schema", "recipe")
            #expect(
                result.stderrLines.first
                    == "error: The value 'recipe' is invalid for '<kind>'. Please provide one of 'menu', 'inventory', 'stores' or 'sales'."
            )
        }
    }

    /// An inventory's modeline survives `juice` rewriting the file, on its
    /// first line; the other comments a person wrote do not.
    @Test func aRewrittenInventoryKeepsItsModeline() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let made = try await sandbox.juice("make", "banana", "--store", "gangnam")
            #expect(made.exitCode == 0, "\(made.stderr)")
            let text = String(decoding: try #require(sandbox.read("state/gangnam.yaml")), as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == "# yaml-language-server: $schema=../schemas/inventory.schema.json")
            #expect(
                lines.dropFirst().first == "# Stock per fruit, written by juice. Edit by hand or with `juice adjust`.")
            #expect(lines.dropFirst(2).first?.hasPrefix("# journal: entry ") == true)
            // Gangnam had banana 3; one banana juice uses 2.
            #expect(lines.contains("banana: 1"))
            #expect(!text.contains("Example stock of the Gangnam store"))
        }
    }

    /// Every example menu, inventory and manifest carries the modeline of
    /// its schema, by a path that resolves from the file's folder.
    @Test func theExampleFilesNameTheirSchema() throws {
        let files: [(String, String)] = [
            ("recipes/menu.yaml", "menu"), ("recipes/prices.yaml", "menu"), ("recipes/stores/gangnam.yaml", "menu"),
            ("recipes/stores/hongdae.yaml", "menu"), ("recipes/stores/jamsil.yaml", "menu"),
            ("recipes/stores.yaml", "stores"), ("state/gangnam.yaml", "inventory"),
            ("state/hongdae.yaml", "inventory"),
        ]
        for (path, kind) in files {
            let url = Repository.root.appendingPathComponent(path)
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let prefix = "# yaml-language-server: $schema="
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(prefix) }, "\(path): no modeline")
            let target = url.deletingLastPathComponent().appendingPathComponent(String(line.dropFirst(prefix.count)))
                .standardizedFileURL
            #expect(
                target.path == Repository.root.appendingPathComponent("schemas/\(kind).schema.json").path, "\(path)")
        }
    }
}
