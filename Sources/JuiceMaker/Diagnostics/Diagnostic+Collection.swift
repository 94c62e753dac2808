extension [Diagnostic] {
    /// The diagnostics grouped by file, in the order the files first appear,
    /// and within a file in the order of their places; those at the same
    /// place keep their order.
    func sortedByLocation() -> [Diagnostic] {
        var fileOrder: [String: Int] = [:]
        for diagnostic in self where fileOrder[diagnostic.location.file] == nil {
            fileOrder[diagnostic.location.file] = fileOrder.count
        }
        return enumerated().sorted { lhs, rhs in
            let left = (
                fileOrder[lhs.element.location.file]!, lhs.element.location.line, lhs.element.location.column,
                lhs.offset
            )
            let right = (
                fileOrder[rhs.element.location.file]!, rhs.element.location.line, rhs.element.location.column,
                rhs.offset
            )
            return left < right
        }.map(\.element)
    }

    /// At most ``Schema/maximumDiagnostics`` diagnostics, errors before
    /// warnings when there are more (each kept in its order), and one
    /// `limit` diagnostic that counts the rest (an error when any of them is).
    func limited() -> [Diagnostic] {
        let limit = Schema.maximumDiagnostics
        guard count > limit else { return self }
        let errorCount = filter { $0.severity == .error }.count
        let warningsShown = Swift.max(0, limit - errorCount)
        var shown: [Diagnostic] = []
        var hidden: [Diagnostic] = []
        var errorsSeen = 0
        var warningsSeen = 0
        for diagnostic in self {
            let isShown: Bool
            if diagnostic.severity == .error {
                errorsSeen += 1
                isShown = errorsSeen <= limit
            } else {
                warningsSeen += 1
                isShown = warningsSeen <= warningsShown
            }
            if isShown { shown.append(diagnostic) } else { hidden.append(diagnostic) }
        }
        let hiddenErrors = hidden.filter { $0.severity == .error }.count
        let summary = Diagnostic(
            hiddenErrors > 0 ? .error : .warning, .limit,
            Message(.moreProblems, "\(hidden.count)", "\(hiddenErrors)", "\(limit)"),
            at: hidden[0].location)
        return shown + [summary]
    }

    /// The diagnostics without repeats (a parent's, reached through several
    /// menus), first occurrence kept.
    public func uniqued() -> [Diagnostic] {
        var seen: Set<Diagnostic> = []
        return filter { seen.insert($0).inserted }
    }
}

extension [Diagnostic] {
    /// Each store's diagnostics, each once, in the order first met; one
    /// that some of the stores have but not all names them, `(for store
    /// gangnam)`, when `namesStores` says it should.
    ///
    /// - Parameter namesStores: given a diagnostic and the indices in
    ///   `perStore` of the stores that have it, whether to name them.
    static func merged(
        perStore: [(name: String, diagnostics: [Diagnostic])], namesStores: (Diagnostic, [Int]) -> Bool
    ) -> [Diagnostic] {
        var order: [Diagnostic] = []
        var storesOf: [Diagnostic: [Int]] = [:]
        for (index, store) in perStore.enumerated() {
            for diagnostic in store.diagnostics.uniqued() {
                if storesOf[diagnostic] == nil { order.append(diagnostic) }
                storesOf[diagnostic, default: []].append(index)
            }
        }
        return order.map { diagnostic in
            let stores = storesOf[diagnostic] ?? []
            guard stores.count < perStore.count, namesStores(diagnostic, stores) else { return diagnostic }
            var copy = diagnostic
            let names = stores.map { perStore[$0].name }.joined(separator: ", ")
            copy.explanation = Message(
                stores.count == 1 ? .forStore : .forStores, .message(copy.explanation), "\(names)")
            return copy
        }
    }
}
