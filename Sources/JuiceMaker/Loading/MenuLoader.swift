internal import MarkedYAML
import Synchronization

/// Loads and validates menu files, following `extends`.
///
/// One loader reads each file once: a base menu that many store menus extend
/// is parsed and checked once however many stores use it. Safe to share
/// between threads: loads of different files run at once, and a thread that
/// wants a file or a menu another thread is making waits for it rather than
/// making it again.
public final class MenuLoader: Sendable {
    let limits: YAMLLimits
    /// What the loader knows, only ever held for a moment: each file's
    /// stages are locked on their own (``MenuFileSlot``).
    private let known = Mutex(Known())
    private let parseCount = Atomic(0)

    private struct Known {
        /// Each file, by the file as the system resolves it
        /// (``SystemPath/resolve(_:)``): two names of one file share a slot.
        var files: [String: MenuFileSlot] = [:]
        /// The files another menu extends, by key: ``forget(path:)`` keeps
        /// them.
        var parents: Set<String> = []
    }

    /// How many files this loader has read and parsed.
    var filesParsed: Int { parseCount.load(ordering: .relaxed) }

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
        let key = SystemPath.resolve(path)
        let slot = slot(key, path: path)
        return try slot.menu.withLock { menu throws(FileError) in
            if let menu { return menu }
            try read(slot)
            let made = finish(key)
            menu = made
            return made
        }
    }

    /// Drops what the loader keeps of the menu file at `path` once nothing
    /// more is loaded from it, so that a run over many store menus holds
    /// only those in use; a file that another menu extends is kept, to be
    /// read once for all. Loading it again reads it again.
    public func forget(path: String) {
        let key = SystemPath.resolve(path)
        known.withLock { known in
            if !known.parents.contains(key) { known.files[key] = nil }
        }
    }

    /// Loads a menu from a document already parsed from `path` by `parser`
    /// (which read the entries it streams, see ``MenuParser/sections``); it
    /// replaces what the loader knew of that file.
    ///
    /// The document is given up as it is read, so that its nodes are freed
    /// before the menu is resolved.
    func load(_ document: consuming YAMLDocument.Outcome, parsedBy parser: MenuParser, path: String) -> Loaded<Menu> {
        let key = SystemPath.resolve(path)
        let parsed = finishParse(consume document, parser)
        let slot = MenuFileSlot(path: path)
        slot.stages.withLock { $0.parsed = parsed }
        known.withLock { $0.files[key] = slot }
        return slot.menu.withLock { menu in
            let made = finish(key)
            menu = made
            return made
        }
    }

    /// Loads a menu from text, as if it were the file at `path`; the menus it
    /// extends are read from disk, relative to `path`'s folder.
    public func load(text: String, assumingPath path: String) -> Loaded<Menu> {
        load(contents: Array(text.utf8), assumingPath: path)
    }

    /// Loads a menu from a file's bytes (which need not be valid UTF-8), as
    /// if they were the file at `path`.
    public func load(contents: [UInt8], assumingPath path: String) -> Loaded<Menu> {
        var parser = MenuParser(file: path)
        let document = YAMLDocument.parse(
            contents, file: path, allowsEmpty: false, limits: limits, readingSectionsInto: &parser)
        return load(document, parsedBy: parser, path: path)
    }

    /// The slot of the file at `key`, made (named by `path`) if the loader
    /// has none.
    ///
    /// - Parameter isParent: whether another menu extends the file, which
    ///   ``forget(path:)`` then keeps.
    private func slot(_ key: String, path: String, isParent: Bool = false) -> MenuFileSlot {
        known.withLock { known in
            if isParent { known.parents.insert(key) }
            if let slot = known.files[key] { return slot }
            let slot = MenuFileSlot(path: path)
            known.files[key] = slot
            return slot
        }
    }

    /// Reads and parses `slot`'s file unless that is done: once, however
    /// many threads ask. A file that could not be read is tried again.
    private func read(_ slot: MenuFileSlot) throws(FileError) {
        try slot.stages.withLock { stages throws(FileError) in
            if stages.parsed == nil { stages.parsed = try parse(path: slot.path) }
        }
    }

    /// Reads and parses the menu file at `path`, its fruits and recipes as
    /// they are composed.
    private func parse(path: String) throws(FileError) -> Loaded<MenuFile> {
        var parser = MenuParser(file: path)
        let document = try YAMLDocument.load(
            path: path, allowsEmpty: false, limits: limits, readingSectionsInto: &parser)
        return finishParse(document, parser)
    }

    /// The menu file `parser` has read part of, from the rest of `document`.
    private func finishParse(_ document: YAMLDocument.Outcome, _ parser: consuming MenuParser) -> Loaded<MenuFile> {
        parseCount.add(1, ordering: .relaxed)
        // Without a document, what the parser read of it does not count.
        guard let root = document.root else { return Loaded(value: nil, diagnostics: document.diagnostics) }
        let parsed = parser.parse(root)
        return Loaded(value: parsed, diagnostics: document.diagnostics + parser.diagnostics)
    }

    private func finish(_ key: String) -> Loaded<Menu> {
        var loaded = MenuResolver.resolve(mergedFile(key))
        loaded.diagnostics = loaded.diagnostics.uniqued().sortedByLocation().limited()
        return loaded
    }

    /// A file whose parents are being merged, one after another.
    private struct MergeFrame {
        let key: String
        /// The path the file is named by.
        let path: String
        let own: MenuFile
        /// The next parent to merge, as an index into `own.parents`.
        var nextParent = 0
        /// The parent whose merge is under way, by key.
        var pendingParent: String?
        /// The parents merged so far.
        var base = MenuFile()
        var diagnostics: [Diagnostic]
        /// Without every parent, a removal that finds nothing proves nothing.
        var hasEveryParent = true
    }

    /// The file at `key` merged with its parents, read as needed.
    ///
    /// The `extends` graph is walked depth first with a stack of its own,
    /// not by recursion, so that a long chain is a ``Schema/maximumExtendsDepth``
    /// diagnostic rather than a stack overflow.
    private func mergedFile(_ key: String) -> Loaded<MenuFile> {
        var stack: [MergeFrame] = []
        var onStack: Set<String> = []
        var finished = begin(key, on: &stack, onStack: &onStack)
        while !stack.isEmpty {
            var frame = stack.removeLast()
            if let parentKey = frame.pendingParent, let parent = finished {
                frame.pendingParent = nil
                frame.diagnostics += parent.diagnostics
                if let value = parent.value {
                    // Index the parent once, for every child that extends it.
                    let indexed = value.indexed()
                    known.withLock { $0.files[parentKey] }?.stages.withLock {
                        $0.merged = Loaded(value: indexed, diagnostics: parent.diagnostics)
                    }
                    let isFirst = frame.base.fruits.isEmpty && frame.base.recipes.isEmpty
                    frame.base = isFirst ? indexed : frame.base.merging(indexed).menu
                } else {
                    frame.hasEveryParent = false
                }
            }
            finished = nil
            guard frame.nextParent < frame.own.parents.count else {
                let (menu, warnings) = frame.base.merging(frame.own)
                let result = Loaded(
                    value: menu, diagnostics: frame.diagnostics + (frame.hasEveryParent ? warnings : []))
                known.withLock { $0.files[frame.key] }?.stages.withLock { $0.merged = result }
                onStack.remove(frame.key)
                finished = result
                continue
            }
            let parent = frame.own.parents[frame.nextParent]
            frame.nextParent += 1
            // A parent is named by its path joined to the naming file's folder.
            let parentPath = PathName.resolve(parent.path, besides: frame.path)
            let parentKey = SystemPath.resolve(parentPath)
            if let problem = problem(
                reaching: parentKey, named: parentPath, as: parent, from: frame, stack: stack, onStack: onStack)
            {
                frame.diagnostics.append(problem)
                frame.hasEveryParent = false
                stack.append(frame)
                continue
            }
            frame.pendingParent = parentKey
            stack.append(frame)
            finished = begin(parentKey, on: &stack, onStack: &onStack)
        }
        return finished ?? Loaded(value: nil, diagnostics: [])
    }

    /// Starts the merge of the file at `key`: its result when there is
    /// nothing to merge (done before, unreadable, or no parents), else `nil`
    /// with a frame for it on the stack.
    private func begin(_ key: String, on stack: inout [MergeFrame], onStack: inout Set<String>) -> Loaded<MenuFile>? {
        guard let slot = known.withLock({ $0.files[key] }) else { return Loaded(value: nil, diagnostics: []) }
        let stages = slot.stages.withLock { $0 }
        if let done = stages.merged { return done }
        guard let parsed = stages.parsed else { return Loaded(value: nil, diagnostics: []) }
        guard let own = parsed.value else { return parsed }
        guard !own.parents.isEmpty else {
            // Nothing to merge onto: the file's own entries, removals warned of.
            let (menu, warnings) = own.withoutRemovals()
            let result = Loaded(value: menu, diagnostics: parsed.diagnostics + warnings)
            slot.stages.withLock { $0.merged = result }
            return result
        }
        stack.append(MergeFrame(key: key, path: slot.path, own: own, diagnostics: parsed.diagnostics))
        onStack.insert(key)
        return nil
    }

    /// Why the parent at `parentKey` cannot be merged into `frame`: a loop,
    /// a chain too deep, or a file that cannot be read (which is read and
    /// parsed here otherwise); `nil` when it can.
    private func problem(
        reaching parentKey: String, named parentPath: String, as parent: MenuFile.Parent, from frame: MergeFrame,
        stack: [MergeFrame], onStack: Set<String>
    ) -> Diagnostic? {
        let chain = stack.map(\.key) + [frame.key]
        if onStack.contains(parentKey), let start = chain.firstIndex(of: parentKey) {
            let loop = (stack.map(\.path) + [frame.path])[start...] + [parentPath]
            return .error(
                .extendsCycle, Message(.extendsLoop, "\(loop.joined(separator: " -> "))"), at: parent.location)
        }
        if chain.count >= Schema.maximumExtendsDepth {
            return .error(.limit, Message(.extendsTooDeep, "\(Schema.maximumExtendsDepth)"), at: parent.location)
        }
        let slot = slot(parentKey, path: parentPath, isParent: true)
        do throws(FileError) {
            try read(slot)
            return nil
        } catch .notFound {
            return .error(.missingFile, Message(.parentMissing, "\(parent.path)", "\(parentPath)"), at: parent.location)
        } catch {
            return .error(
                .missingFile, Message(.parentUnreadable, "\(parent.path)", .message(error.message)), at: parent.location
            )
        }
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
