/// A place in a source file: the path as the user gave it, a 1-based line and
/// a 1-based column counted in Unicode scalars.
public struct SourceLocation: Sendable, Hashable {
    /// The path as the user gave it, or as `extends` joined it.
    public var file: String
    /// 1-based.
    public var line: Int
    /// 1-based, in Unicode scalars.
    public var column: Int

    /// A place in `file`.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// Line 1, column 1 of `file`: the place of a problem with no better one.
    public static func start(of file: String) -> SourceLocation {
        SourceLocation(file: file, line: 1, column: 1)
    }
}

extension SourceLocation: CustomStringConvertible {
    /// `file:line:column`, as compilers and editors write it.
    public var description: String { "\(file):\(line):\(column)" }
}

/// How bad a diagnostic is. Warnings do not fail validation.
public enum Severity: String, Sendable, Hashable, Codable {
    /// Makes the file invalid.
    case error
    /// Worth a look; the file is still valid.
    case warning
    /// Said for information: nothing is wrong (the format a till's export
    /// was read as, when guessed).
    case note
}

/// One problem found in a menu, an inventory or a manifest.
public struct Diagnostic: Sendable, Hashable {
    /// A remark attached to a diagnostic that points somewhere else, such as
    /// the first occurrence of a duplicate key.
    public struct Note: Sendable, Hashable {
        /// What the note says.
        public var explanation: Message
        /// Where it points.
        public var location: SourceLocation

        /// A note at `location`.
        package init(_ explanation: Message, at location: SourceLocation) {
            self.explanation = explanation
            self.location = location
        }

        /// What the note says, in English.
        public var message: String { explanation.description }
    }

    /// An error or a warning.
    public var severity: Severity
    /// What kind of problem, as the spec names it.
    public var code: DiagnosticCode
    /// What is wrong, in one sentence without a trailing period, to be said
    /// in the user's language.
    public var explanation: Message
    /// Where: the offending node (Documentation/Menus.md gives the rules).
    public var location: SourceLocation
    /// Remarks that point elsewhere, such as the first of a duplicate key.
    public var notes: [Note]

    /// Whether the explanation suggests a name that is close to the one
    /// given (did you mean): the mistake is then likely a typo.
    public var suggestsAName: Bool {
        explanation.arguments.contains { argument in
            if case .message(let part) = argument { return part.key == .didYouMean }
            return false
        }
    }

    /// A diagnostic; see ``error(_:_:at:notes:)`` and ``warning(_:_:at:)``.
    package init(
        _ severity: Severity, _ code: DiagnosticCode, _ explanation: Message, at location: SourceLocation,
        notes: [Note] = []
    ) {
        self.severity = severity
        self.code = code
        self.explanation = explanation
        self.location = location
        self.notes = notes
    }

    /// An error diagnostic.
    package static func error(
        _ code: DiagnosticCode, _ explanation: Message, at location: SourceLocation, notes: [Note] = []
    ) -> Diagnostic {
        Diagnostic(.error, code, explanation, at: location, notes: notes)
    }

    /// A note: nothing is wrong.
    package static func note(_ code: DiagnosticCode, _ explanation: Message, at location: SourceLocation)
        -> Diagnostic
    {
        Diagnostic(.note, code, explanation, at: location)
    }

    /// A warning diagnostic.
    package static func warning(_ code: DiagnosticCode, _ explanation: Message, at location: SourceLocation)
        -> Diagnostic
    {
        Diagnostic(.warning, code, explanation, at: location)
    }

    /// What is wrong, in English.
    public var message: String { explanation.description }
}

extension Diagnostic: CustomStringConvertible {
    /// `file:line:column: severity: message [code]`, followed by a line for
    /// each note.
    public var description: String { lines(in: .english).joined(separator: "\n") }
}

extension CodingUserInfoKey {
    /// The templates in which an encoded ``Diagnostic`` says its message: a
    /// `@Sendable (Message.Key) -> String` in the encoder's `userInfo`;
    /// English without one.
    public static let messageTemplates = CodingUserInfoKey(rawValue: "JuiceMaker.messageTemplates")!
}

extension Diagnostic: Encodable {
    private enum CodingKeys: String, CodingKey {
        case file, line, column, severity, code, message, notes
    }

    private enum NoteKeys: String, CodingKey {
        case file, line, column, message
    }

    /// The flat JSON shape of the spec: `file`, `line`, `column`, `severity`,
    /// `code`, `message`, and `notes` when there are any; the messages in
    /// the ``Swift/CodingUserInfoKey/messageTemplates`` of the encoder.
    public func encode(to encoder: any Encoder) throws {
        let templates = encoder.userInfo[.messageTemplates] as? @Sendable (Message.Key) -> String
        let say = { (message: Message) in templates.map(message.rendered(using:)) ?? message.description }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(location.file, forKey: .file)
        try container.encode(location.line, forKey: .line)
        try container.encode(location.column, forKey: .column)
        try container.encode(severity, forKey: .severity)
        try container.encode(code.rawValue, forKey: .code)
        try container.encode(say(explanation), forKey: .message)
        guard !notes.isEmpty else { return }
        var list = container.nestedUnkeyedContainer(forKey: .notes)
        for note in notes {
            var item = list.nestedContainer(keyedBy: NoteKeys.self)
            try item.encode(note.location.file, forKey: .file)
            try item.encode(note.location.line, forKey: .line)
            try item.encode(note.location.column, forKey: .column)
            try item.encode(say(note.explanation), forKey: .message)
        }
    }
}

extension Sequence<Diagnostic> {
    /// Whether any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }
}
