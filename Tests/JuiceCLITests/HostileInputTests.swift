import Foundation
import MixTestSupport
import SeededRandom
import Testing

/// Broken and hostile files get diagnostics and exit 65: never a crash, a
/// signal or a hang.
@Suite struct HostileInputTests {
    /// Seconds after which a run counts as a hang: generous, since each of
    /// these takes a fraction of a second, even in a debug build, but the
    /// whole suite runs beside the counter's busy-day tests on two cores
    /// (a deep-nesting run once took over 30 s there).
    static let hangGuard = 120.0

    /// A hostile file and the diagnostic code it must produce (`nil`: any error).
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var code: String?
        var testDescription: String { name }
    }

    /// `count` bytes from a seeded generator: the same bytes on every run.
    static func randomBytes(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    static let billionLaughs: String = {
        var lines = ["fruits: {}", "recipes: {}", "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        let names = ["b", "c", "d", "e", "f", "g", "h", "i", "j"]
        var previous = "a"
        for name in names {
            lines.append(
                "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]")
            previous = name
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    static let menus: [Case] = [
        Case(name: "64 KiB of random bytes", bytes: randomBytes(count: 65536, seed: 20_240_601), code: nil),
        Case(
            name: "100,000-deep flow nesting", bytes: Array(String(repeating: "[", count: 100_000).utf8), code: "limit"),
        Case(
            name: "100,000-deep flow nesting, closed",
            bytes: Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n").utf8),
            code: "limit"),
        Case(
            name: "100,000-deep block nesting", bytes: Array((String(repeating: "- ", count: 100_000) + "x\n").utf8),
            code: "limit"),
        Case(
            name: "100,000-deep flow mapping nesting",
            bytes: Array(
                (String(repeating: "{a: ", count: 100_000) + "1" + String(repeating: "}", count: 100_000)).utf8),
            code: "limit"),
        Case(name: "billion laughs", bytes: Array(billionLaughs.utf8), code: "limit"),
        Case(
            name: "huge stock",
            bytes: Array(
                "fruits:\n  banana: { stock: 99999999999999999999999999 }\nrecipes:\n  banana: { banana: 2 }\n".utf8),
            code: "invalid-quantity"),
        Case(
            name: "huge quantity",
            bytes: Array("fruits:\n  banana: 10\nrecipes:\n  banana: { banana: 99999999999999999999999999 }\n".utf8),
            code: "invalid-quantity"),
        Case(
            name: "invalid UTF-8",
            bytes: Array("fruits:\n  banana: { name: \"".utf8) + [0xFF, 0xFE, 0xC3]
                + Array("\", stock: 1 }\nrecipes:\n  banana: { banana: 2 }\n".utf8),
            code: "syntax"),
        Case(
            name: "UTF-16 with a byte order mark",
            bytes: [0xFF, 0xFE] + Array("fruits: {}\n".utf8).flatMap { [$0, 0] }, code: "syntax"),
        Case(name: "empty file", bytes: [], code: "syntax"),
        Case(name: "only a comment", bytes: Array("# nothing here\n".utf8), code: "syntax"),
        Case(
            name: "two documents",
            bytes: Array(
                "fruits: { banana: 1 }\nrecipes: { banana: { banana: 1 } }\n---\nfruits: { banana: 1 }\nrecipes: { banana: { banana: 1 } }\n"
                    .utf8),
            code: "syntax"),
        Case(name: "unclosed flow mapping", bytes: Array("fruits: { banana: 1\nrecipes: {}\n".utf8), code: "syntax"),
        Case(
            name: "a NUL byte", bytes: Array("fruits: { banana: 1 }\n".utf8) + [0] + Array("recipes: {}\n".utf8),
            code: "syntax"),
        Case(name: "a root that is a sequence", bytes: Array("- fruits\n- recipes\n".utf8), code: "type-mismatch"),
    ]

    @Test(arguments: menus)
    func aHostileMenuIsRefusedWith65AndADiagnostic(hostile: Case) async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("hostile.yaml", bytes: hostile.bytes)
            let result = try await sandbox.juice(
                arguments: ["report", "--menu", "hostile.yaml", "--format", "json"], timeout: Self.hangGuard)
            #expect(!result.timedOut)
            #expect(result.exitedNormally, "killed by signal \(result.status)")
            #expect(result.exitCode == 65)
            #expect(result.stderr == "")
            let output = try result.json()
            #expect(output["error"] == "invalid-data")
            let diagnostics = output["diagnostics"]?.items ?? []
            #expect(diagnostics.contains { $0["severity"] == "error" && $0["file"] == "hostile.yaml" })
            if let code = hostile.code {
                #expect(diagnostics.contains { $0["code"] == .string(code) }, "diagnostics: \(diagnostics)")
            }
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    @Test(arguments: menus)
    func validatingAHostileMenuPrintsCompilerStyleDiagnostics(hostile: Case) async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("hostile.yaml", bytes: hostile.bytes)
            let result = try await sandbox.juice(arguments: ["validate", "hostile.yaml"], timeout: Self.hangGuard)
            #expect(!result.timedOut)
            #expect(result.exitedNormally, "killed by signal \(result.status)")
            #expect(result.exitCode == 65)
            let errors = result.stderrLines.filter { $0.hasPrefix("hostile.yaml:") && $0.contains(": error: ") }
            #expect(!errors.isEmpty, "stderr: \(result.stderr.prefix(2000))")
            if let code = hostile.code {
                #expect(errors.contains { $0.hasSuffix("[\(code)]") }, "stderr: \(result.stderr.prefix(2000))")
            }
        }
    }

    @Test func aHugeNumberIsReportedAtTheNumber() async throws {
        try await Sandbox.with { sandbox in
            let menu =
                "fruits:\n  banana: { stock: 99999999999999999999999999 }\n  kiwi: 1\nrecipes:\n  kiwi: { kiwi: 1 }\n"
            try sandbox.write("menu.yaml", menu)
            let place = try #require(position(of: "9999", in: menu))
            let result = try await sandbox.juice("validate", "menu.yaml", "--format", "json")
            #expect(result.exitCode == 65)
            let diagnostic = try #require(
                try result.json()["diagnostics"]?.items.first { $0["code"] == "invalid-quantity" })
            #expect(diagnostic["line"] == .number(Double(place.line)))
            #expect(diagnostic["column"] == .number(Double(place.column)))
        }
    }

    @Test func aDeepFlowNestingIsReportedAsALimitOnTheFirstLine() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("deep.yaml", String(repeating: "[", count: 100_000))
            let result = try await sandbox.juice("validate", "deep.yaml", "--format", "json")
            #expect(result.exitCode == 65)
            let diagnostics = try result.json()["diagnostics"]?.items ?? []
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?["code"] == "limit")
            #expect(diagnostics.first?["line"] == 1)
            #expect(diagnostics.first?["message"]?.string?.contains("nesting") == true)
        }
    }

    @Test(arguments: [
        Case(name: "random bytes", bytes: randomBytes(count: 65536, seed: 7), code: nil),
        Case(name: "a negative count", bytes: Array("banana: -3\n".utf8), code: "invalid-quantity"),
        Case(name: "a list", bytes: Array("- banana\n".utf8), code: "type-mismatch"),
        Case(name: "an alias bomb", bytes: Array(billionLaughs.utf8), code: "limit"),
        Case(name: "deep nesting", bytes: Array(String(repeating: "[", count: 100_000).utf8), code: "limit"),
        // Not ignored in an inventory, unlike in a menu.
        Case(name: "an x- key", bytes: Array("x-note: hi\nbanana: 1\n".utf8), code: "unknown-fruit"),
    ])
    func aHostileInventoryIsRefusedWith65AndLeftAsItWas(hostile: Case) async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", bytes: hostile.bytes)
            for command in [["report"], ["make", "banana"], ["adjust", "banana=+1"]] {
                let result = try await sandbox.juice(
                    arguments: command + ["--format", "json"], timeout: Self.hangGuard)
                #expect(!result.timedOut)
                #expect(result.exitedNormally, "killed by signal \(result.status)")
                #expect(result.exitCode == 65, "\(command)")
                #expect(result.stderr == "")
                let diagnostics = try result.json()["diagnostics"]?.items ?? []
                #expect(diagnostics.contains { $0["severity"] == "error" && $0["file"] == "inventory.yaml" })
                if let code = hostile.code {
                    #expect(diagnostics.contains { $0["code"] == .string(code) }, "diagnostics: \(diagnostics)")
                }
            }
            #expect(sandbox.read("inventory.yaml") == Data(hostile.bytes))
        }
    }
}
