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
        self.init(bytes: bytes, limits: limits, reading: .automatic)
    }

    /// Loads a YAML text, handing the pairs of its large mappings to `read`
    /// as they are composed rather than keeping them all.
    ///
    /// Each pair of a mapping that is the value of one of the first
    /// document's root keys named in `sections` is passed to `read` (with
    /// the key's position in `sections`) as soon as its value is composed;
    /// the document then shows an empty scalar for that value. The pairs
    /// read are a mapping's first ones, in order, duplicate keys left out:
    /// from the first pair that holds an anchor or an alias on, and in a
    /// mapping that has an anchor itself, pairs stay in the document. Its
    /// nodes live only through `read`.
    public init(
        bytes: [UInt8], limits: YAMLLimits = .standard, readingPairsOf sections: [String],
        _ read: (_ section: Int, _ pair: Pair) -> Void
    ) {
        self.init(bytes: bytes, limits: limits, reading: .automatic, readingPairsOf: sections, read)
    }

    /// ``init(bytes:limits:readingPairsOf:_:)``, getting libyaml's events as
    /// `reading` says.
    init(
        bytes: [UInt8], limits: YAMLLimits, reading: EventReading, readingPairsOf sections: [String],
        _ read: (_ section: Int, _ pair: Pair) -> Void
    ) {
        self = withoutActuallyEscaping(read) { read in
            YAMLStream(
                bytes: bytes, limits: limits, reading: reading,
                sections: SectionReader(
                    sections: sections.map { Array($0.utf8) },
                    read: {
                        read($0, $1)
                        return nil
                    }, keyEquals: { _, _, _ in false }, keyMark: { _, _ in .start }))
        }
    }

    /// Loads a YAML text, handing the pairs of its large mappings to
    /// `reader` as they are composed, as ``init(bytes:limits:readingPairsOf:_:)``
    /// does; a pair whose key `reader` keeps is then left out of the
    /// document altogether, and its key found again through `reader` when a
    /// later key repeats it.
    public init(
        bytes: [UInt8], limits: YAMLLimits = .standard, readingPairsOf sections: [String],
        into reader: inout some PairReader
    ) {
        self.init(bytes: bytes, limits: limits, reading: .automatic, readingPairsOf: sections, into: &reader)
    }

    /// ``init(bytes:limits:readingPairsOf:into:)``, getting libyaml's events
    /// as `reading` says.
    init(
        bytes: [UInt8], limits: YAMLLimits, reading: EventReading, readingPairsOf sections: [String],
        into reader: inout some PairReader
    ) {
        // Three views of one reader, none kept past the load.
        self = withoutActuallyEscaping(
            { reader.read($1, section: $0) },
            do: { read in
                withoutActuallyEscaping(
                    { section, key, bytes in
                        reader.withKey(key, section: section) { kept, _ in Bytes.equal(kept, bytes) }
                    },
                    do: { keyEquals in
                        withoutActuallyEscaping(
                            { section, key in reader.withKey(key, section: section) { $1 } },
                            do: { keyMark in
                                YAMLStream(
                                    bytes: bytes, limits: limits, reading: reading,
                                    sections: SectionReader(
                                        sections: sections.map { Array($0.utf8) }, read: read,
                                        keyEquals: keyEquals, keyMark: keyMark))
                            })
                    })
            })
    }

    /// Loads a YAML text, getting libyaml's events as `reading` says, and
    /// reading the sections `sections` names as they are composed.
    init(bytes: [UInt8], limits: YAMLLimits, reading: EventReading, sections: SectionReader? = nil) {
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
        bytes.withUnsafeBytes { composer.compose($0, reading: reading, sections: sections) }
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
