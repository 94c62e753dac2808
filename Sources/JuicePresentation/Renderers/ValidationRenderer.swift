import JuiceMaker

/// Renders what one `juice validate` run found.
package struct ValidationRenderer {
    /// Every problem found, each once.
    package let diagnostics: [Diagnostic]
    /// A line per file checked: `FILE: ok` or `FILE: 1 error, 2 warnings`.
    package let summaries: [String]
    /// The files that could not be read.
    package let unreadFiles: [Failure]
    /// The language of what is said.
    package let catalogue: Catalogue

    /// A renderer of these values.
    package init(diagnostics: [Diagnostic], summaries: [String], unreadFiles: [Failure], catalogue: Catalogue) {
        self.diagnostics = diagnostics
        self.summaries = summaries
        self.unreadFiles = unreadFiles
        self.catalogue = catalogue
    }

    /// The diagnostics (only the errors when `quiet`), then an `error:`
    /// line per file not read: for stderr.
    package func textErrors(quiet: Bool = false) -> [String] {
        let text = catalogue
        return diagnostics.filter { !quiet || $0.severity == .error }.flatMap { $0.lines(in: text.language) }
            + unreadFiles.map { text(.error) + ": " + ($0.message(catalogue: catalogue) ?? $0.errorName) }
    }

    /// A GitHub Actions annotation per diagnostic and per file not read.
    package func github() -> [String] {
        diagnostics.flatMap { GitHubAnnotation.lines(for: $0, catalogue) }
            + unreadFiles.map {
                "::error::" + GitHubAnnotation.escapedMessage(($0.message(catalogue: catalogue) ?? $0.errorName))
            }
    }

    /// `{"diagnostics": [...]}`, or the failure of the first file not read
    /// with every such file's message.
    package func json() -> ValidationJSON {
        guard let first = unreadFiles.first else { return ValidationJSON(diagnostics: diagnostics) }
        return ValidationJSON(
            diagnostics: diagnostics,
            failure: FailureJSON(
                error: first.errorName,
                message: unreadFiles.map { ($0.message(catalogue: catalogue) ?? $0.errorName) }.joined(separator: "; "),
                diagnostics: diagnostics))
    }
}
