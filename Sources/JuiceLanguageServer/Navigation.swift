import JuiceMaker
import JuicePresentation
import LanguageServerProtocol

/// Hover, definition, references and rename: each starts from the id or
/// path under the cursor, as the outline of its file has it.
struct Navigation {
    let workspace: Workspace
    let catalogue: Catalogue

    /// A mention and the file it is written in.
    struct Place {
        var path: String
        var mention: DocumentOutline.Mention
    }

    /// The mention at `position` of the file at `path`.
    func place(at position: Position, in path: String) -> Place? {
        let index = workspace.lines(of: path)
        let offset = index.scalarOffset(of: position)
        let lines = (0..<index.lines.count).map(index.text(ofLine:))
        return workspace.outline(of: path).mention(line: position.line + 1, offset: offset, lines: lines)
            .map { Place(path: path, mention: $0) }
    }

    /// The LSP location of a place.
    func location(_ place: Place) -> JSON {
        ["uri": .string(OpenDocument.uri(ofPath: place.path)), "range": range(place).json]
    }

    func range(_ place: Place) -> LanguageServerProtocol.Range {
        let index = workspace.lines(of: place.path)
        let line = Array(index.text(ofLine: place.mention.line - 1).unicodeScalars)
        let length = DiagnosticConversion.tokenLength(line, from: place.mention.column - 1)
        return index.range(line: place.mention.line, column: place.mention.column, scalars: length)
    }

    // MARK: Definition

    /// Where the id or path at `place` is defined: a fruit used, in its
    /// file or the nearest parent that defines it; an entry that overrides
    /// a parent's, at the parent's; a path, its file.
    func definition(of place: Place) -> JSON {
        let mention = place.mention
        switch mention.role {
        case .path:
            let file = Workspace.join(mention.text, besides: place.path)
            let start = Position(line: 0, character: 0)
            return [
                "uri": .string(OpenDocument.uri(ofPath: file)),
                "range": LanguageServerProtocol.Range(start: start, end: start).json,
            ]
        case .fruitUse, .supplierUse:
            let role: DocumentOutline.Role = mention.role == .fruitUse ? .fruitDefinition : .supplierDefinition
            return definition(of: mention.text, as: role, in: menuLineage(of: place.path)).map(location) ?? .null
        case .fruitDefinition, .recipeDefinition, .supplierDefinition:
            return definition(of: mention.text, as: mention.role, in: workspace.ancestors(of: place.path))
                .map(location) ?? .null
        }
    }

    /// The first of `files` that defines `id` as `role`.
    private func definition(of id: String, as role: DocumentOutline.Role, in files: [String]) -> Place? {
        for file in files {
            if let found = workspace.outline(of: file).mentions.first(where: { $0.role == role && $0.text == id }) {
                return Place(path: file, mention: found)
            }
        }
        return nil
    }

    /// A menu and the menus it extends; for an inventory, its store's menu
    /// and those.
    private func menuLineage(of path: String) -> [String] {
        var menu = path
        if case .inventory(let store) = workspace.kind(of: path) {
            guard let storeMenu = store.menuPath else { return [] }
            menu = storeMenu
        }
        return [menu] + workspace.ancestors(of: menu)
    }

    // MARK: References and rename

    /// Every place that writes the fruit, recipe or supplier id at `place`,
    /// across its family of files (see ``Workspace/family(of:)``).
    func references(of place: Place) -> [Place] {
        let role = place.mention.role
        guard role != .path else { return [] }
        var found: [Place] = []
        for file in family(of: place) {
            for mention in workspace.outline(of: file).mentions where mention.text == place.mention.text {
                let same =
                    (role.isFruit && mention.role.isFruit) || (role.isSupplier && mention.role.isSupplier)
                    || (role == .recipeDefinition && mention.role == .recipeDefinition)
                if same { found.append(Place(path: file, mention: mention)) }
            }
        }
        return found
    }

    /// The files that may write the id at `place`: its menu's family, or
    /// for an inventory its store menu's.
    private func family(of place: Place) -> [String] {
        if case .inventory(let store) = workspace.kind(of: place.path), let menu = store.menuPath {
            return workspace.family(of: menu)
        }
        return workspace.family(of: place.path)
    }

    /// The edits that rename the id at `place` to `name` everywhere it is
    /// written.
    func rename(_ place: Place, to name: String) throws(ResponseError) -> JSON {
        guard place.mention.role != .path else {
            throw ResponseError(.requestFailed, "only a fruit, recipe or supplier id can be renamed")
        }
        guard Self.isID(name) else {
            throw ResponseError(.requestFailed, "'\(name)' is not an id: a letter, then letters, digits, _ or -")
        }
        if name != place.mention.text,
            let taken = definition(named: name, like: place.mention.role, in: family(of: place))
        {
            throw ResponseError(
                .requestFailed,
                "'\(name)' is already a \(taken) of this menu: renaming would merge the two; choose another id")
        }
        var changes: [String: [JSON]] = [:]
        for found in references(of: place) {
            changes[OpenDocument.uri(ofPath: found.path), default: []].append(
                ["range": range(found).json, "newText": .string(name)])
        }
        return ["changes": .object(changes.mapValues(JSON.array))]
    }

    /// What `name` already is ("fruit", "recipe", "supplier") among the
    /// definitions of the kind `role` names in `files`; `nil` when it is
    /// free.
    private func definition(named name: String, like role: DocumentOutline.Role, in files: [String]) -> String? {
        let (kind, definition): (String, DocumentOutline.Role) =
            role.isFruit
            ? ("fruit", .fruitDefinition)
            : role.isSupplier ? ("supplier", .supplierDefinition) : ("recipe", .recipeDefinition)
        for file in files {
            if workspace.outline(of: file).mentions.contains(where: { $0.role == definition && $0.text == name }) {
                return kind
            }
        }
        return nil
    }

    /// What one serving of `recipe` costs in fruit; `nil` when a fruit has
    /// no cost or the sum passes the largest integer (costs and amounts may
    /// each be up to a billion).
    static func cost(of recipe: Recipe, in menu: Menu) -> Int? {
        var total = 0
        for ingredient in recipe.ingredients {
            guard let cost = menu.fruit(id: ingredient.fruit)?.cost else { return nil }
            let (each, overflow) = cost.multipliedReportingOverflow(by: ingredient.quantity)
            let (sum, overflowed) = total.addingReportingOverflow(each)
            guard !overflow, !overflowed else { return nil }
            total = sum
        }
        return total
    }

    /// Whether `text` follows the id rule (SPEC 2) and its length limit.
    static func isID(_ text: String) -> Bool {
        Schema.isValidID(text) && text.utf8.count <= Schema.maximumIDLength
    }

    // MARK: Hover

    /// What the id at `place` is: a fruit's names, stock, cost and the
    /// juices that use it; a recipe's uses, price, margin and the servings
    /// the stock allows now.
    func hover(_ place: Place) -> JSON {
        guard let store = workspace.store(for: place.path) else { return .null }
        let menu = store.menu
        let stock = (try? store.readStock())?.inventory ?? Inventory(initialStockOf: menu)
        let language = catalogue.language.rawValue
        var lines: [String] = []
        let mention = place.mention
        if mention.role.isFruit, let fruit = menu.fruit(id: mention.text) {
            lines.append("**\(fruit.id)**" + (fruit.name.map { " — " + $0.allTranslations } ?? ""))
            var figures = ["\(catalogue.title(.stockHeader)): \(stock[fruit.id])"]
            if let cost = fruit.cost { figures.append("\(catalogue.title(.costHeader)): \(cost)") }
            lines.append(figures.joined(separator: " · "))
            let juices = menu.recipes.filter { $0.ingredients.contains { $0.fruit == fruit.id } }
            if !juices.isEmpty {
                lines.append(
                    "\(catalogue.title(.juiceHeader)): "
                        + juices.map { juice in
                            juice.name == nil ? juice.id : "\(juice.id) (\(juice.displayName(for: language)))"
                        }.joined(separator: ", "))
            }
        } else if mention.role == .recipeDefinition, let recipe = menu.recipe(id: mention.text) {
            lines.append("**\(recipe.id)**" + (recipe.name.map { " — " + $0.allTranslations } ?? ""))
            lines.append(
                "\(catalogue.title(.usesHeader)): "
                    + recipe.ingredients.map {
                        "\($0.fruit) × \($0.quantity) (\(menu.fruitName($0.fruit, for: language)))"
                    }
                    .joined(separator: ", "))
            var figures: [String] = []
            if let price = recipe.price {
                figures.append("\(catalogue.title(.priceHeader)): \(price)")
                if let cost = Self.cost(of: recipe, in: menu) {
                    let (margin, overflow) = price.subtractingReportingOverflow(cost)
                    if !overflow { figures.append("\(catalogue.title(.marginHeader)): \(margin)") }
                }
            }
            figures.append("\(catalogue.title(.servingsHeader)): \(stock.availability(of: recipe).servings)")
            lines.append(figures.joined(separator: " · "))
        } else {
            return .null
        }
        return [
            "contents": ["kind": "markdown", "value": .string(lines.joined(separator: "\n\n"))],
            "range": range(place).json,
        ]
    }
}
