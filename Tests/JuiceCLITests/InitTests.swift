import Foundation
import TestSupport
import Testing

/// `juice init`: a shop, or a chain, from nothing, that every command then
/// works in; nothing written over (SPEC 16).
@Suite struct InitTests {
    /// What `juice init` prints in an empty folder.
    static let shopLines = [
        "created recipes/menu.yaml", "created schemas/menu.schema.json", "created schemas/inventory.schema.json",
        "created schemas/stores.schema.json", "created schemas/sales.schema.json", "created state/.gitkeep",
        "created .gitignore",
        "Next: juice report (what can be made now); edit recipes/menu.yaml, then juice validate",
    ]

    @Test func anEmptyFolderBecomesAShopWithTheOriginalMenuAndItsSchemas() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("init")
            #expect(result.exitCode == 0)
            #expect(result.stdoutLines == Self.shopLines)
            #expect(result.stderr == "")
            // The menu and the schemas are the repository's, byte for byte:
            // the modeline names a schema that is there.
            for path in [
                "recipes/menu.yaml", "schemas/menu.schema.json", "schemas/inventory.schema.json",
                "schemas/stores.schema.json", "schemas/sales.schema.json",
            ] {
                #expect(
                    sandbox.read(path) == (try Data(contentsOf: Repository.root.appendingPathComponent(path))),
                    "\(path)")
            }
            #expect(sandbox.read("state/.gitkeep") == Data())
            #expect(sandbox.read(".gitignore") == Data("*.lock\n.j????????.??????\n".utf8))

            // The shop works at once, with its own menu rather than the built-in one.
            let made = try await sandbox.juice("make", "mangoKiwi")
            #expect(made.exitCode == 0)
            #expect(made.stderr == Sandbox.absentNote())
            #expect(try sandbox.stock() == originalStock(["mango": 8, "kiwi": 9]))
            let validate = try await sandbox.juice("validate")
            #expect(validate.exitCode == 0, "\(validate.stderr)")
        }
    }

    @Test func aChainHasTwoStoresWhoseMenusExtendTheShops() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("init", "--chain")
            #expect(result.exitCode == 0)
            #expect(
                result.stdoutLines
                    == Self.shopLines.prefix(6) + [
                        "created recipes/stores.yaml", "created recipes/stores/gangnam.yaml",
                        "created recipes/stores/hongdae.yaml", "created .gitignore",
                        "Next: juice report --stores recipes/stores.yaml (every store); edit recipes/, then juice validate --stores recipes/stores.yaml",
                    ])
            let validate = try await sandbox.juice("validate", "--stores", "recipes/stores.yaml", "--strict")
            #expect(validate.exitCode == 0, "\(validate.stderr)")
            let report = try await sandbox.juice("report", "--stores", "recipes/stores.yaml", "--format", "json")
            #expect(report.exitCode == 0)
            let stores = try report.json()["stores"]?.items ?? []
            #expect(stores.compactMap { $0["store"]?.string } == ["gangnam", "hongdae"])
            // Hongdae's peach juice, which only its menu has, is made in its own inventory.
            let peach = try await sandbox.juice("make", "peach", "--store", "hongdae")
            #expect(peach.exitCode == 0)
            #expect(peach.stdoutLines == ["Peach Juice is ready. Enjoy!", "Stock: Peach 9"])
            #expect(sandbox.exists("state/hongdae.yaml"))
            let mango = try await sandbox.juice("make", "mango", "--store", "gangnam")
            #expect(mango.exitCode == 64)
        }
    }

    @Test func aFileItWouldCreateStopsItBeforeItWritesAnything() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("schemas/stores.schema.json", "{}\n")
            let result = try await sandbox.juice("init")
            #expect(result.exitCode == 73)
            #expect(result.stdout == "")
            #expect(
                result.stderr
                    == "error: schemas/stores.schema.json: a file is there already; juice init writes over none, so nothing was written\n"
            )
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path) == ["schemas"])
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: sandbox.file("schemas").path) == [
                    "stores.schema.json"
                ])
            #expect(sandbox.read("schemas/stores.schema.json") == Data("{}\n".utf8))

            // A link counts as a file, even one that leads nowhere; a shop
            // made already stops a second init, and a chain's too.
            try FileManager.default.removeItem(at: sandbox.file("schemas"))
            try FileManager.default.createSymbolicLink(
                atPath: sandbox.file("state").path, withDestinationPath: "/nonexistent/state")
            let linked = try await sandbox.juice(
                "init", "--chain", environment: ["LANG": "ko_KR.UTF-8"])
            #expect(linked.exitCode == 73)
            #expect(linked.stderr.hasPrefix("오류: state: 이미 파일이 있습니다."), "\(linked.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path) == ["state"])
            try FileManager.default.removeItem(at: sandbox.file("state"))
            #expect(try await sandbox.juice("init").exitCode == 0)
            let again = try await sandbox.juice("init", "--chain")
            #expect(again.exitCode == 73)
            #expect(again.stderr.hasPrefix("error: recipes/menu.yaml: a file is there already"))
            #expect(!sandbox.exists("recipes/stores.yaml"))
        }
    }

    @Test func aGitignoreGetsOnlyTheLinesItLacks() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(".gitignore", "node_modules\n*.lock")
            let result = try await sandbox.juice("init", "--quiet")
            #expect(result.exitCode == 0)
            #expect(result.stdout == "")
            #expect(sandbox.read(".gitignore") == Data("node_modules\n*.lock\n.j????????.??????\n".utf8))
        }
        try await Sandbox.with { sandbox in
            try sandbox.write(".gitignore", ".j????????.??????\n*.lock\n")
            let result = try await sandbox.juice("init")
            #expect(result.exitCode == 0)
            #expect(result.stdoutLines == Self.shopLines.filter { $0 != "created .gitignore" })
            #expect(sandbox.read(".gitignore") == Data(".j????????.??????\n*.lock\n".utf8))
        }
        try await Sandbox.with { sandbox in
            try sandbox.write(".gitignore", "build/\n*.lock\n")
            let result = try await sandbox.juice("init")
            #expect(result.stdoutLines.contains("added to .gitignore: .j????????.??????"), "\(result.stdout)")
        }
        // A link is written through, and kept.
        try await Sandbox.with { sandbox in
            try sandbox.write("mine", "build/\n")
            try FileManager.default.createSymbolicLink(
                atPath: sandbox.file(".gitignore").path, withDestinationPath: "mine")
            #expect(try await sandbox.juice("init").exitCode == 0)
            #expect(
                try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.file(".gitignore").path) == "mine")
            #expect(sandbox.read("mine") == Data("build/\n*.lock\n.j????????.??????\n".utf8))
        }
        // A .gitignore that is no file stops it before anything is written.
        for make in [
            { (sandbox: Sandbox) in
                try FileManager.default.createDirectory(
                    at: sandbox.file(".gitignore"), withIntermediateDirectories: false)
            },
            { (sandbox: Sandbox) in
                try FileManager.default.createSymbolicLink(
                    atPath: sandbox.file(".gitignore").path, withDestinationPath: "/nonexistent/ignore")
            },
        ] {
            try await Sandbox.with { sandbox in
                try make(sandbox)
                let result = try await sandbox.juice("init")
                #expect(result.exitCode == 73)
                #expect(
                    result.stderr
                        == "error: .gitignore: a file is there already; juice init writes over none, so nothing was written\n"
                )
                #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path) == [".gitignore"])
            }
        }
    }
}
