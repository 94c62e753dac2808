/// Everything loaded from one YAML text: its documents, in order, and the
/// problems found on the way.
public struct YAMLStream: Sendable {
    /// One document of the stream.
    public struct Document: Sendable {
        /// The document's root node.
        public var root: Node
        /// Where the document starts (its `---`, or its first node).
        public var mark: Mark
    }

    /// The documents loaded before any fatal problem.
    public var documents: [Document]
    /// Every problem, in the order found; at most the last one is fatal.
    public var problems: [YAMLProblem]

    /// Loads a YAML text.
    ///
    /// Never traps and never recurses: nesting deeper than
    /// ``YAMLLimits/maxDepth`` stops the load as soon as it is seen, before
    /// libyaml reads the rest of the text.
    ///
    /// - Parameters:
    ///   - bytes: the text, in UTF-8.
    ///   - limits: the bounds to enforce.
    public init(bytes: [UInt8], limits: YAMLLimits = .standard) {
        guard bytes.count <= limits.maxInputBytes else {
            self.init(
                documents: [],
                problems: [
                    YAMLProblem(
                        .limit(.inputSize),
                        "the input is \(bytes.count) bytes, more than the \(YAMLLimit.inputSize.rawValue) limit of \(limits.maxInputBytes) bytes",
                        at: .start)
                ])
            return
        }
        var composer = Composer(limits: limits)
        bytes.withUnsafeBytes { composer.compose($0) }
        self.init(documents: composer.makeDocuments(), problems: composer.problems)
    }

    /// Loads a YAML text given as a string.
    public init(text: String, limits: YAMLLimits = .standard) {
        self.init(bytes: Array(text.utf8), limits: limits)
    }

    init(documents: [Document], problems: [YAMLProblem]) {
        self.documents = documents
        self.problems = problems
    }
}
