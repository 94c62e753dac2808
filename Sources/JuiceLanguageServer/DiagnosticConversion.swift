import JuiceMaker
import JuicePresentation
import LanguageServerProtocol

/// A juice diagnostic as LSP publishes it: the range of the token at its
/// place, its code, its severity, its message and notes in the client's
/// language.
struct DiagnosticConversion {
    let catalogue: Catalogue
    /// The lines of each open document, by ``OpenDocument/key(_:)``.
    let lines: [String: LineIndex]
    let encoding: PositionEncoding
    /// The text of a file that is not open (``StoreService/text(of:)``).
    let text: (String) -> String?

    func json(_ diagnostic: Diagnostic) -> JSON {
        var members: [String: JSON] = [
            "range": range(at: diagnostic.location).json,
            // LSP's Error, Warning and Information.
            "severity": .integer(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3),
            "code": .string(diagnostic.code.rawValue),
            "source": "juice",
            "message": .string(catalogue(diagnostic.explanation)),
        ]
        if let data = Self.data(of: diagnostic) { members["data"] = data }
        if !diagnostic.notes.isEmpty {
            members["relatedInformation"] = .array(
                diagnostic.notes.map { note in
                    [
                        "location": [
                            "uri": .string(OpenDocument.uri(ofPath: note.location.file)),
                            "range": range(at: note.location).json,
                        ],
                        "message": .string(catalogue(note.explanation)),
                    ]
                })
        }
        return .object(members)
    }

    /// A diagnostic of a file that is not open, said at `place` of an open
    /// one: its message led by its own `file:line:column`, its place as
    /// related information.
    func json(_ diagnostic: Diagnostic, saidAt place: SourceLocation) -> JSON {
        var moved = diagnostic
        moved.location = place
        var members = json(moved).objectMembers
        members["message"] = .string("\(diagnostic.location): " + catalogue(diagnostic.explanation))
        let related: JSON = [
            "location": [
                "uri": .string(OpenDocument.uri(ofPath: diagnostic.location.file)),
                "range": range(at: diagnostic.location).json,
            ],
            "message": .string(catalogue(diagnostic.explanation)),
        ]
        members["relatedInformation"] = .array([related] + (members["relatedInformation"]?.array ?? []))
        members["data"] = nil
        return .object(members)
    }

    /// What a quick fix needs of a diagnostic, which the client hands back
    /// with it: the id it names, and the id it suggests.
    static func data(of diagnostic: Diagnostic) -> JSON? {
        // A sales map's unknown recipe too: `unknown recipe 'banan'`.
        let isRecipe = diagnostic.code == .unknownRecipe && diagnostic.explanation.key == .unknownRecipe
        guard diagnostic.code == .unknownFruit || diagnostic.code == .unusedFruit || isRecipe,
            case .text(let id)? = diagnostic.explanation.arguments.first
        else { return nil }
        var data: [String: JSON] = ["id": .string(id)]
        for argument in diagnostic.explanation.arguments {
            if case .message(let part) = argument, part.key == .didYouMean, case .text(let name)? = part.arguments.first
            {
                data["suggestion"] = .string(name)
            }
        }
        return .object(data)
    }

    /// The range of the token that starts at `location`: a quoted scalar
    /// to its closing quote, else up to a space or YAML's punctuation;
    /// empty where there is none. A file that is not open is read for it.
    func range(at location: SourceLocation) -> LanguageServerProtocol.Range {
        let key = OpenDocument.key(location.file)
        let index =
            lines[key]
            ?? LineIndex(text(location.file) ?? "", encoding: encoding)
        let line = Array(index.text(ofLine: location.line - 1).unicodeScalars)
        let start = max(0, location.column - 1)
        return index.range(line: location.line, column: location.column, scalars: Self.tokenLength(line, from: start))
    }

    /// How many scalars the token at `start` of `line` has.
    static func tokenLength(_ line: [Unicode.Scalar], from start: Int) -> Int {
        guard start < line.count else { return 0 }
        let first = line[start]
        if first == "\"" || first == "'" {
            var end = start + 1
            while end < line.count, line[end] != first { end += 1 }
            return min(end + 1, line.count) - start
        }
        var end = start
        while end < line.count, !" \t,:]}#".unicodeScalars.contains(line[end]) { end += 1 }
        return end - start
    }
}
