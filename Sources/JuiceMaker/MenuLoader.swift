import MarkedYAML

/// Loads and validates menu files.
public struct MenuLoader: Sendable {
    let limits: YAMLLimits

    public init() {
        self.init(limits: .standard)
    }

    init(limits: YAMLLimits) {
        self.limits = limits
    }

    /// Loads the menu file at `path`.
    ///
    /// - Parameter path: the path as the user gave it; diagnostics name it so.
    /// - Throws: ``FileError`` when the file cannot be read. Everything wrong
    ///   inside the file is a diagnostic instead.
    public func load(path: String) throws(FileError) -> Loaded<Menu> {
        let document = try YAMLDocument.load(path: path, allowsEmpty: false, limits: limits)
        return build(document, file: path)
    }

    /// Loads a menu from text, as if it were the file at `path`.
    public func load(text: String, assumingPath path: String) -> Loaded<Menu> {
        build(YAMLDocument.parse(Array(text.utf8), file: path, allowsEmpty: false, limits: limits), file: path)
    }

    private func build(_ document: YAMLDocument.Outcome, file: String) -> Loaded<Menu> {
        guard let root = document.root else { return Loaded(value: nil, diagnostics: document.diagnostics) }
        var parser = MenuParser(file: file)
        let draft = parser.parse(root)
        let resolved = MenuResolver.resolve(draft)
        let diagnostics = (document.diagnostics + parser.diagnostics + resolved.diagnostics).sortedByLocation()
        return Loaded(value: diagnostics.containsErrors ? nil : resolved.value, diagnostics: diagnostics)
    }
}

extension [Diagnostic] {
    /// The diagnostics of one file in the order of their places; those at the
    /// same place keep their order.
    func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { lhs, rhs in
            let left = (lhs.element.location.line, lhs.element.location.column, lhs.offset)
            let right = (rhs.element.location.line, rhs.element.location.column, rhs.offset)
            return left < right
        }.map(\.element)
    }
}
