extension Menu {
    /// The recipe a person names on the command line: its id, or its
    /// display name in any language the menu gives, exactly or ignoring
    /// ASCII case (`딸바쥬스`, `banana juice`).
    ///
    /// - Throws: ``OrderError/ambiguous(_:candidates:)`` when the name fits
    ///   several recipes, ``OrderError/fruitNamedAsRecipe(_:)`` when it names
    ///   only a fruit, else ``OrderError/unknownRecipe(_:suggestion:)``.
    public func recipe(named name: String) throws(OrderError) -> Recipe {
        if let recipe = recipe(id: name) { return recipe }
        let matches = Self.positions(named: name, ids: recipes.ids, names: recipes.indices.map(recipes.name(at:)))
        if matches.count == 1 { return recipes[matches[0]] }
        if matches.count > 1 { throw .ambiguous(name, candidates: matches.map { recipes[$0].id }) }
        if (try? fruit(named: name)) != nil { throw .fruitNamedAsRecipe(name) }
        throw .unknownRecipe(
            name,
            suggestion: Suggestion.closest(
                to: name, among: Self.words(recipes.indices.map { (recipes.id(at: $0), recipes.name(at: $0)) })))
    }

    /// The fruit a person names: its id, or its display name in any
    /// language the menu gives, exactly or ignoring ASCII case (`딸기`).
    ///
    /// - Throws: ``OrderError/ambiguous(_:candidates:)`` when the name fits
    ///   several fruits, ``OrderError/recipeNamedAsFruit(_:)`` when it names
    ///   only a recipe, else ``OrderError/unknownFruit(_:suggestion:)``.
    public func fruit(named name: String) throws(OrderError) -> Fruit {
        if let fruit = fruit(id: name) { return fruit }
        let matches = Self.positions(named: name, ids: fruits.map(\.id), names: fruits.map(\.name))
        if matches.count == 1 { return fruits[matches[0]] }
        if matches.count > 1 { throw .ambiguous(name, candidates: matches.map { fruits[$0].id }) }
        if Self.positions(named: name, ids: recipes.ids, names: recipes.indices.map(recipes.name(at:))).count > 0 {
            throw .recipeNamedAsFruit(name)
        }
        throw .unknownFruit(
            name, suggestion: Suggestion.closest(to: name, among: Self.words(fruits.map { ($0.id, $0.name) })))
    }

    /// The positions of the entries that `name` names: by a display name,
    /// exactly; failing that, by id or display name ignoring ASCII case.
    private static func positions(named name: String, ids: [String], names: [DisplayName?]) -> [Int] {
        let exact = names.indices.filter { names[$0]?.translations.contains { $0.text == name } ?? false }
        if !exact.isEmpty { return exact }
        let folded = asciiLowercased(name)
        return ids.indices.filter { position in
            asciiLowercased(ids[position]) == folded
                || (names[position]?.translations.contains { asciiLowercased($0.text) == folded } ?? false)
        }
    }

    /// Every id and every display name, the words a person may type.
    private static func words(_ entries: [(id: String, name: DisplayName?)]) -> [String] {
        entries.flatMap { [$0.id] + ($0.name?.translations.map(\.text) ?? []) }
    }

    /// `text` with ASCII capitals made small and everything else kept.
    private static func asciiLowercased(_ text: String) -> String {
        String(
            decoding: text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 },
            as: UTF8.self)
    }
}
