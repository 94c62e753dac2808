internal import MarkedYAML
import Synchronization

/// Loads and validates menu files, following `extends`.
///
/// One loader reads each file once (once per path it is named by): a base
/// menu that many store menus extend is parsed and checked once however many
/// stores use it. Safe to share
/// between threads: loads of different files run at once, and a thread that
/// wants a file or a menu another thread is making waits for it rather than
/// making it again. What a load answers does not depend on which thread
/// asked first.
final class MenuLoader: Sendable {
    let limits: YAMLLimits
    /// Open documents, read instead of the files on disk.
    let overlay: FileOverlay
    /// What the loader knows, only ever held for a moment: each file's
    /// stages are locked on their own (``MenuFileSlot``).
    private let known = Mutex(Known())
    private let parseCount = Atomic(0)

    private struct Known {
        /// Each file, by name.
        var files: [FileName: MenuFileSlot] = [:]
        /// The files another menu extends: ``forget(path:)`` keeps them.
        var parents: Set<FileName> = []
    }

    /// A file as a load names it: its path, which its diagnostics show and
    /// its parents' paths are joined to, and the file the system resolves
    /// that path to (``SystemPath/resolve(_:)``), which finds loops. A file
    /// reached by two paths is read once per path, so that what it says
    /// names it as each menu that reaches it does.
    private struct FileName: Hashable {
        let path: String
        let key: String

        init(_ path: String) {
            self.path = path
            key = SystemPath.resolve(path)
        }
    }

    /// How many files this loader has read and parsed.
    var filesParsed: Int { parseCount.load(ordering: .relaxed) }

    /// A loader with the standard safety limits.
    convenience init() {
        self.init(limits: .standard)
    }

    /// A loader that reads the files of `overlay` from it rather than
    /// from disk: an editor's unsaved documents, checked as saved.
    convenience init(overlay: FileOverlay) {
        self.init(limits: .standard, overlay: overlay)
    }

    init(limits: YAMLLimits, overlay: FileOverlay = FileOverlay()) {
        self.limits = limits
        self.overlay = overlay
    }

    /// Loads the menu file at `path` and every menu it extends.
    ///
    /// - Parameter path: the path as the user gave it; diagnostics name it so
    ///   (and a parent by that path joined with the `extends` path).
    /// - Throws: ``FileError`` when this file cannot be read. Everything else,
    ///   a missing parent included, is a diagnostic.
    func load(path: String) throws(FileError) -> Loaded<Menu> {
        let name = FileName(path)
        let slot = slot(name)
        return try slot.menu.withLock { menu throws(FileError) in
            if let menu { return menu }
            try read(slot)
            let made = finish(name, slot)
            menu = made
            return made
        }
    }

    /// The menu at `path` as far as it can be read, whatever its errors
    /// (``MenuResolver/draft(_:)``): for an editor's help while the menu is
    /// being typed, never for a change. `nil` when it is no menu at all.
    func draft(path: String) throws(FileError) -> Menu? {
        let name = FileName(path)
        let slot = slot(name)
        try read(slot)
        return MenuResolver.draft(mergedFile(name, slot))
    }

    /// Drops what the loader keeps of the menu file at `path` once nothing
    /// more is loaded from it, so that a run over many store menus holds
    /// only those in use; a file that another menu extends is kept, to be
    /// read once for all. Loading it again reads it again.
    func forget(path: String) {
        let name = FileName(path)
        known.withLock { known in
            if !known.parents.contains(name) { known.files[name] = nil }
        }
    }

    /// The files a load of the menu at `path` read or looked for: `path`
    /// and every file it extends, near or far (a parent that is missing
    /// too, so that its coming is noticed), each once, as the loader names
    /// them. Asked after ``load(path:)``; a file the loader has not read
    /// adds only itself.
    func files(readFrom path: String) -> [String] {
        var found: [String] = []
        var seen: Set<String> = []
        var pending = [path]
        while let next = pending.popLast() {
            let name = FileName(next)
            guard seen.insert(name.key).inserted else { continue }
            found.append(next)
            let slot = known.withLock { $0.files[name] }
            let parents = slot?.stages.withLock { $0.parsed?.value?.parents } ?? []
            pending += parents.reversed().map { PathName.resolve($0.path, besides: next) }
        }
        return found
    }

    /// Loads a menu from a document already parsed from `path` by `parser`
    /// (which read the entries it streams, see ``MenuParser/sections``); it
    /// replaces what the loader knew of that file.
    ///
    /// The document is given up as it is read, so that its nodes are freed
    /// before the menu is resolved.
    func load(_ document: consuming YAMLDocument.Outcome, parsedBy parser: MenuParser, path: String) -> Loaded<Menu> {
        let name = FileName(path)
        let parsed = finishParse(consume document, parser)
        let slot = MenuFileSlot(path: path)
        slot.stages.withLock { $0.parsed = parsed }
        known.withLock { $0.files[name] = slot }
        return slot.menu.withLock { menu in
            let made = finish(name, slot)
            menu = made
            return made
        }
    }

    /// Loads a menu from text, as if it were the file at `path`; the menus it
    /// extends are read from disk, relative to `path`'s folder.
    func load(text: String, assumingPath path: String) -> Loaded<Menu> {
        load(contents: Array(text.utf8), assumingPath: path)
    }

    /// Loads a menu from a file's bytes (which need not be valid UTF-8), as
    /// if they were the file at `path`.
    func load(contents: [UInt8], assumingPath path: String) -> Loaded<Menu> {
        var parser = MenuParser(file: path)
        let document = YAMLDocument.parse(
            contents, file: path, allowsEmpty: false, limits: limits, readingSectionsInto: &parser)
        return load(document, parsedBy: parser, path: path)
    }

    /// The slot of the file `name`, made if the loader has none.
    ///
    /// - Parameter isParent: whether another menu extends the file, which
    ///   ``forget(path:)`` then keeps.
    private func slot(_ name: FileName, isParent: Bool = false) -> MenuFileSlot {
        known.withLock { known in
            if isParent { known.parents.insert(name) }
            if let slot = known.files[name] { return slot }
            let slot = MenuFileSlot(path: name.path)
            known.files[name] = slot
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
            path: path, allowsEmpty: false, limits: limits, overlay: overlay, readingSectionsInto: &parser)
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

    private func finish(_ name: FileName, _ slot: MenuFileSlot) -> Loaded<Menu> {
        var loaded = MenuResolver.resolve(mergedFile(name, slot))
        loaded.diagnostics = loaded.diagnostics.uniqued().sortedByLocation().limited()
        return loaded
    }

    /// A file whose parents are being merged, one after another.
    private struct MergeFrame {
        let name: FileName
        let slot: MenuFileSlot
        let own: MenuFile
        /// The next parent to merge, as an index into `own.parents`: the
        /// one before it is the parent followed now.
        var nextParent = 0
        /// The parent whose merge is under way.
        var pendingParent: MenuFileSlot?
        /// The parents merged so far.
        var base = MenuFile()
        var diagnostics: [Diagnostic]
        /// Without every parent, a removal that finds nothing proves nothing.
        var hasEveryParent = true
        /// Whether the merge met a loop or the depth limit, which depend on
        /// the files that led to it: then it is not kept for another load.
        var dependsOnPath = false
        /// How many files the longest `extends` chain from here has.
        var height = 1
    }

    /// A merge, and whether it depends on the files that led to it.
    private typealias Merged = (merge: MenuFileSlot.Merge, dependsOnPath: Bool)

    /// The file `name`, whose slot is `slot`, merged with its parents, read
    /// as needed. Each file's slot is found once, when it is reached: what
    /// the loader forgets or replaces meanwhile does not change this merge.
    ///
    /// The `extends` graph is walked depth first with a stack of its own,
    /// not by recursion, so that a long chain is a ``Schema/maximumExtendsDepth``
    /// diagnostic rather than a stack overflow. A merge is kept for other
    /// loads unless it met a loop or the limit, and a load uses a kept merge
    /// only where its whole chain fits under the limit: loops and the limit
    /// are said from where each load starts, so that a load answers the
    /// same whatever was merged before, and whichever thread merged first.
    private func mergedFile(_ name: FileName, _ slot: MenuFileSlot) -> Loaded<MenuFile> {
        var stack: [MergeFrame] = []
        var onStack: Set<String> = []
        var finished = begin(name, slot, on: &stack, onStack: &onStack)
        while !stack.isEmpty {
            var frame = stack.removeLast()
            if let parentSlot = frame.pendingParent, let parent = finished {
                frame.pendingParent = nil
                frame.diagnostics += parent.merge.file.diagnostics
                frame.dependsOnPath = frame.dependsOnPath || parent.dependsOnPath
                frame.height = max(frame.height, parent.merge.height + 1)
                if let value = parent.merge.file.value {
                    // Index the parent once, for every child that extends it.
                    let indexed = value.indexed()
                    if !parent.dependsOnPath {
                        let merge = MenuFileSlot.Merge(
                            file: Loaded(value: indexed, diagnostics: parent.merge.file.diagnostics),
                            height: parent.merge.height)
                        parentSlot.stages.withLock { $0.merged = merge }
                    }
                    let isFirst =
                        frame.base.fruits.isEmpty && frame.base.recipes.isEmpty && frame.base.suppliers.isEmpty
                    frame.base = isFirst ? indexed : frame.base.merging(indexed).menu
                } else {
                    frame.hasEveryParent = false
                }
            }
            finished = nil
            guard frame.nextParent < frame.own.parents.count else {
                let (menu, warnings) = frame.base.merging(frame.own)
                let merge = MenuFileSlot.Merge(
                    file: Loaded(value: menu, diagnostics: frame.diagnostics + (frame.hasEveryParent ? warnings : [])),
                    height: frame.height)
                if !frame.dependsOnPath { frame.slot.stages.withLock { $0.merged = merge } }
                onStack.remove(frame.name.key)
                finished = (merge, frame.dependsOnPath)
                continue
            }
            let parent = frame.own.parents[frame.nextParent]
            frame.nextParent += 1
            // A parent is named by its path joined to the naming file's folder.
            let parentName = FileName(PathName.resolve(parent.path, besides: frame.name.path))
            let parentSlot: MenuFileSlot
            switch reach(parentName, as: parent, from: frame, stack: stack, onStack: onStack) {
            case .success(let slot):
                parentSlot = slot
            case .failure(let problem):
                frame.diagnostics.append(problem.diagnostic)
                frame.hasEveryParent = false
                frame.dependsOnPath = frame.dependsOnPath || problem.dependsOnPath
                stack.append(frame)
                continue
            }
            frame.pendingParent = parentSlot
            stack.append(frame)
            finished = begin(parentName, parentSlot, on: &stack, onStack: &onStack)
        }
        return finished?.merge.file ?? Loaded(value: nil, diagnostics: [])
    }

    /// Starts the merge of the file `name`, whose slot is `slot`, below the
    /// files on `stack`: its result when there is nothing to merge (done
    /// before and fitting under the depth limit from here, unreadable, or no
    /// parents), else `nil` with a frame for it on the stack.
    private func begin(
        _ name: FileName, _ slot: MenuFileSlot, on stack: inout [MergeFrame], onStack: inout Set<String>
    ) -> Merged? {
        let stages = slot.stages.withLock { $0 }
        if let done = stages.merged, stack.count + done.height <= Schema.maximumExtendsDepth {
            return (done, false)
        }
        guard let parsed = stages.parsed else {
            return (MenuFileSlot.Merge(file: Loaded(value: nil, diagnostics: []), height: 0), false)
        }
        guard let own = parsed.value else { return (MenuFileSlot.Merge(file: parsed, height: 1), false) }
        guard !own.parents.isEmpty else {
            // Nothing to merge onto: the file's own entries, removals warned of.
            let (menu, warnings) = own.withoutRemovals()
            let merge = MenuFileSlot.Merge(
                file: Loaded(value: menu, diagnostics: parsed.diagnostics + warnings), height: 1)
            slot.stages.withLock { $0.merged = merge }
            return (merge, false)
        }
        stack.append(MergeFrame(name: name, slot: slot, own: own, diagnostics: parsed.diagnostics))
        onStack.insert(name.key)
        return nil
    }

    /// Why a parent cannot be merged, and whether that depends on the files
    /// that led to it (a loop, the depth limit) or not (a file that cannot
    /// be read).
    private struct ParentProblem: Error {
        var diagnostic: Diagnostic
        var dependsOnPath: Bool
    }

    /// The slot of the parent `parentName` of `frame`, read; or why it
    /// cannot be merged.
    private func reach(
        _ parentName: FileName, as parent: MenuFile.Parent, from frame: MergeFrame, stack: [MergeFrame],
        onStack: Set<String>
    ) -> Result<MenuFileSlot, ParentProblem> {
        if let problem = problem(reaching: parentName, as: parent, from: frame, stack: stack, onStack: onStack) {
            return .failure(ParentProblem(diagnostic: problem, dependsOnPath: true))
        }
        let slot = slot(parentName, isParent: true)
        if let problem = readProblem(slot, as: parent) {
            return .failure(ParentProblem(diagnostic: problem, dependsOnPath: false))
        }
        return .success(slot)
    }

    /// Why the parent `parentName` cannot be merged into `frame` from where
    /// this load started: a loop, or a chain too deep; `nil` when it can.
    ///
    /// A loop is said the same from wherever it is entered: from its file
    /// first in the order of resolved paths, at the `extends` entry that
    /// closes it.
    private func problem(
        reaching parentName: FileName, as parent: MenuFile.Parent, from frame: MergeFrame, stack: [MergeFrame],
        onStack: Set<String>
    ) -> Diagnostic? {
        if onStack.contains(parentName.key) {
            // The files from the parent to `frame` make the loop; each is
            // listed with the entry by which it extends the next.
            let frames = stack + [frame]
            let start = frames.firstIndex { $0.name.key == parentName.key } ?? frames.startIndex
            let loop = frames[start...].map { ($0.name, $0.own.parents[$0.nextParent - 1].location) }
            let first = loop.indices.min { loop[$0].0.key < loop[$1].0.key } ?? loop.startIndex
            let rotated = Array(loop[first...] + loop[..<first])
            let paths = (rotated + [rotated[0]]).map(\.0.path).joined(separator: " -> ")
            return .error(.extendsCycle, Message(.extendsLoop, "\(paths)"), at: rotated[rotated.count - 1].1)
        }
        if stack.count + 1 >= Schema.maximumExtendsDepth {
            return .error(.limit, Message(.extendsTooDeep, "\(Schema.maximumExtendsDepth)"), at: parent.location)
        }
        return nil
    }

    /// Why the parent whose slot is `slot` cannot be read (which is read
    /// and parsed here otherwise); `nil` when it can.
    private func readProblem(_ slot: MenuFileSlot, as parent: MenuFile.Parent) -> Diagnostic? {
        do throws(FileError) {
            try read(slot)
            return nil
        } catch .notFound {
            return .error(
                .missingFile, Message(.parentMissing, "\(parent.path)", "\(slot.path)"), at: parent.location)
        } catch {
            return .error(
                .missingFile, Message(.parentUnreadable, "\(parent.path)", .message(error.message)), at: parent.location
            )
        }
    }
}

extension Menu {
    /// Loads the menu file at `path` and every menu it extends, and checks
    /// it. To read many stores' menus that share parents, read them
    /// through ``StoreService/chain(manifestPath:)``, which reads each
    /// shared menu once.
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
