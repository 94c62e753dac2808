import JuiceWords

/// A sentence for a person, kept as the key of its template and its
/// arguments, so that a front end can say it in another language: the
/// library holds each template's English (``Key/english``); a translation
/// gives its own template for every key. Its description is the English.
///
/// ```swift
/// let message = Message(.unusedFruit, "lime")
/// message.description                       // "fruit 'lime' is used by no recipe"
/// message.rendered { korean[$0] ?? $0.english }
/// ```
public struct Message: Sendable, Hashable {
    /// What a template is filled with: words quoted as they are (an id, a
    /// number, a path, the system's or libyaml's own words), or a part of
    /// the sentence that is itself a sentence, said in the same language.
    public enum Argument: Sendable, Hashable, ExpressibleByStringInterpolation {
        /// Quoted as it is, in every language.
        case text(String)
        /// Said in the language of the sentence around it.
        indirect case message(Message)

        /// A text argument.
        public init(stringLiteral value: String) {
            self = .text(value)
        }

        /// A text argument, interpolated: `"\(count)"`.
        public init(stringInterpolation: DefaultStringInterpolation) {
            self = .text(String(stringInterpolation: stringInterpolation))
        }

        /// The message, or nothing at all: an optional clause.
        public static func optional(_ message: Message?) -> Argument {
            message.map(Argument.message) ?? .text("")
        }
    }

    /// Which sentence this is.
    public var key: Key
    /// What fills the template: `{1}` is the first.
    public var arguments: [Argument]

    /// The sentence `key` filled with `arguments`.
    public init(_ key: Key, _ arguments: Argument...) {
        self.key = key
        self.arguments = arguments
    }

    /// The sentence with each template (its own and its parts') taken from
    /// `template`.
    public func rendered(using template: (Key) -> String) -> String {
        rendered(using: template, quoting: { $0 })
    }

    /// The sentence as a line of text output: as ``rendered(using:)``, with
    /// each ``Argument/text(_:)`` (its own and its parts') control
    /// characters escaped (``Swift/String/controlsEscaped``), since what a
    /// sentence quotes may come from a file (a till's field, a menu's key).
    package func renderedAsText(using template: (Key) -> String) -> String {
        rendered(using: template, quoting: \.controlsEscaped)
    }

    private func rendered(using template: (Key) -> String, quoting quote: (String) -> String) -> String {
        Self.fill(
            template(key),
            with: arguments.map { argument in
                switch argument {
                case .text(let text): return quote(text)
                case .message(let part): return part.rendered(using: template, quoting: quote)
                }
            })
    }

    /// `template` with each `{n}` replaced by the n-th of `arguments`; a
    /// brace that is not a placeholder of an argument stays as it is. A
    /// Korean particle written with both its forms (`{1}이(가)`) takes the
    /// one its word needs.
    public static func fill(_ template: String, with arguments: [String]) -> String {
        KoreanParticle.resolve(Template.fill(template, with: arguments))
    }
}

extension Message: CustomStringConvertible {
    /// The sentence in English.
    public var description: String { rendered(using: \.english) }
}
