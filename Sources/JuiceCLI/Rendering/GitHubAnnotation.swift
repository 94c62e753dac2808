import JuiceMaker

/// GitHub Actions workflow commands, so a chain's CI shows problems on the
/// lines of its menus.
enum GitHubAnnotation {
    /// `::error file=F,line=L,col=C::message [code]`.
    static func line(for diagnostic: Diagnostic) -> String {
        let location = diagnostic.location
        let properties = "file=\(escapedProperty(location.file)),line=\(location.line),col=\(location.column)"
        return
            "::\(diagnostic.severity.rawValue) \(properties)::\(escapedMessage("\(diagnostic.message) [\(diagnostic.code.rawValue)]"))"
    }

    static func escapedMessage(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D")
            .replacing("\n", with: "%0A")
    }

    static func escapedProperty(_ text: String) -> String {
        escapedMessage(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
