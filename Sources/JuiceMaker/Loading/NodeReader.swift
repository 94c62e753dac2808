internal import MarkedYAML

/// Reads the nodes of one file against a schema, collecting a diagnostic for
/// everything that does not fit and carrying on, so that one run reports
/// every problem.
struct NodeReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    func location(of node: Node) -> SourceLocation {
        SourceLocation(file: file, mark: node.mark)
    }

    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    mutating func error(_ code: DiagnosticCode, _ message: Message, at node: Node) {
        diagnostics.append(.error(code, message, at: location(of: node)))
    }

    // The `for` messages name the node; they are autoclosures, built only
    // when there is a problem to report.

    /// The pairs of a mapping, or a `type-mismatch` for anything else.
    mutating func mapping(_ node: Node, for what: @autoclosure () -> Message) -> Node.Pairs? {
        if let pairs = node.pairs { return pairs }
        error(.typeMismatch, Message(.mustBeMapping, .message(what()), .message(Message(kindOf: node))), at: node)
        return nil
    }

    /// The text of a key, or a `type-mismatch` for a key that is a collection.
    mutating func key(_ pair: Pair) -> String? {
        if let scalar = pair.key.scalar { return scalar.text }
        error(.typeMismatch, Message(.keyMustBeScalar, .message(Message(kindOf: pair.key))), at: pair.key)
        return nil
    }

    /// A key checked against the id rule; `nil` with a diagnostic when it is
    /// not a scalar, and the text with an `invalid-id` when it breaks the rule
    /// (a caller may still read such an entry, to report all it holds).
    mutating func id(_ pair: Pair, kind: Message) -> (text: String, isValid: Bool)? {
        guard let text = key(pair) else { return nil }
        if let invalid = Schema.idProblem(text, kind: kind, at: location(of: pair.key)) {
            report(invalid)
            return (text, false)
        }
        return (text, true)
    }

    /// A count written as plain decimal digits within `range`, or an
    /// `invalid-quantity` (a `type-mismatch` for a collection).
    mutating func count(_ node: Node, in range: ClosedRange<Int>, for what: @autoclosure () -> Message) -> Int? {
        if node.isPlainUntaggedScalar,
            let value = node.withScalarBytes({ Schema.parseCount(utf8: $0, in: range) }) ?? nil
        {
            return value
        }
        guard let scalar = node.scalar else {
            error(.typeMismatch, Message(.mustBeNumber, .message(what()), .message(Message(kindOf: node))), at: node)
            return nil
        }
        var shown = node.isNull ? Message(.null) : Message(.quoted, "\(Self.abbreviated(scalar.text))")
        if let tag = node.tag {
            let short = tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst(18) : tag
            shown = Message(.withTag, .message(shown), "\(short)")
        } else if !scalar.isPlain {
            shown = Message(.inQuotes, .message(shown))
        }
        report(Schema.invalidCount(what(), shown: .message(shown), in: range, at: location(of: node)))
        return nil
    }

    /// `dayStarts`: a time of day written in quotes, `"HH:MM"`, or an
    /// `invalid-time` (a plain `05:00` too: YAML 1.1 reads it as 300).
    mutating func dayStarts(_ node: Node) -> DayStart? {
        if let scalar = node.scalar, !scalar.isPlain, node.tag == nil, let dayStart = DayStart(parsing: scalar.text) {
            return dayStart
        }
        var shown = Message(kindOf: node)
        if let scalar = node.scalar, !node.isNull {
            shown = Message(.quoted, "\(Self.abbreviated(scalar.text))")
            if !scalar.isPlain { shown = Message(.inQuotes, .message(shown)) }
        }
        error(.invalidTime, Message(.dayStartsMustBeTime, .message(shown)), at: node)
        return nil
    }

    /// A display name: a string, or a mapping from locale to string.
    mutating func displayName(_ node: Node, for owner: @autoclosure () -> Message) -> DisplayName? {
        var translations: [DisplayName.Translation] = []
        let isName = readDisplayName(node, for: owner()) { locale, text in
            translations.append(
                .init(
                    locale: String(decoding: locale, as: UTF8.self), text: String(decoding: text, as: UTF8.self)))
        }
        return isName ? DisplayName(translations) : nil
    }

    /// Reads a display name (a string, or a mapping from locale to string)
    /// without making a string of it: `add` is given each translation's
    /// locale and text, in UTF-8, in order (a plain string's locale is
    /// empty).
    ///
    /// - Returns: whether `node` is a name; if not, it is reported.
    mutating func readDisplayName(
        _ node: Node, for owner: @autoclosure () -> Message,
        _ add: (_ locale: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        if !node.isNull, node.withScalarBytes({ add(UnsafeBufferPointer(start: nil, count: 0), $0) }) != nil {
            return true
        }
        guard let pairs = node.pairs else {
            error(.typeMismatch, Message(.nameMustBeText, .message(owner()), .message(Message(kindOf: node))), at: node)
            return false
        }
        for pair in pairs {
            guard var locale = key(pair) else { continue }
            guard !pair.value.isNull,
                pair.value.withScalarBytes({ text in locale.withUTF8 { add($0, text) } }) != nil
            else {
                error(
                    .typeMismatch,
                    Message(
                        .localizedNameMustBeText, "\(locale)", .message(owner()),
                        .message(Message(kindOf: pair.value))),
                    at: pair.value)
                continue
            }
        }
        return true
    }

    /// A key that is none of `known`: ignored when it is a user's own `x-`
    /// key, else an `unknown-key` at the key, with a did-you-mean among `known`.
    mutating func otherKey(_ key: String, at node: Node, in owner: @autoclosure () -> Message, known: [String]) {
        guard !Schema.isExtensionKey(key) else { return }
        Schema.unknownKey(key, in: owner(), known: known, at: location(of: node)).map { report($0) }
    }

    /// Whether a root mapping's keys say the file is of another kind than
    /// `expected`: then that is reported, once (see ``Schema/wrongKind(keys:expected:isOwnKey:)``).
    mutating func isWrongKind(_ pairs: Node.Pairs, expected: Message, isOwnKey: (String) -> Bool) -> Bool {
        // Only the telling words become strings: an inventory's many keys
        // are compared as bytes and left alone.
        var keys: [(text: String, location: SourceLocation)] = []
        for pair in pairs {
            // One look at each key's bytes; the words are short and few.
            let isTelling =
                pair.key.withScalarBytes { bytes in
                    bytes.count >= 6 && bytes.count <= 7
                        && Schema.tellingKeys.contains { word in
                            word.withUTF8Buffer { bytes.count == $0.count && bytes.elementsEqual($0) }
                        }
                } ?? false
            if isTelling, let scalar = pair.key.scalar { keys.append((scalar.text, location(of: pair.key))) }
        }
        guard let problem = Schema.wrongKind(keys: keys, expected: expected, isOwnKey: isOwnKey) else {
            return false
        }
        report(problem)
        return true
    }

    /// At most 40 characters of a scalar, for a message.
    static func abbreviated(_ text: String) -> String {
        text.count <= 40 ? text : text.prefix(37) + "..."
    }
}

extension Message {
    /// A word for a node's kind: a scalar, a sequence, a mapping, or null.
    init(kindOf node: Node) {
        if node.isNull {
            self.init(.null)
        } else if node.pairs != nil {
            self.init(.aMapping)
        } else if node.items != nil {
            self.init(.aSequence)
        } else {
            self.init(.aScalar)
        }
    }
}
