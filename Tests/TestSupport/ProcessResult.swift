import Foundation

/// How a finished process ended and what it wrote.
package struct ProcessResult: Sendable {
    /// The exit status, or the signal number when ``exitedNormally`` is false.
    package var status: Int32
    /// Whether the process called `exit` (rather than dying of a signal).
    package var exitedNormally: Bool
    /// Whether the process was still running at its deadline and was killed.
    package var timedOut: Bool
    package var stdout: String
    package var stderr: String

    /// What a process ended with.
    package init(status: Int32, exitedNormally: Bool, timedOut: Bool, stdout: String, stderr: String) {
        self.status = status
        self.exitedNormally = exitedNormally
        self.timedOut = timedOut
        self.stdout = stdout
        self.stderr = stderr
    }

    /// The exit status of a process that ended normally; `nil` for one
    /// killed by a signal or past its deadline.
    package var exitCode: Int32? { exitedNormally && !timedOut ? status : nil }

    /// stdout split into lines, without the final empty line.
    package var stdoutLines: [String] { Self.lines(stdout) }

    /// stderr split into lines, without the final empty line.
    package var stderrLines: [String] { Self.lines(stderr) }

    /// stdout parsed as one JSON value.
    package func json() throws -> JSON {
        try JSON(parsing: stdout)
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
