import JuiceMaker
import JuiceWords

extension StoreError {
    /// What went wrong, in `language`: the library's sentence, or, for the
    /// errors said by their parts, its English.
    package func text(_ language: Language) -> String {
        message.map { $0.rendered { $0.template(in: language) } } ?? description
    }
}

extension FileError {
    /// What went wrong, in `language`.
    package func text(_ language: Language) -> String {
        message.rendered { $0.template(in: language) }
    }
}
