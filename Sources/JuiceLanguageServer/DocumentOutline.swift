import MarkedYAML

/// Where a file writes ids and paths, from its YAML alone: what completion,
/// hover, definition, references and rename work from. It judges nothing;
/// the validator does.
struct DocumentOutline: Sendable {
    /// What a mention is.
    enum Role: Sendable, Hashable {
        /// A key of `fruits`.
        case fruitDefinition
        /// A fruit id in a recipe's `uses` (or shorthand), or an
        /// inventory's key.
        case fruitUse
        /// A key of `recipes`.
        case recipeDefinition
        /// A key of `suppliers`.
        case supplierDefinition
        /// A fruit's `supplier`.
        case supplierUse
        /// A path in `extends`, or a store's `menu` or `inventory`.
        case path

        /// Whether it names a fruit.
        var isFruit: Bool { self == .fruitDefinition || self == .fruitUse }
        /// Whether it names a supplier.
        var isSupplier: Bool { self == .supplierDefinition || self == .supplierUse }
    }

    /// An id or a path where the file writes it.
    struct Mention: Sendable, Hashable {
        var role: Role
        /// The id or path, unquoted.
        var text: String
        /// 1-based; the column in Unicode scalars.
        var line: Int
        var column: Int
        /// The recipe whose `uses` it is in, for a fruit use in a recipe.
        var recipe: String?
    }

    /// Every mention, in the file's order.
    var mentions: [Mention] = []
    /// The paths `extends` names, as written.
    var parents: [String] { mentions.filter { $0.role == .path && $0.recipe == "extends" }.map(\.text) }

    /// The outline of `text`: an inventory's keys are fruit uses; a menu's
    /// or a manifest's are read by their sections. Text that is not YAML
    /// has none.
    init(_ text: String, isInventory: Bool) {
        let stream = YAMLStream(text: text)
        guard stream.documents.count == 1, let pairs = stream.documents[0].root.pairs else {
            // Text being typed is often not YAML yet: its parents still count.
            if !isInventory { findParents(inLinesOf: text) }
            return
        }
        for pair in pairs {
            guard let key = pair.key.scalar?.text else { continue }
            if isInventory {
                if !key.hasPrefix("x-") { add(.fruitUse, pair.key) }
                continue
            }
            switch key {
            case "fruits":
                for fruit in Self.pairs(pair.value) {
                    add(.fruitDefinition, fruit.key)
                    for field in Self.pairs(fruit.value) where field.key.isScalar("supplier") {
                        add(.supplierUse, field.value)
                    }
                }
            case "recipes":
                for recipe in Self.pairs(pair.value) {
                    add(.recipeDefinition, recipe.key)
                    let id = recipe.key.scalar?.text
                    let fields = Self.pairs(recipe.value)
                    if let uses = fields.first(where: { $0.key.isScalar("uses") }) {
                        for use in Self.pairs(uses.value) { add(.fruitUse, use.key, in: id) }
                    } else {
                        for use in fields {
                            let name = use.key.scalar?.text ?? ""
                            if !name.hasPrefix("x-"), name != "name", name != "price" {
                                add(.fruitUse, use.key, in: id)
                            }
                        }
                    }
                }
            case "suppliers":
                for supplier in Self.pairs(pair.value) { add(.supplierDefinition, supplier.key) }
            case "extends":
                if pair.value.scalar != nil { add(.path, pair.value, in: "extends") }
                for item in pair.value.items.map(Array.init) ?? [] { add(.path, item, in: "extends") }
            case "stores":
                for store in Self.pairs(pair.value) {
                    for field in Self.pairs(store.value)
                    where field.key.isScalar("menu") || field.key.isScalar("inventory") {
                        add(.path, field.value, in: field.key.scalar?.text)
                    }
                }
            default:
                break
            }
        }
    }

    /// The paths of a top-level `extends` written one to a line (`extends:
    /// a.yaml`, `extends: [a.yaml, b.yaml]`, or `- a.yaml` lines below it),
    /// read from the lines alone.
    private mutating func findParents(inLinesOf text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (row, line) in lines.enumerated() where line.hasPrefix("extends:") {
            var found: [(Substring, Int)] = []
            let value = line.dropFirst("extends:".count)
            let words = value.split(whereSeparator: { " \t[],\r".contains($0) })
            if words.first?.hasPrefix("#") == false {
                found = words.prefix { !$0.hasPrefix("#") }.map { ($0, row) }
            }
            var next = row + 1
            while found.isEmpty || found.last?.1 != row, next < lines.count {
                let item = lines[next].drop { $0 == " " }
                guard item.hasPrefix("- ") else { break }
                found.append((item.dropFirst(2).prefix { !" \t#\r".contains($0) }, next))
                next += 1
            }
            for (word, at) in found where !word.isEmpty {
                let column = lines[at].unicodeScalars.distance(from: lines[at].startIndex, to: word.startIndex) + 1
                let path = word.trimmingCharacters(in: "\"'")
                mentions.append(Mention(role: .path, text: path, line: at + 1, column: column, recipe: "extends"))
            }
        }
    }

    /// The pairs of a mapping; none for anything else.
    private static func pairs(_ node: Node) -> [Pair] {
        node.pairs.map(Array.init) ?? []
    }

    private mutating func add(_ role: Role, _ node: Node, in recipe: String? = nil) {
        guard let text = node.scalar?.text, !node.isNull else { return }
        mentions.append(
            Mention(role: role, text: text, line: node.mark.line, column: node.mark.column, recipe: recipe))
    }

    /// The mention at 1-based `line` and 0-based scalar `offset`, if the
    /// offset is on it (or just after it).
    func mention(line: Int, offset: Int, lines: [String]) -> Mention? {
        mentions.first { mention in
            guard mention.line == line, line - 1 < lines.count else { return false }
            let scalars = Array(lines[line - 1].unicodeScalars)
            let length = DiagnosticConversion.tokenLength(scalars, from: mention.column - 1)
            return offset >= mention.column - 1 && offset <= mention.column - 1 + length
        }
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
