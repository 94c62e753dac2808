import Foundation
import Testing

/// Checks that several commands must pass alike, each written once: every
/// command's suite calls them with its own arguments, so that a failure
/// names the command.
enum CommandChecks {
    /// `arguments` is a usage error: exit 64, nothing on stdout, a message on
    /// stderr, and no inventory written.
    static func usageError(_ arguments: [String]) async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice(arguments: arguments)
            #expect(result.exitCode == 64)
            #expect(result.stdout == "")
            #expect(result.stderr != "")
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    /// `arguments` under `--format json` is a usage error said in JSON on
    /// stdout, with an empty stderr.
    static func usageErrorInJSON(_ arguments: [String]) async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice(arguments: arguments + ["--format", "json"])
            #expect(result.exitCode == 64)
            #expect(result.stderr == "")
            let output = try result.json()
            #expect(output["ok"] == false)
            #expect(output["error"] == "usage")
        }
    }

    /// `command --menu bad.yaml`, where bad.yaml has a quantity that is not a
    /// number: exit 65 with the diagnostic at the quantity, in text and JSON,
    /// and no inventory written.
    static func invalidMenuExits65(_ command: [String]) async throws {
        try await Sandbox.with { sandbox in
            let menu = "fruits:\n  banana: 10\nrecipes:\n  banana: { banana: two }\n"
            try sandbox.write("bad.yaml", menu)
            let place = try #require(position(of: "two", in: menu))
            let text = try await sandbox.juice(arguments: command + ["--menu", "bad.yaml"])
            #expect(text.exitCode == 65)
            #expect(text.stdout == "")
            #expect(
                text.stderrLines.contains {
                    $0.hasPrefix("bad.yaml:\(place.line):\(place.column): error: ")
                        && $0.hasSuffix("[invalid-quantity]")
                },
                "stderr: \(text.stderr)")

            let result = try await sandbox.juice(arguments: command + ["--menu", "bad.yaml", "--format", "json"])
            #expect(result.exitCode == 65)
            #expect(result.stderr == "")
            let output = try result.json()
            #expect(output["ok"] == false)
            #expect(output["error"] == "invalid-data")
            let diagnostic = try #require(output["diagnostics"]?[0])
            #expect(diagnostic["file"] == "bad.yaml")
            #expect(diagnostic["line"] == .number(Double(place.line)))
            #expect(diagnostic["column"] == .number(Double(place.column)))
            #expect(diagnostic["severity"] == "error")
            #expect(diagnostic["code"] == "invalid-quantity")
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    /// `command --menu missing.yaml`: exit 66 naming the file in text, and in
    /// JSON with an empty stderr; no inventory written.
    static func missingMenuExits66(_ command: [String]) async throws {
        try await Sandbox.with { sandbox in
            let text = try await sandbox.juice(arguments: command + ["--menu", "missing.yaml"])
            #expect(text.exitCode == 66)
            #expect(text.stderr.contains("missing.yaml"), "stderr: \(text.stderr)")

            let result = try await sandbox.juice(arguments: command + ["--menu", "missing.yaml", "--format", "json"])
            #expect(result.exitCode == 66)
            #expect(result.stderr == "")
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    /// `command --inventory nofolder/inv.yaml`: exit 73 naming the file, in
    /// text and JSON, and the folder is not created.
    ///
    /// The spec lists a missing folder among the reasons for 73 (tests run
    /// as root, which ignores permission bits, so a read-only folder would
    /// not do).
    static func inventoryInAMissingFolderExits73(_ command: [String]) async throws {
        try await Sandbox.with { sandbox in
            let text = try await sandbox.juice(arguments: command + ["--inventory", "nofolder/inv.yaml"])
            #expect(text.exitCode == 73)
            #expect(text.stdout == "")
            #expect(text.stderr.contains("nofolder/inv.yaml"), "stderr: \(text.stderr)")

            let result = try await sandbox.juice(
                arguments: command + ["--inventory", "nofolder/inv.yaml", "--format", "json"])
            #expect(result.exitCode == 73)
            #expect(result.stderr == "")
            #expect(try result.json()["ok"] == false)
            #expect(!sandbox.exists("nofolder"))
        }
    }

    /// `arguments --format json` fails with `code`: one object on stdout with
    /// `ok` false and `error`, and an empty stderr. The sandbox holds
    /// `bad.yaml`, a menu without recipes, and `folder/`, a directory.
    static func failureInJSON(_ arguments: [String], code: Int32, error: String) async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("bad.yaml", "fruits: {}\n")
            try FileManager.default.createDirectory(at: sandbox.file("folder"), withIntermediateDirectories: false)
            let result = try await sandbox.juice(arguments: arguments + ["--format", "json"])
            #expect(result.exitCode == code)
            #expect(result.stderr == "")
            let output = try result.json()
            #expect(output["ok"] == false)
            #expect(output["error"] == .string(error))
        }
    }

    static let storesConflictMessage =
        "--stores names each store's menu and inventory; it cannot be used with --menu or --inventory"

    /// `arguments` (a `--stores` beside `--menu` or `--inventory`) in the
    /// example chain: a usage error, in text or JSON, that changes no inventory.
    static func storesConflict(_ arguments: [String], format: String) async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let before = try sandbox.stock("state/gangnam.yaml")
            if format == "json" {
                let result = try await sandbox.juice(arguments: arguments + ["--format", "json"])
                #expect(result.exitCode == 64)
                #expect(result.stderr == "")
                let json = try result.json()
                #expect(json["ok"] == false)
                #expect(json["error"] == "usage")
                #expect(json["message"]?.string?.hasPrefix(storesConflictMessage) == true)
            } else {
                let result = try await sandbox.juice(arguments: arguments)
                #expect(result.exitCode == 64)
                #expect(result.stdout == "")
                #expect(result.stderrLines.first == "error: " + storesConflictMessage)
            }
            #expect(try sandbox.stock("state/gangnam.yaml") == before)
        }
    }
}
