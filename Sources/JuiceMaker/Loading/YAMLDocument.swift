internal import MarkedYAML

/// Loads the one YAML document a juice file holds, turning the YAML layer's
/// problems into diagnostics.
enum YAMLDocument {
    /// What a file gave: its root node (`nil` for an empty file where that is
    /// allowed, or when loading failed) and the diagnostics so far.
    struct Outcome {
        var root: Node?
        var diagnostics: [Diagnostic]
    }

    /// Reads and parses the file at `path`.
    ///
    /// - Parameters:
    ///   - file: the path to open, when it is not `path` (the file as the
    ///     system resolved it, read under its lock); `path` names it in
    ///     diagnostics and errors.
    ///   - onlyRegular: whether anything but a regular file is refused
    ///     (see ``SourceFile/contents(of:shownAs:limit:onlyRegular:)``).
    static func load(
        path: String, opening file: String? = nil, allowsEmpty: Bool, limits: YAMLLimits, onlyRegular: Bool = false
    ) throws(FileError) -> Outcome {
        let contents = try SourceFile.contents(
            of: file ?? path, shownAs: path, limit: limits.maxInputBytes, onlyRegular: onlyRegular)
        switch contents {
        case .bytes(let bytes):
            return parse(bytes, file: path, allowsEmpty: allowsEmpty, limits: limits)
        case .tooLarge(let size):
            let message =
                "the file is \(size) bytes, more than the \(YAMLLimit.inputSize.rawValue) limit of \(limits.maxInputBytes) bytes"
            return Outcome(root: nil, diagnostics: [.error(.limit, message, at: .start(of: path))])
        }
    }

    /// Parses `bytes` as the contents of `file`.
    ///
    /// - Parameter allowsEmpty: whether a text with no document (empty, or
    ///   only comments) is fine; otherwise it is a `syntax` error.
    static func parse(_ bytes: [UInt8], file: String, allowsEmpty: Bool, limits: YAMLLimits) -> Outcome {
        let stream = YAMLStream(bytes: bytes, limits: limits)
        var diagnostics = stream.problems.map { diagnostic(for: $0, in: file) }
        if stream.problems.contains(where: \.isFatal) {
            return Outcome(root: nil, diagnostics: diagnostics)
        }
        switch stream.documents.count {
        case 0:
            if !allowsEmpty {
                diagnostics.append(.error(.syntax, "the file holds no YAML document", at: .start(of: file)))
            }
            return Outcome(root: nil, diagnostics: diagnostics)
        case 1:
            return Outcome(root: stream.documents[0].root, diagnostics: diagnostics)
        default:
            let second = stream.documents[1].mark
            diagnostics.append(
                .error(
                    .syntax, "the file holds \(stream.documents.count) YAML documents; it must hold one",
                    at: SourceLocation(file: file, mark: second)))
            return Outcome(root: nil, diagnostics: diagnostics)
        }
    }

    private static func diagnostic(for problem: YAMLProblem, in file: String) -> Diagnostic {
        let location = SourceLocation(file: file, mark: problem.mark)
        switch problem.kind {
        case .syntax:
            return .error(.syntax, problem.message, at: location)
        case .limit:
            return .error(.limit, problem.message, at: location)
        case .duplicateKey(let first):
            return .error(
                .duplicateKey, problem.message, at: location,
                notes: [.init("the first occurrence is here", at: SourceLocation(file: file, mark: first))])
        }
    }
}

extension SourceLocation {
    /// The place of a YAML mark in `file`.
    init(file: String, mark: Mark) {
        self.init(file: file, line: mark.line, column: mark.column)
    }
}
