import Foundation
import SeededRandom
import TestSupport
import Testing

/// The schemas of `juice schema` against `juice validate`, on generated
/// files (``SchemaSampler``, seeded): valid menus, inventories and
/// manifests, and each of them mutated once. Python's `jsonschema`
/// (`Draft202012Validator`) checks them against the schema, reading the
/// YAML as YAML 1.2 does (`Tests/Scripts/schema_check.py`); the real
/// `juice` binary validates them. Checked:
///
/// - every valid file is accepted by both;
/// - the schema rejects no file that juice accepts (the schema is never
///   stricter than juice);
/// - each mutation the schema can see (a wrong type, a number out of range,
///   an unknown key, a bad id, a broken shorthand, a missing key) is
///   rejected by both, and each one only juice can see (an unknown fruit,
///   `reorder` above `par`, a repeated key, an unknown supplier, `2.0` or
///   `0x10` for a number, a missing file) by juice alone.
///
/// The run with the seeds below (fixed for a given Swift toolchain): menus, 160
/// valid ones accepted by both, 160 mutated ones of which 111 are refused
/// by both and 49 by juice only; inventories, 60 valid, 60 mutated (35 by
/// both, 25 by juice only); manifests, 30 valid, 30 mutated (21 by both, 9
/// by juice only); sales maps, written by hand (``SalesMapSamples``). No
/// file is refused by the schema alone. The test prints these counts.
///
/// Without python3, jsonschema and PyYAML the suite is skipped and says
/// why; with `CI=true` it installs them in `.build/schema-venv` and runs.
@Suite(.enabled(if: SchemaPython.available != nil || SchemaPython.isCI, SchemaPython.skipReason))
struct SchemaDifferentialTests {
    /// One file's verdicts.
    struct Verdict {
        var sample: SchemaSample
        var juiceAccepts: Bool
        var schemaAccepts: Bool
    }

    @Test func menus() async throws {
        let samples = Self.samples(seed: 20_261_127, count: 160, name: "menu") {
            $0.menu()
        } mutate: {
            $0.mutate(menu: $1)
        }
        try await Self.differential(samples, kind: "menu", label: "menus") { sandbox, files in
            [try await Self.juiceErrors(["validate"] + files, in: sandbox)]
        }
    }

    @Test func inventories() async throws {
        let samples = Self.samples(seed: 20_261_128, count: 60, name: "inventory") {
            $0.inventory()
        } mutate: {
            $0.mutate(inventory: $1)
        }
        try await Self.differential(samples, kind: "inventory", label: "inventories") { sandbox, files in
            // One manifest names every inventory, each a store on the base menu.
            let stores = files.enumerated().map {
                "  s\($0.offset): { menu: base.yaml, inventory: \($0.element) }\n"
            }
            try sandbox.write("inventories.yaml", "stores:\n" + stores.joined())
            return [try await Self.juiceErrors(["validate", "inventories.yaml"], in: sandbox)]
        }
    }

    @Test func manifests() async throws {
        let samples = Self.samples(seed: 20_261_129, count: 30, name: "stores") {
            $0.manifest()
        } mutate: {
            $0.mutate(manifest: $1)
        }
        try await Self.differential(samples, kind: "stores", label: "manifests") { sandbox, files in
            // One run each: a manifest's problems may be placed in the
            // files it names (a menu named as an inventory).
            var errors: [Set<String>] = []
            for file in files {
                let found = try await Self.juiceErrors(["validate", file], in: sandbox)
                errors.append(found.isEmpty ? [] : [file])
            }
            return errors
        }
    }

    /// Sales maps: hand-written, each mutation said with who should catch
    /// it, checked against `menu.yaml` (the base menu) beside them.
    @Test func salesMaps() async throws {
        try await Self.differential(SalesMapSamples.all, kind: "sales", label: "sales maps") { sandbox, files in
            try sandbox.write("menu.yaml", SchemaFixtures.baseMenu)
            return [try await Self.juiceErrors(["validate"] + files, in: sandbox)]
        }
    }

    /// `count` files that `draw` makes from the sampler seeded with
    /// `seed`, `NAME-N.yaml`, each followed by one mutation of it,
    /// `mutated-N.yaml` (`mutate` is asked again until it finds one).
    static func samples(
        seed: UInt64, count: Int, name: String, draw: (inout SchemaSampler) -> YAMLTree,
        mutate: (inout SchemaSampler, YAMLTree) -> (YAMLTree, String, SchemaSample.Catcher)?
    ) -> [SchemaSample] {
        var sampler = SchemaSampler(random: SplitMix64(seed: seed))
        var samples: [SchemaSample] = []
        for index in 0..<count {
            let valid = draw(&sampler)
            samples.append(SchemaSample(file: "\(name)-\(index).yaml", tree: valid))
            while true {
                guard let (tree, mutation, catcher) = mutate(&sampler, valid) else { continue }
                samples.append(
                    SchemaSample(file: "mutated-\(index).yaml", tree: tree, mutation: mutation, catcher: catcher))
                break
            }
        }
        return samples
    }

    /// Has both judge `samples` of `kind` in a new sandbox (see
    /// ``judge(_:kind:in:validate:)``) and checks their verdicts, said as
    /// `label`.
    static func differential(
        _ samples: [SchemaSample], kind: String, label: String,
        validate: (Sandbox, [String]) async throws -> [Set<String>]
    ) async throws {
        try await Sandbox.with { sandbox in
            let verdicts = try await judge(samples, kind: kind, in: sandbox) { try await validate(sandbox, $0) }
            check(verdicts, kind: label)
        }
    }

    /// Writes the samples and the fixtures into the sandbox, and has both
    /// judge them: Python with the schema `juice schema KIND` prints, and
    /// `validate`, which gives the files with errors (one set, or one per
    /// file).
    static func judge(
        _ samples: [SchemaSample], kind: String, in sandbox: Sandbox,
        validate: ([String]) async throws -> [Set<String>]
    ) async throws -> [Verdict] {
        try sandbox.write("base.yaml", SchemaFixtures.baseMenu)
        try sandbox.write("inventory-ok.yaml", SchemaFixtures.inventory)
        for sample in samples { try sandbox.write(sample.file, sample.tree.text) }
        let schema = try await sandbox.juice("schema", kind)
        try #require(schema.exitCode == 0, "juice schema \(kind): \(schema.stderr)")
        try sandbox.write("schema.json", schema.stdout)

        let files = samples.map(\.file)
        let command = try #require(
            SchemaPython.command,
            "no python3 with jsonschema and PyYAML, and none could be installed in .build/schema-venv")
        let python = try await RunningProcess.run(
            executable: URL(fileURLWithPath: command[0]),
            arguments: Array(command.dropFirst()) + [SchemaPython.script.path, "schema.json"] + files,
            directory: sandbox.url, environment: ProcessInfo.processInfo.environment, timeout: 300
        )
        try #require(python.exitCode == 0, "schema_check.py: \(python.stderr)")
        var schemaVerdicts: [String: String] = [:]
        for line in python.stdoutLines {
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            schemaVerdicts[fields[0]] = fields.count > 1 ? fields[1] : ""
        }
        let errorSets = try await validate(files)
        let errors = errorSets.count == 1 ? errorSets[0] : Set(errorSets.flatMap { $0 })
        #expect(!errors.contains("base.yaml") || kind == "stores", "the base menu has errors")
        return samples.map { sample in
            let verdict = schemaVerdicts[sample.file] ?? "missing"
            #expect(!verdict.hasPrefix("unreadable") && verdict != "missing", "\(sample.file): \(verdict)")
            return Verdict(
                sample: sample, juiceAccepts: !errors.contains(sample.file), schemaAccepts: verdict == "ok")
        }
    }

    /// The files `juice ARGUMENTS --format json` reports errors in, by name.
    static func juiceErrors(_ arguments: [String], in sandbox: Sandbox) async throws -> Set<String> {
        let result = try await sandbox.juice(arguments: arguments + ["--format", "json"])
        try #require(result.exitCode == 0 || result.exitCode == 65, "juice \(arguments): \(result.stderr)")
        let diagnostics = try #require(try result.json()["diagnostics"]?.array)
        return Set(
            diagnostics.filter { $0["severity"]?.string == "error" }.compactMap {
                $0["file"]?.string.map { URL(fileURLWithPath: $0).lastPathComponent }
            })
    }

    /// Checks the verdicts and says their counts.
    static func check(_ verdicts: [Verdict], kind: String) {
        var counts: [String: Int] = [:]
        for verdict in verdicts {
            let sample = verdict.sample
            let text = "\(sample.file) (\(sample.mutation ?? "valid")):\n\(sample.tree.text)"
            #expect(verdict.schemaAccepts || !verdict.juiceAccepts, "the schema rejects what juice accepts: \(text)")
            switch sample.catcher {
            case nil:
                #expect(verdict.juiceAccepts && verdict.schemaAccepts, "a valid file is refused: \(text)")
                counts["valid, accepted by both", default: 0] += verdict.juiceAccepts && verdict.schemaAccepts ? 1 : 0
            case .both?:
                #expect(!verdict.juiceAccepts && !verdict.schemaAccepts, "both should refuse: \(text)")
                counts["mutated, refused by both", default: 0] += 1
            case .juiceOnly?:
                #expect(!verdict.juiceAccepts && verdict.schemaAccepts, "only juice should refuse: \(text)")
                counts["mutated, refused by juice only", default: 0] += 1
            }
        }
        print("SchemaDifferentialTests \(kind): \(counts.sorted { $0.key < $1.key })")
    }
}
