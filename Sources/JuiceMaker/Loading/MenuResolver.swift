internal import MarkedYAML

/// Checks a merged ``MenuDraft``'s recipes against its fruits and builds the
/// ``Menu``: the checks that need the whole menu.
enum MenuResolver {
    /// - Parameter draft: a merged draft: every entry has a value.
    static func resolve(_ draft: MenuDraft) -> Loaded<Menu> {
        // The entries are read in place: a menu of many recipes is not
        // copied on the way to its `Menu`.
        let recipes = draft.recipes.compactMap { entry in
            entry.value.map { Recipe(id: entry.id, name: $0.name, ingredients: $0.ingredients) }
        }
        let menu = Menu(validatedFruits: draft.fruits.compactMap(\.value), recipes: recipes)
        // The menu has found each ingredient's fruit by position: -1 for one
        // it does not declare.
        var diagnostics: [Diagnostic] = []
        var isUsed = [Bool](repeating: false, count: menu.fruits.count)
        var mentions: Set<String> = []
        var position = 0
        for entry in draft.recipes {
            guard let recipe = entry.value else { continue }
            defer { position += 1 }
            mentions.formUnion(recipe.invalidMentions)
            let start = menu.ingredientStarts[position]
            for (offset, ingredient) in recipe.ingredients.enumerated() {
                let fruit = menu.ingredientFruits[start + offset]
                if fruit >= 0 {
                    isUsed[fruit] = true
                    continue
                }
                let suggestion = Suggestion.clause(for: ingredient.fruit, among: menu.fruits.map(\.id))
                diagnostics.append(
                    .error(
                        .unknownFruit, "unknown fruit '\(ingredient.fruit)' in recipe '\(entry.id)'\(suggestion)",
                        at: SourceLocation(file: entry.location.file, mark: recipe.ingredientMarks[offset])))
            }
        }
        // A fruit whose id is invalid has its error already.
        for (position, entry) in draft.fruits.lazy.filter({ $0.value != nil }).enumerated()
        where !isUsed[position] && !mentions.contains(entry.id) && Schema.isValidID(entry.id) {
            diagnostics.append(.warning(.unusedFruit, "fruit '\(entry.id)' is used by no recipe", at: entry.location))
        }
        return Loaded(value: menu, diagnostics: diagnostics)
    }
}
