import Foundation
import TestSupport
import Testing

/// The Python that checks files against a JSON Schema for
/// ``SchemaDifferentialTests``: one that imports `jsonschema` and `yaml`
/// (PyYAML), the machine's `python3` or the pinned virtual environment in
/// `.build/schema-venv`, which is made when neither has them and the tests
/// run in CI (`CI=true`).
enum SchemaPython {
    /// The versions installed in the virtual environment.
    static let requirements = ["jsonschema==4.26.0", "PyYAML==6.0.3"]

    /// `Tests/Scripts/schema_check.py`.
    static let script = Repository.root.appendingPathComponent("Tests/Scripts/schema_check.py")

    static let environmentFolder = Repository.root.appendingPathComponent(".build/schema-venv")

    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// An interpreter with both modules, without installing anything.
    static let available: String? = {
        ["/usr/bin/env", environmentFolder.appendingPathComponent("bin/python3").path].first { candidate in
            let command = candidate == "/usr/bin/env" ? [candidate, "python3"] : [candidate]
            return SystemCommand.status(command + ["-c", "import jsonschema, yaml"]) == 0
        }
    }()

    /// Why the test is skipped, when it is.
    static let skipReason: Comment =
        "python3 with jsonschema and PyYAML is missing (pip install \(requirements.joined(separator: " "))); CI=true installs them"

    /// The command that runs Python: the one found, else in CI a new
    /// virtual environment with ``requirements``; `nil` when neither
    /// works. Made once, for every test that asks at the same time.
    static let command: [String]? = {
        if let found = available { return found == "/usr/bin/env" ? [found, "python3"] : [found] }
        guard isCI else { return nil }
        let made =
            SystemCommand.status(["/usr/bin/env", "python3", "-m", "venv", environmentFolder.path]) == 0
            && SystemCommand.status(
                [environmentFolder.appendingPathComponent("bin/pip").path, "install", "--quiet"] + requirements) == 0
        return made ? [environmentFolder.appendingPathComponent("bin/python3").path] : nil
    }()
}
