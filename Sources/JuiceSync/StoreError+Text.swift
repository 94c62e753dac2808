import JuiceMaker
import JuiceWords

extension StoreError {
    /// What went wrong, in `language`: the library's sentence, or its
    /// diagnostics as `juice` prints them; a refusal of stock is said in
    /// English.
    package func text(_ language: Language) -> String {
        if case .invalidData(let diagnostics) = self {
            return diagnostics.flatMap { $0.lines(in: language) }.joined(separator: "\n")
        }
        return message.map { $0.rendered { $0.template(in: language) } } ?? description
    }
}

extension FileError {
    /// What went wrong, in `language`.
    package func text(_ language: Language) -> String {
        message.rendered { $0.template(in: language) }
    }
}
