extension String {
    /// The text with each control character (C0, DEL and C1) written as a
    /// Swift literal writes it (`\r`, `\t`, `\u{1B}`), for a line of text
    /// output: printed raw, a carriage return or an escape sequence read
    /// from a file (a till's item name) makes a terminal go back over the
    /// line or change it. The rest is left as it is; JSON output escapes
    /// such characters its own way instead.
    package var controlsEscaped: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var shown = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if Self.isControl(scalar) {
                shown.append(contentsOf: scalar.escaped(asASCII: true).unicodeScalars)
            } else {
                shown.append(scalar)
            }
        }
        return String(shown)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }
}
