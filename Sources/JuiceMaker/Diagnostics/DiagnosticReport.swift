/// Diagnostics kept up to ``Schema/maximumDiagnostics``, the rest counted:
/// a journal of a million bad lines holds no million diagnostics.
struct DiagnosticReport {
    private(set) var kept: [Diagnostic] = []
    /// Where the first diagnostic not kept is.
    private var firstHidden: SourceLocation?
    private var hiddenCount = 0
    private var hiddenErrors = 0

    mutating func add(_ diagnostic: Diagnostic) {
        if kept.count < Schema.maximumDiagnostics {
            kept.append(diagnostic)
            return
        }
        hiddenCount += 1
        if diagnostic.severity == .error { hiddenErrors += 1 }
        if firstHidden == nil { firstHidden = diagnostic.location }
    }

    /// The kept diagnostics and, when some were not kept, one that counts
    /// them (an error when any of them is).
    var diagnostics: [Diagnostic] {
        guard let firstHidden else { return kept }
        let summary = Message(
            .moreProblems, "\(hiddenCount)", "\(hiddenErrors)", "\(Schema.maximumDiagnostics)")
        return kept + [Diagnostic(hiddenErrors > 0 ? .error : .warning, .limit, summary, at: firstHidden)]
    }
}
