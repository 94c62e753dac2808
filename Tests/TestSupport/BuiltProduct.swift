import Foundation

/// The package's executables as the tests run them: found beside the test
/// bundle, and started in an environment that does not depend on the
/// machine's language or lock settings.
package enum BuiltProduct {
    /// The executable `name` built beside this test bundle: the first
    /// folder, walking up from the test executable, that holds an
    /// executable file of that name. Works with any `--scratch-path`.
    package static func url(named name: String) -> URL? {
        let manager = FileManager.default
        let starts = [
            Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        for start in starts {
            var folder = start.standardizedFileURL
            while folder.path != "/" {
                let candidate = folder.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                if manager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                    manager.isExecutableFile(atPath: candidate.path)
                {
                    return candidate
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }

    /// The environment a test starts a product in: the test's own, with
    /// `LANG=C` and no `LC_ALL`, `LC_MESSAGES` or `JUICE_LOCK_TIMEOUT`, the
    /// search for a shop stopped at the temporary folder (so that a stray
    /// `recipes/menu.yaml` above a test's folder is never found), then
    /// `overrides` (a `nil` value removes a variable).
    package static func environment(_ overrides: [String: String?] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C"
        environment["JUICE_CEILING_DIRECTORIES"] = FileManager.default.temporaryDirectory.path
        for name in ["LC_ALL", "LC_MESSAGES", "JUICE_LOCK_TIMEOUT"] { environment[name] = nil }
        for (name, value) in overrides { environment[name] = value }
        return environment
    }
}
