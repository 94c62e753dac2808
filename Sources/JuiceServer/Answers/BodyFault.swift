import JuiceWords

/// Why a JSON body is not the value expected, briefly: the member it lacks,
/// the member of the wrong type, or neither.
enum BodyFault: Sendable, Hashable {
    /// The body lacks this member.
    case lacks(String)
    /// The member at this dotted path is of the wrong type.
    case wrongType(String)
    /// Anything else the decoder refused.
    case other

    /// The fault in `language`.
    func text(_ language: Language) -> String {
        switch self {
        case .lacks(let member): ServerWord.bodyLacks.text(language, [member])
        case .wrongType(let path): ServerWord.bodyWrongType.text(language, [path])
        case .other: ServerWord.bodyNotTheJSON.text(language)
        }
    }
}
