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
    ///   - onlyRegular: whether anything but a regular file is refused
    ///     (see ``SourceFile/contents(of:shownAs:limit:onlyRegular:)``).
    ///   - overlay: open documents read instead of the disk.
    static func load(
        path: String, allowsEmpty: Bool, limits: YAMLLimits, onlyRegular: Bool = false,
        overlay: FileOverlay = FileOverlay()
    ) throws(FileError) -> Outcome {
        var noSections = NoSections()
        return try load(
            path: path, allowsEmpty: allowsEmpty, limits: limits, onlyRegular: onlyRegular, overlay: overlay,
            readingSectionsInto: &noSections)
    }

    /// Reads and parses the file at `path`, as ``load(path:allowsEmpty:limits:onlyRegular:overlay:)``,
    /// handing the pairs of `reader`'s sections to it as they are composed
    /// (they are not in the document).
    static func load(
        path: String, allowsEmpty: Bool, limits: YAMLLimits, onlyRegular: Bool = false,
        overlay: FileOverlay = FileOverlay(), readingSectionsInto reader: inout some SectionReading
    ) throws(FileError) -> Outcome {
        let contents: SourceFile.Contents
        if let open = overlay.contents(of: path) {
            contents = open.count > limits.maxInputBytes ? .tooLarge(size: open.count) : .bytes(open)
        } else {
            contents = try SourceFile.contents(of: path, limit: limits.maxInputBytes, onlyRegular: onlyRegular)
        }
        return parse(contents, file: path, allowsEmpty: allowsEmpty, limits: limits, readingSectionsInto: &reader)
    }

    /// Parses what reading `file` gave: its bytes, or a `limit` error for
    /// a file larger than `limits` allow.
    static func parse(_ contents: SourceFile.Contents, file: String, allowsEmpty: Bool, limits: YAMLLimits) -> Outcome {
        var noSections = NoSections()
        return parse(contents, file: file, allowsEmpty: allowsEmpty, limits: limits, readingSectionsInto: &noSections)
    }

    private static func parse(
        _ contents: SourceFile.Contents, file: String, allowsEmpty: Bool, limits: YAMLLimits,
        readingSectionsInto reader: inout some SectionReading
    ) -> Outcome {
        switch contents {
        case .bytes(let bytes):
            return parse(bytes, file: file, allowsEmpty: allowsEmpty, limits: limits, readingSectionsInto: &reader)
        case .tooLarge(let size):
            let message = Message(.fileTooLarge, "\(size)", "\(limits.maxInputBytes)")
            return Outcome(root: nil, diagnostics: [.error(.limit, message, at: .start(of: file))])
        }
    }

    /// Parses `bytes` as the contents of `file`.
    ///
    /// - Parameter allowsEmpty: whether a text with no document (empty, or
    ///   only comments) is fine; otherwise it is a `syntax` error.
    static func parse(_ bytes: [UInt8], file: String, allowsEmpty: Bool, limits: YAMLLimits) -> Outcome {
        var noSections = NoSections()
        return parse(bytes, file: file, allowsEmpty: allowsEmpty, limits: limits, readingSectionsInto: &noSections)
    }

    /// Parses `bytes` as the contents of `file`, handing the pairs of
    /// `reader`'s sections to it as they are composed (see
    /// `YAMLStream.init(bytes:limits:readingPairsOf:into:)`).
    static func parse(
        _ bytes: [UInt8], file: String, allowsEmpty: Bool, limits: YAMLLimits,
        readingSectionsInto reader: inout some SectionReading
    ) -> Outcome {
        reader.expect(bytes: bytes.count)
        let sections = type(of: reader).sections
        let stream =
            sections.isEmpty
            ? YAMLStream(bytes: bytes, limits: limits)
            : YAMLStream(bytes: bytes, limits: limits, readingPairsOf: sections, into: &reader)
        var diagnostics = stream.problems.map { diagnostic(for: $0, in: file, bytes: bytes) }
        if stream.problems.contains(where: \.isFatal) {
            return Outcome(root: nil, diagnostics: diagnostics)
        }
        switch stream.documents.count {
        case 0:
            if !allowsEmpty {
                diagnostics.append(.error(.syntax, Message(.noDocument), at: .start(of: file)))
            }
            return Outcome(root: nil, diagnostics: diagnostics)
        case 1:
            return Outcome(root: stream.documents[0].root, diagnostics: diagnostics)
        default:
            let second = stream.documents[1].mark
            diagnostics.append(
                .error(
                    .syntax, Message(.manyDocuments, "\(stream.documents.count)"),
                    at: SourceLocation(file: file, mark: second)))
            return Outcome(root: nil, diagnostics: diagnostics)
        }
    }

    private static func diagnostic(for problem: YAMLProblem, in file: String, bytes: [UInt8]) -> Diagnostic {
        let location = SourceLocation(file: file, mark: problem.mark)
        switch problem.kind {
        case .syntax:
            // libyaml's words for a tab where indentation belongs say
            // nothing of the tab.
            let isTab = isTab(line: problem.mark.line, column: problem.mark.column, in: bytes)
            return .error(.syntax, Message(isTab ? .tabIndent : .syntax, "\(problem.message)"), at: location)
        case .limit:
            return .error(.limit, Message(.yamlLimit, "\(problem.message)"), at: location)
        case .duplicateKey(let first, let key):
            return .error(
                .duplicateKey, Message(.duplicateKey, "\(key)"), at: location,
                notes: [.init(Message(.firstOccurrence), at: SourceLocation(file: file, mark: first))])
        }
    }
}

extension YAMLDocument {
    /// Whether the character at a 1-based line and column (in Unicode
    /// scalars) is a tab. Lines end at `\n`, `\r\n` or `\r`.
    static func isTab(line wanted: Int, column wantedColumn: Int, in bytes: [UInt8]) -> Bool {
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if line == wanted, column == wantedColumn { return byte == UInt8(ascii: "\t") }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if line == wanted { return false }
                if byte == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    index += 1
                }
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
            // Skip the UTF-8 continuation bytes of the scalar just counted.
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        }
        return false
    }
}

extension SourceLocation {
    /// The place of a YAML mark in `file`.
    init(file: String, mark: Mark) {
        self.init(file: file, line: mark.line, column: mark.column)
    }
}
