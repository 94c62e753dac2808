import JuiceMaker

/// GitHub Actions workflow commands, so a chain's CI shows problems on the
/// lines of its menus.
package enum GitHubAnnotation {
    /// `::error file=F,line=L,col=C::message [code]`, then a `::notice` at
    /// each of the diagnostic's notes, so that they reach the file too; the
    /// messages in the user's language.
    package static func lines(for diagnostic: Diagnostic, _ text: Catalogue) -> [String] {
        let message = "\(text(diagnostic.explanation)) [\(diagnostic.code.rawValue)]"
        // GitHub's word for a note is `notice`.
        let name = diagnostic.severity == .note ? "notice" : diagnostic.severity.rawValue
        return [command(name, at: diagnostic.location, message)]
            + diagnostic.notes.map { command("notice", at: $0.location, text($0.explanation)) }
    }

    /// `::NAME file=F,line=L,col=C::message`, escaped.
    private static func command(_ name: String, at location: SourceLocation, _ message: String) -> String {
        let properties = "file=\(escapedProperty(location.file)),line=\(location.line),col=\(location.column)"
        return "::\(name) \(properties)::\(escapedMessage(message))"
    }

    /// A message with `%`, carriage returns and line feeds escaped.
    package static func escapedMessage(_ text: String) -> String {
        escaped(text, ["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    /// A property value: escaped as a message, and `:` and `,` too.
    package static func escapedProperty(_ text: String) -> String {
        escaped(text, ["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }

    /// `text` with each scalar in `escapes` replaced, scalar by scalar: a
    /// `\r\n` is one `Character` in Swift, so replacing characters would
    /// miss both of its halves.
    private static func escaped(_ text: String, _ escapes: [Unicode.Scalar: String]) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if let escape = escapes[scalar] {
                result += escape
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
