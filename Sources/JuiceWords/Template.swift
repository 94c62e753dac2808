/// A text with numbered places for its arguments: `{1}` is the first.
package enum Template {
    /// `template` with each `{n}` replaced by the n-th of `arguments`; a
    /// brace that is not a placeholder of an argument stays as it is.
    package static func fill(_ template: String, with arguments: [String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}"),
                let number = Int(rest[rest.index(after: open)..<close]), arguments.indices.contains(number - 1)
            else {
                result += rest[...open]
                rest = rest[rest.index(after: open)...]
                continue
            }
            result += rest[..<open] + arguments[number - 1]
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The placeholders `template` uses (`{1}`, `{2}`; a page's are
    /// named: `{fruit}`), each once.
    package static func placeholders(_ template: String) -> Set<String> {
        Set(template.matches(of: /\{\w+\}/).map { String($0.output) })
    }
}
