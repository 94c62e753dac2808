internal import MarkedYAML

/// Loads and validates menu files, following `extends`.
///
/// One loader reads each file once: a base menu that many store menus extend
/// is parsed and checked once however many stores use it. Not thread-safe;
/// use one loader per task.
public final class MenuLoader {
    let limits: YAMLLimits
    /// What the loader knows of each file, by normalised path.
    private var cache: [String: CachedFile] = [:]

    /// One file's stages, each kept once done.
    private struct CachedFile {
        /// The file as parsed, with its own diagnostics.
        var parsed: Loaded<MenuFile>
        /// The file merged with the menus it extends.
        var merged: Loaded<MenuFile>?
        /// The finished menu.
        var menu: Loaded<Menu>?
    }

    /// How many files this loader has read and parsed.
    private(set) var filesParsed = 0

    /// A loader with the standard safety limits.
    public convenience init() {
        self.init(limits: .standard)
    }

    init(limits: YAMLLimits) {
        self.limits = limits
    }

    /// Loads the menu file at `path` and every menu it extends.
    ///
    /// - Parameter path: the path as the user gave it; diagnostics name it so
    ///   (and a parent by that path joined with the `extends` path).
    /// - Throws: ``FileError`` when this file cannot be read. Everything else,
    ///   a missing parent included, is a diagnostic.
    public func load(path: String) throws(FileError) -> Loaded<Menu> {
        let key = PathName.normalize(path)
        if let menu = cache[key]?.menu { return menu }
        if cache[key] == nil {
            let document = try YAMLDocument.load(path: path, allowsEmpty: false, limits: limits)
            cache[key] = CachedFile(parsed: parse(document, file: path))
        }
        return finish(key)
    }

    /// Loads a menu from a document already parsed from `path`; it replaces
    /// what the loader knew of that file.
    func load(_ document: YAMLDocument.Outcome, path: String) -> Loaded<Menu> {
        let key = PathName.normalize(path)
        cache[key] = CachedFile(parsed: parse(document, file: path))
        return finish(key)
    }

    /// Loads a menu from text, as if it were the file at `path`; the menus it
    /// extends are read from disk, relative to `path`'s folder.
    public func load(text: String, assumingPath path: String) -> Loaded<Menu> {
        load(contents: Array(text.utf8), assumingPath: path)
    }

    /// Loads a menu from a file's bytes (which need not be valid UTF-8), as
    /// if they were the file at `path`.
    public func load(contents: [UInt8], assumingPath path: String) -> Loaded<Menu> {
        load(YAMLDocument.parse(contents, file: path, allowsEmpty: false, limits: limits), path: path)
    }

    private func parse(_ document: YAMLDocument.Outcome, file: String) -> Loaded<MenuFile> {
        filesParsed += 1
        guard let root = document.root else { return Loaded(value: nil, diagnostics: document.diagnostics) }
        var parser = MenuParser(file: file)
        let parsed = parser.parse(root)
        return Loaded(value: parsed, diagnostics: document.diagnostics + parser.diagnostics)
    }

    private func finish(_ key: String) -> Loaded<Menu> {
        var loaded = MenuResolver.resolve(mergedFile(key, chain: []))
        loaded.diagnostics = loaded.diagnostics.uniqued().sortedByLocation()
        cache[key]?.menu = loaded
        return loaded
    }

    /// The file at `key` merged with its parents, read as needed.
    ///
    /// - Parameter chain: the files whose merge is under way, outermost
    ///   first, to find loops.
    private func mergedFile(_ key: String, chain: [String]) -> Loaded<MenuFile> {
        guard let cached = cache[key] else { return Loaded(value: nil, diagnostics: []) }
        if let done = cached.merged { return done }
        guard let own = cached.parsed.value else { return cached.parsed }
        var diagnostics = cached.parsed.diagnostics
        guard !own.parents.isEmpty else {
            // Nothing to merge onto: the file's own entries, removals warned of.
            let (menu, warnings) = own.withoutRemovals()
            let result = Loaded(value: menu, diagnostics: diagnostics + warnings)
            cache[key]?.merged = result
            return result
        }
        var base = MenuFile()
        // Without every parent, a removal that finds nothing proves nothing.
        var hasEveryParent = true
        for parent in own.parents {
            // A parent is named by its path from the current folder, normalised.
            let parentKey = PathName.resolve(parent.path, besides: key)
            if let start = (chain + [key]).firstIndex(of: parentKey) {
                let loop = (chain + [key])[start...] + [parentKey]
                diagnostics.append(
                    .error(
                        .extendsCycle, "menus extend each other in a loop: \(loop.joined(separator: " -> "))",
                        at: parent.location))
                hasEveryParent = false
                continue
            }
            if cache[parentKey] == nil {
                do {
                    let document = try YAMLDocument.load(path: parentKey, allowsEmpty: false, limits: limits)
                    cache[parentKey] = CachedFile(parsed: parse(document, file: parentKey))
                } catch .notFound {
                    diagnostics.append(
                        .error(
                            .missingFile,
                            "the menu '\(parent.path)' that this menu extends does not exist (\(parentKey))",
                            at: parent.location))
                    hasEveryParent = false
                    continue
                } catch {
                    diagnostics.append(
                        .error(
                            .missingFile, "the menu '\(parent.path)' that this menu extends cannot be read: \(error)",
                            at: parent.location))
                    hasEveryParent = false
                    continue
                }
            }
            var parentFile = mergedFile(parentKey, chain: chain + [key])
            diagnostics += parentFile.diagnostics
            if let value = parentFile.value {
                // Index the parent once, for every child that extends it.
                let indexed = value.indexed()
                parentFile.value = indexed
                cache[parentKey]?.merged = parentFile
                base = base.fruits.isEmpty && base.recipes.isEmpty ? indexed : base.merging(indexed).menu
            } else {
                hasEveryParent = false
            }
        }
        let (menu, warnings) = base.merging(own)
        let result = Loaded(value: menu, diagnostics: diagnostics + (hasEveryParent ? warnings : []))
        cache[key]?.merged = result
        return result
    }
}

extension Menu {
    /// Loads the menu file at `path` and every menu it extends, as
    /// ``MenuLoader/load(path:)`` does with a loader of its own. To read
    /// many menus that share parents, use one ``MenuLoader`` for them all.
    ///
    /// - Throws: ``FileError`` when the file cannot be read.
    public static func load(path: String) throws(FileError) -> Loaded<Menu> {
        try MenuLoader().load(path: path)
    }

    /// Loads a menu from text, as if it were the file at `path`.
    public static func load(text: String, assumingPath path: String) -> Loaded<Menu> {
        MenuLoader().load(text: text, assumingPath: path)
    }
}

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

    /// The diagnostics without repeats (a parent's, reached through several
    /// menus), first occurrence kept.
    public func uniqued() -> [Diagnostic] {
        var seen: Set<Diagnostic> = []
        return filter { seen.insert($0).inserted }
    }
}
