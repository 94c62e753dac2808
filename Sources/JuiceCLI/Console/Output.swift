import JuiceMaker
import JuicePresentation
import JuiceToolOptions

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes results to stdout and diagnostics to stderr.
package enum Output {
    /// stdout, buffered: every result goes through it, in large writes.
    /// Process-wide, used by the main thread only (a chain's workers render
    /// into writers of their own, which the main thread writes here).
    static let standardOutput = ByteWriter(descriptor: STDOUT_FILENO)

    /// Writes a line to stdout.
    static func line(_ text: String = "") {
        standardOutput.line(text)
    }

    /// Writes a line to stderr, its `error:`, `warning:` or `note:` in
    /// colour when ``usesColour``.
    static func errorLine(_ text: String) {
        let bytes = Array(((usesColour ? Colour.highlight(text, catalogue) : text) + "\n").utf8)
        bytes.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// Writes a question to stderr, without a line feed: the answer is
    /// typed after it.
    static func prompt(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// Whether stderr gets colour: on a terminal (not `TERM=dumb`), unless
    /// `NO_COLOR` is set and not empty; `CLICOLOR_FORCE` (not `0`) forces it.
    static let usesColour: Bool = {
        let variables = Environment.variables
        if let force = variables["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
        if let noColour = variables["NO_COLOR"], !noColour.isEmpty { return false }
        return isatty(STDERR_FILENO) == 1 && variables["TERM"] != "dumb"
    }()

    /// The language of everything this process says: `--locale`, else the
    /// environment's. Read from the arguments before they are parsed, so
    /// that help, usage errors and results all speak it; a constant of the
    /// process, which the presentation types never read (a server passes
    /// each request's language instead).
    static let catalogue = Catalogue(
        DisplayName.preferredLanguage(explicit: locale(in: CommandLine.arguments), environment: Environment.variables))

    /// Writes a `note:` line to stderr, unless `quiet` (`--quiet`).
    static func note(_ text: String, quiet: Bool) {
        if !quiet { errorLine(catalogue(.note) + ": " + text) }
    }

    /// Whether stdout has failed: a command with much to write stops early.
    static var outputFailed: Bool {
        standardOutput.failure != nil
    }

    /// Flushes stdout: output that could not be written (a full disk, a
    /// closed pipe) fails the run with an I/O error, said on stderr, rather
    /// than ending in success with the output lost.
    static func finish() throws(CommandError) {
        standardOutput.flush()
        // fflush(nil) flushes every C stream too (naming `stdout` itself is
        // not concurrency-safe in Swift 6): the argument parser's help.
        let failure = standardOutput.failure ?? (fflush(nil) == 0 ? nil : errno)
        if let failure {
            let reason = String(cString: strerror(failure))
            throw CommandError(
                .io(catalogue(.cannotWriteOutput, reason)),
                context: FailureContext(isJSON: false, catalogue: Output.catalogue))
        }
    }

    /// Writes diagnostics to stderr, compiler style; when `quiet`
    /// (`--quiet`) only the errors.
    static func diagnostics(_ diagnostics: [Diagnostic], quiet: Bool) {
        for diagnostic in diagnostics where !quiet || diagnostic.severity == .error {
            diagnostic.lines(in: catalogue.language).forEach { errorLine($0) }
        }
    }

    /// Writes one JSON object to stdout: keys sorted, pretty-printed.
    static func json(_ value: some Encodable) {
        standardOutput.writeJSON(value, level: 0, catalogue: catalogue)
        standardOutput.newline()
    }

    /// The value of `--locale` in the arguments, read before parsing.
    static func locale(in arguments: [String]) -> String? {
        OptionScan.value(of: "--locale", in: arguments)
    }

    /// Whether the arguments ask for `--format json`, read before parsing so
    /// that even a usage error can be answered in JSON.
    static func requestsJSON(_ arguments: [String]) -> Bool {
        OptionScan.value(of: "--format", in: arguments) == "json"
    }

    /// A word quoted for a POSIX shell when it needs quoting.
    static func shellQuoted(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=+:@".contains($0) }
        return safe && !word.isEmpty ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }
}
