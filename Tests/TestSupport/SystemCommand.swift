import Foundation

/// A system command a test needs done (mount, useradd), run to its end.
package enum SystemCommand {
    /// The path of the executable `name` on `PATH`, `nil` when there is none.
    package static func path(of name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `command` (an absolute path, then its arguments) with its
    /// output discarded; its exit status, or -1 when it cannot be started.
    package static func status(_ command: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
