/// Builds a stream's ``NodeStorage`` from libyaml's events with an explicit
/// stack, so that nesting depth is a limit checked per event rather than a
/// recursion that a deep file could overflow.
struct Composer {
    let limits: YAMLLimits
    private(set) var problems: [YAMLProblem] = []

    private var nodes: [RawNode] = []
    private var bytes: [UInt8] = []
    private var tags: [UInt32: String] = [:]
    /// Each finished document's root index and start mark.
    private var roots: [(root: UInt32, mark: Mark)] = []

    /// The collections still open, innermost last.
    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    private var documentMark = Mark.start
    private var root: UInt32?
    /// Nodes of the current document, counted once each.
    private var ownNodes = 0
    /// Nodes that the current document's aliases add when expanded.
    private var aliasedNodes = 0
    /// Reads the first document's sections while ``compose(_:reading:sections:)`` runs.
    private var sectionReader: SectionReader?
    /// The nodes that have a tag, in order: a pair's tags are the last ones.
    private var taggedNodes: [UInt32] = []
    /// The last node that is an alias or has an anchor; -1 for none.
    private var lastReference = -1

    init(limits: YAMLLimits) {
        self.limits = limits
    }

    /// The documents composed, as nodes of one shared storage made now.
    func makeDocuments() -> [YAMLStream.Document] {
        let storage = NodeStorage(nodes: nodes, bytes: bytes, tags: tags)
        return roots.map { YAMLStream.Document(root: Node(storage, $0.root), mark: $0.mark) }
    }

    private enum Step {
        case proceed
        case stop
    }

    /// Composes a text's events.
    ///
    /// - Parameter sections: a reader of the first document's sections, if
    ///   they are to be read as they are composed.
    mutating func compose(
        _ input: UnsafeRawBufferPointer, reading: EventReading = .automatic, sections: SectionReader? = nil
    ) {
        sectionReader = sections
        defer { sectionReader = nil }
        // Most of a text's bytes end up in scalars, and a typical text has a
        // node every 10 bytes or so: room for one every 8 bytes, made at
        // once, keeps a large file's arrays from being copied as they grow
        // (a copy holds the old array and the new at once; room never
        // written takes address space, not memory). Sections read as they
        // are composed leave little, so then both grow as they must.
        if sections == nil {
            nodes.reserveCapacity(input.count / 8)
            bytes.reserveCapacity(input.count)
        }
        let parser = EventParser(input: input)
        if reading.readsAhead(size: input.count) {
            let pipeline = EventPipeline(parser: parser, reading: reading)
            defer { pipeline.finish() }
            while pipeline.next({ take($0) }) == .proceed {}
        } else {
            var batch = EventBatch()
            repeat {
                parser.fill(&batch, as: reading)
            } while take(batch) == .proceed
        }
    }

    /// Composes a batch's events.
    ///
    /// - Returns: ``Step/stop`` once the stream has ended, failed or passed
    ///   a limit.
    private mutating func take(_ batch: borrowing EventBatch) -> Step {
        for event in batch.events where handle(event, of: batch) == .stop {
            return .stop
        }
        switch batch.end {
        case nil:
            return .proceed
        case .finished:
            return .stop
        case .failed(let problem):
            problems.append(problem)
            return .stop
        }
    }

    private mutating func handle(_ event: EventBatch.Event, of batch: borrowing EventBatch) -> Step {
        let line = event.line
        let column = event.column
        switch event.kind {
        case .documentStart:
            documentMark = Mark(line: Int(line), column: Int(column))
            anchors = [:]
            ownNodes = 0
            aliasedNodes = 0
        case .documentEnd:
            return finishDocument()
        case .scalar:
            let start = UInt32(truncatingIfNeeded: bytes.count)
            batch.withBytes(of: event.value) { bytes.append(contentsOf: $0) }
            let index = append(
                RawNode(
                    kind: event.isPlain ? .plainScalar : .otherScalar, line: line, column: column, first: start,
                    second: event.value.count),
                tag: batch.string(event.tag))
            ownNodes += 1
            finish(index, size: 1, height: 0, anchor: batch.string(event.anchor))
        case .alias:
            let name = batch.string(event.value) ?? ""
            let mark = Mark(line: Int(line), column: Int(column))
            guard let anchored = anchors[name] else {
                problems.append(YAMLProblem(.syntax, "undefined alias '\(name)'", at: mark))
                return .stop
            }
            // An alias stands for its anchor's whole subtree: that counts
            // against the depth limit as much as writing it out would.
            guard stack.count + anchored.height <= limits.maxDepth else {
                problems.append(depthProblem(at: mark))
                return .stop
            }
            aliasedNodes = Self.saturatingSum(aliasedNodes, anchored.size)
            let index = append(RawNode(kind: .alias, line: line, column: column, first: anchored.index), tag: nil)
            lastReference = Int(index)
            finish(index, size: anchored.size, height: anchored.height, anchor: nil)
        case .sequenceStart, .mappingStart:
            guard stack.count < limits.maxDepth else {
                problems.append(depthProblem(at: Mark(line: Int(line), column: Int(column))))
                return .stop
            }
            let isMapping = event.kind == .mappingStart
            let index = append(
                RawNode(kind: isMapping ? .mapping : .sequence, line: line, column: column),
                tag: batch.string(event.tag))
            ownNodes += 1
            var frame = Frame(index: index, isMapping: isMapping, anchor: batch.string(event.anchor))
            // A section's mapping, unless an alias could show it again later.
            // Its keys are indexed from the first: those the reader keeps
            // leave no node to compare with.
            if isMapping, stack.count == 1, frame.anchor == nil, let section = stack[0].nextSection {
                frame.section = section
                frame.readsPairs = true
                frame.keyTable = KeyTable()
            }
            stack.append(frame)
        case .sequenceEnd, .mappingEnd:
            let frame = stack.removeLast()
            nodes[Int(frame.index)].second = UInt32(truncatingIfNeeded: nodes.count)
            finish(frame.index, size: frame.size, height: frame.height, anchor: frame.anchor)
        case .streamEnd:
            return .stop
        case .streamStart:
            break
        }
        return .proceed
    }

    private mutating func append(_ node: RawNode, tag: String?) -> UInt32 {
        let index = UInt32(truncatingIfNeeded: nodes.count)
        nodes.append(node)
        if let tag {
            tags[index] = tag
            taggedNodes.append(index)
        }
        return index
    }

    /// Records a finished node: its anchor, and its place in the enclosing
    /// collection (or as the document's root).
    private mutating func finish(_ index: UInt32, size: Int, height: Int, anchor: String?) {
        if let anchor {
            anchors[anchor] = Anchored(index: index, size: size, height: height)
            lastReference = max(lastReference, Int(index))
        }
        guard let top = stack.indices.last else {
            root = index
            return
        }
        // The enclosing frame is changed in place, not copied off the stack.
        stack[top].size = Self.saturatingSum(stack[top].size, size)
        stack[top].height = max(stack[top].height, height + 1)
        guard stack[top].isMapping, !stack[top].awaitsValue else {
            // A value.
            stack[top].awaitsValue = false
            stack[top].nextSection = nil
            if stack[top].readsPairs { readEntry(ofSectionAt: top) }
            return
        }
        // A key.
        stack[top].awaitsValue = true
        if let problem = checkDuplicate(key: index, inFrameAt: top) {
            problems.append(problem)
            nodes[Int(index)].isDroppedKey = true
        }
        if top == 0, let sectionReader, roots.isEmpty, !nodes[Int(index)].isDroppedKey,
            nodes[Int(nodes.target(of: index))].kind.isScalar
        {
            stack[0].nextSection = withScalarBytes(index) { sectionReader.section(named: $0) }
        } else if stack[top].readsPairs {
            stack[top].entryKey = index
            stack[top].valueBytes = UInt32(truncatingIfNeeded: bytes.count)
        }
    }

    /// Hands the pair just composed in the section at `top` to the section
    /// reader and drops its value's nodes, and its key's too when the
    /// reader keeps the key; or, when the pair holds an anchor or an alias,
    /// leaves it and the section's later pairs in the document.
    private mutating func readEntry(ofSectionAt top: Int) {
        guard let sectionReader, let section = stack[top].section else { return }
        let key = stack[top].entryKey
        guard lastReference < Int(key) else {
            stack[top].readsPairs = false
            return
        }
        let value = nodes.end(of: key)
        let valueBytes = stack[top].valueBytes
        let keyNode = nodes[Int(key)]
        if keyNode.isDroppedKey {
            // A duplicate, reported already: nothing shows it.
            dropNodes(from: key, bytesFrom: keyNode.first)
            return
        }
        if let kept = read(key: key, value: value, section: section, with: sectionReader), keyNode.kind.isScalar {
            // The key table finds the key through the reader from now on.
            stack[top].keyTable?.replaceLast(with: Self.readerKeyBit | UInt32(kept))
            dropNodes(from: key, bytesFrom: keyNode.first)
            return
        }
        // An empty scalar takes the value's place.
        let valueNode = nodes[Int(value)]
        dropNodes(from: value, bytesFrom: valueBytes)
        nodes.append(
            RawNode(kind: .plainScalar, line: valueNode.line, column: valueNode.column, first: valueBytes, second: 0))
    }

    /// Hands the pair of `key` and `value` to the section reader.
    ///
    /// - Returns: the number under which the reader keeps the key, if it does.
    private func read(key: UInt32, value: UInt32, section: Int, with sectionReader: SectionReader) -> Int? {
        // The storage shares the composer's arrays, not a copy; it is gone
        // when this returns, before they change again, so they are not
        // copied then either.
        let storage = NodeStorage(nodes: nodes, bytes: bytes, tags: tags)
        return sectionReader.read(section, Pair(key: Node(storage, key), value: Node(storage, value)))
    }

    /// Drops the nodes from `index` on, their bytes (from `start` on) and tags.
    private mutating func dropNodes(from index: UInt32, bytesFrom start: UInt32) {
        nodes.removeLast(nodes.count - Int(index))
        bytes.removeLast(bytes.count - Int(start))
        while let last = taggedNodes.last, last >= index {
            tags[last] = nil
            taggedNodes.removeLast()
        }
    }

    /// In a key table, marks a key that the section reader keeps (by its
    /// number) rather than a node (by its index + 1).
    private static let readerKeyBit: UInt32 = 1 << 31

    /// Up to this many pairs, a duplicate key is found by comparing with each
    /// earlier key: cheaper than hashing every key of a small mapping.
    private static let linearSearchLimit = 12

    /// A problem when the scalar key at `key` repeats an earlier key of the
    /// mapping; otherwise records the key.
    private mutating func checkDuplicate(key: UInt32, inFrameAt top: Int) -> YAMLProblem? {
        guard nodes[Int(nodes.target(of: key))].kind.isScalar else { return nil }
        defer { stack[top].keyCount += 1 }
        let mapping = stack[top].index
        let first: UInt32?
        if stack[top].keyTable == nil, stack[top].keyCount < Self.linearSearchLimit {
            first = earlierKey(equalTo: key, inMappingAt: mapping)
        } else {
            // The table is moved off the frame while it is used (no copy),
            // since its comparisons read the rest of the composer.
            var table = stack[top].keyTable.take() ?? keyTable(ofMappingAt: mapping, before: key)
            let section = stack[top].section
            first = table.insert(key + 1, hash: hash(of: key)) { isKey($0, sameAs: key, inSection: section) }
            stack[top].keyTable = table
        }
        guard let first else { return nil }
        let text = withScalarBytes(key) { String(decoding: $0, as: UTF8.self) }
        let firstMark = mark(ofKey: first, inSection: stack[top].section)
        let mark = Mark(line: Int(nodes[Int(key)].line), column: Int(nodes[Int(key)].column))
        return YAMLProblem(.duplicateKey(first: firstMark, key: text), "duplicate key '\(text)'", at: mark)
    }

    /// The keys a mapping that has grown large has before `key`, indexed.
    private func keyTable(ofMappingAt mapping: UInt32, before key: UInt32) -> KeyTable {
        var table = KeyTable()
        var earlier = mapping + 1
        while earlier < key {
            if !nodes[Int(earlier)].isDroppedKey, nodes[Int(nodes.target(of: earlier))].kind.isScalar {
                _ = table.insert(earlier + 1, hash: hash(of: earlier)) { _ in false }
            }
            earlier = nodes.end(of: nodes.end(of: earlier))
        }
        return table
    }

    /// The earlier kept key of the mapping at `mapping` with the same text
    /// as `key`, as a key table holds it (its index + 1).
    private func earlierKey(equalTo key: UInt32, inMappingAt mapping: UInt32) -> UInt32? {
        var earlier = mapping + 1
        while earlier < key {
            if !nodes[Int(earlier)].isDroppedKey, sameScalar(earlier, key) { return earlier + 1 }
            earlier = nodes.end(of: nodes.end(of: earlier))
        }
        return nil
    }

    /// Whether a key as a key table holds it has the text of the scalar `key`.
    private func isKey(_ held: UInt32, sameAs key: UInt32, inSection section: Int?) -> Bool {
        guard held & Self.readerKeyBit != 0 else { return sameScalar(held - 1, key) }
        guard let sectionReader, let section else { return false }
        return withScalarBytes(key) { sectionReader.keyEquals(section, Int(held & ~Self.readerKeyBit), $0) }
    }

    /// Where a key as a key table holds it is written.
    private func mark(ofKey held: UInt32, inSection section: Int?) -> Mark {
        if held & Self.readerKeyBit != 0, let sectionReader, let section {
            return sectionReader.keyMark(section, Int(held & ~Self.readerKeyBit))
        }
        let node = nodes[Int(held - 1)]
        return Mark(line: Int(node.line), column: Int(node.column))
    }

    /// Whether two nodes are scalars of the same text.
    private func sameScalar(_ a: UInt32, _ b: UInt32) -> Bool {
        let first = nodes[Int(nodes.target(of: a))]
        let second = nodes[Int(nodes.target(of: b))]
        guard first.kind.isScalar, second.kind.isScalar, first.second == second.second else { return false }
        return withScalarBytes(a) { left in withScalarBytes(b) { right in Bytes.equal(left, right) } }
    }

    /// The hash of a scalar's bytes (seeded per process, so that no input
    /// can be made of colliding keys).
    private func hash(of key: UInt32) -> Int {
        withScalarBytes(key) { bytes in
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return hasher.finalize()
        }
    }

    private func withScalarBytes<T>(_ index: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let node = nodes[Int(nodes.target(of: index))]
        return bytes.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(node.first)..<Int(node.first + node.second)]))
        }
    }

    private func depthProblem(at mark: Mark) -> YAMLProblem {
        YAMLProblem(
            .limit(.depth), "nesting deeper than the \(YAMLLimit.depth.rawValue) limit of \(limits.maxDepth)", at: mark)
    }

    private mutating func finishDocument() -> Step {
        let allowed = Self.saturatingSum(
            ownNodes.multipliedReportingOverflow(by: limits.aliasExpansionFactor).overflow
                ? Int.max : ownNodes * limits.aliasExpansionFactor,
            limits.aliasExpansionAllowance)
        let expanded = Self.saturatingSum(ownNodes, aliasedNodes)
        guard expanded <= allowed else {
            problems.append(
                YAMLProblem(
                    .limit(.aliasExpansion),
                    "aliases expand the document to more than \(limits.aliasExpansionFactor) times its \(ownNodes) nodes plus \(limits.aliasExpansionAllowance) (the \(YAMLLimit.aliasExpansion.rawValue) limit)",
                    at: documentMark))
            return .stop
        }
        if let root {
            roots.append((root, documentMark))
        }
        root = nil
        return .proceed
    }

    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }
}

/// An anchored node, and how many nodes and how deep it stands for, aliases
/// expanded.
private struct Anchored {
    var index: UInt32
    var size: Int
    var height: Int
}

/// A sequence or mapping whose end event has not come yet.
private struct Frame {
    let index: UInt32
    let isMapping: Bool
    let anchor: String?
    /// Nodes the collection stands for, aliases expanded.
    var size = 1
    /// 1 + the greatest height of a child (0 for a scalar).
    var height = 1
    /// Whether a mapping's last node was a key, whose value comes next.
    var awaitsValue = false
    /// How many scalar keys the mapping has had.
    var keyCount = 0
    /// A large mapping's keys, by the hash of their bytes.
    var keyTable: KeyTable?
    /// For the root mapping: the section its last key names, whose mapping
    /// may come as the value.
    var nextSection: Int?
    /// For a section's mapping: its position among the reader's sections.
    var section: Int?
    /// For a section's mapping: whether its pairs are still read as they
    /// are composed (until one holds an anchor or an alias).
    var readsPairs = false
    /// For a section: the key of the pair under way, and where its value's
    /// bytes start.
    var entryKey: UInt32 = 0
    var valueBytes: UInt32 = 0

    init(index: UInt32, isMapping: Bool, anchor: String?) {
        self.index = index
        self.isMapping = isMapping
        self.anchor = anchor
    }
}

/// The scalar keys of a large mapping by the hash of their text: open
/// addressing with linear probing, three quarters full at most.
///
/// A slot is 8 bytes, 32 bits of the hash and the key: a menu's `recipes`
/// of a few million small recipes holds a slot for each, and 16-byte slots
/// (the whole hash), half full at most, made the table the largest thing
/// its composer held. A probe reads 8 bytes, so the longer runs of a
/// fuller table stay within a cache line or two.
private struct KeyTable {
    private struct Slot {
        /// The hash's low 32 bits (its position's bits among them).
        var hash: UInt32
        /// The key, as the composer names it (never 0); 0 for an empty slot.
        var key: UInt32
    }

    private var slots = [Slot](repeating: Slot(hash: 0, key: 0), count: 64)
    private var count = 0
    /// The slot of the key added last.
    private var lastPosition = 0

    /// Adds `key` (not 0) unless an equal key is there already.
    ///
    /// - Returns: the equal key already there, if any (`key` is then not added).
    mutating func insert(_ key: UInt32, hash: Int, isEqual: (UInt32) -> Bool) -> UInt32? {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let hash = UInt32(truncatingIfNeeded: hash)
        let mask = slots.count - 1
        var position = Int(hash) & mask
        while slots[position].key != 0 {
            let slot = slots[position]
            if slot.hash == hash, isEqual(slot.key) { return slot.key }
            position = (position + 1) & mask
        }
        slots[position] = Slot(hash: hash, key: key)
        lastPosition = position
        count += 1
        return nil
    }

    /// Names the key added last `key` (not 0) instead: the same text, kept
    /// elsewhere.
    mutating func replaceLast(with key: UInt32) {
        slots[lastPosition].key = key
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(hash: 0, key: 0), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.key != 0 {
            var position = Int(slot.hash) & mask
            while slots[position].key != 0 { position = (position + 1) & mask }
            slots[position] = slot
        }
    }
}
