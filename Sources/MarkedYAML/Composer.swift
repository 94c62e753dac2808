internal import CYAML

/// Builds nodes from libyaml's events with an explicit stack, so that nesting
/// depth is a limit checked per event rather than a recursion that a deep
/// file could overflow.
struct Composer {
    let limits: YAMLLimits
    private(set) var documents: [YAMLStream.Document] = []
    private(set) var problems: [YAMLProblem] = []

    /// The collections still open, innermost last.
    private var stack: [Frame] = []
    private var anchors: [String: Composed] = [:]
    private var documentMark = Mark.start
    private var root: Node?
    /// Nodes of the current document, counted once each.
    private var ownNodes = 0
    /// Nodes that the current document's aliases add when expanded.
    private var aliasedNodes = 0

    init(limits: YAMLLimits) {
        self.limits = limits
    }

    private enum Step {
        case proceed
        case stop
    }

    mutating func compose(_ input: UnsafeRawBufferPointer) {
        let parser = EventParser(input: input)
        while true {
            switch parser.nextEvent({ handle($0) }) {
            case .success(.proceed):
                continue
            case .success(.stop):
                return
            case .failure(let problem):
                problems.append(problem)
                return
            }
        }
    }

    private mutating func handle(_ event: borrowing yaml_event_t) -> Step {
        let mark = Mark(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documentMark = mark
            anchors = [:]
            ownNodes = 0
            aliasedNodes = 0
        case YAML_DOCUMENT_END_EVENT:
            return finishDocument()
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let text = String(
                decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
            let scalar = Scalar(text, isPlain: data.style == YAML_PLAIN_SCALAR_STYLE)
            ownNodes += 1
            let node = Node(.scalar(scalar), mark: mark, tag: Self.string(data.tag))
            add(Composed(node: node, size: 1, height: 0), anchor: Self.string(data.anchor))
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let anchored = anchors[name] else {
                problems.append(YAMLProblem(.syntax, "undefined alias '\(name)'", at: mark))
                return .stop
            }
            // An alias copies its anchor's whole subtree: that counts against
            // the depth limit as much as writing it out would.
            guard stack.count + anchored.height <= limits.maxDepth else {
                problems.append(depthProblem(at: mark))
                return .stop
            }
            aliasedNodes = Self.saturatingSum(aliasedNodes, anchored.size)
            var copy = anchored
            copy.node.mark = mark
            add(copy, anchor: nil)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            guard stack.count < limits.maxDepth else {
                problems.append(depthProblem(at: mark))
                return .stop
            }
            ownNodes += 1
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let tag = Self.string(isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag)
            let anchor = Self.string(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
            stack.append(Frame(isMapping: isMapping, mark: mark, tag: tag, anchor: anchor))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let frame = stack.removeLast()
            add(frame.composed, anchor: frame.anchor)
        case YAML_STREAM_END_EVENT:
            return .stop
        default:
            break
        }
        return .proceed
    }

    private mutating func add(_ composed: Composed, anchor: String?) {
        if let anchor {
            anchors[anchor] = composed
        }
        if stack.isEmpty {
            root = composed.node
        } else if let problem = stack[stack.count - 1].add(composed) {
            problems.append(problem)
        }
    }

    private func depthProblem(at mark: Mark) -> YAMLProblem {
        YAMLProblem(.limit(.depth), "nesting deeper than the \(YAMLLimit.depth.rawValue) limit of \(limits.maxDepth)", at: mark)
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
            documents.append(YAMLStream.Document(root: root, mark: documentMark))
        }
        root = nil
        return .proceed
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }
}

/// A finished node, how many nodes it stands for and how deep its
/// collections nest (0 for a scalar), aliases expanded.
struct Composed {
    var node: Node
    var size: Int
    var height: Int
}

/// A sequence or mapping whose end event has not come yet.
private struct Frame {
    let isMapping: Bool
    let mark: Mark
    let tag: String?
    let anchor: String?
    var items: [Node] = []
    var pairs: [Pair] = []
    var pendingKey: Node?
    /// Where each scalar key of a large mapping first appears; small ones
    /// (most of a menu: a recipe's two or three keys) are searched directly.
    var keyMarks: [String: Mark] = [:]
    var size = 1
    /// 1 + the greatest height of a child.
    var height = 1

    init(isMapping: Bool, mark: Mark, tag: String?, anchor: String?) {
        self.isMapping = isMapping
        self.mark = mark
        self.tag = tag
        self.anchor = anchor
    }

    var composed: Composed {
        let content: Node.Content = isMapping ? .mapping(pairs) : .sequence(items)
        return Composed(node: Node(content, mark: mark, tag: tag), size: size, height: height)
    }

    /// Adds a child; returns a problem when it completes a duplicate key,
    /// whose pair is then left out.
    mutating func add(_ child: Composed) -> YAMLProblem? {
        let (sum, overflow) = size.addingReportingOverflow(child.size)
        size = overflow ? Int.max : sum
        height = max(height, child.height + 1)
        guard isMapping else {
            items.append(child.node)
            return nil
        }
        guard let key = pendingKey else {
            pendingKey = child.node
            return nil
        }
        pendingKey = nil
        if let text = key.scalar?.text {
            if let first = firstMark(of: text) {
                return YAMLProblem(.duplicateKey(first: first), "duplicate key '\(text)'", at: key.mark)
            }
            if !keyMarks.isEmpty {
                keyMarks[text] = key.mark
            } else if pairs.count == Self.linearSearchLimit {
                // Past the limit, index every scalar key, this one included.
                for pair in pairs + [Pair(key: key, value: child.node)] {
                    if let text = pair.key.scalar?.text, keyMarks[text] == nil { keyMarks[text] = pair.key.mark }
                }
            }
        }
        pairs.append(Pair(key: key, value: child.node))
        return nil
    }

    /// Up to this many pairs, a duplicate key is found by a linear search:
    /// cheaper than hashing every key of a small mapping.
    private static let linearSearchLimit = 12

    /// Where the scalar key `text` first appears in this mapping, if it does.
    private func firstMark(of text: String) -> Mark? {
        if !keyMarks.isEmpty { return keyMarks[text] }
        return pairs.first { $0.key.scalar?.text == text }?.key.mark
    }
}
