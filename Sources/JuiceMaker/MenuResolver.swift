import MarkedYAML

/// Checks a merged ``MenuDraft``'s recipes against its fruits and builds the
/// ``Menu``: the checks that need the whole menu.
enum MenuResolver {
    /// - Parameter draft: a merged draft: every entry has a value.
    static func resolve(_ draft: MenuDraft) -> Loaded<Menu> {
        let fruitEntries = draft.fruits.filter { $0.value != nil }
        let recipeEntries = draft.recipes.filter { $0.value != nil }
        let recipes = recipeEntries.map { entry in
            Recipe(id: entry.id, name: entry.value?.name, ingredients: entry.value?.ingredients ?? [])
        }
        let menu = Menu(validatedFruits: fruitEntries.compactMap(\.value), recipes: recipes)
        // The menu has found each ingredient's fruit by position: -1 for one
        // it does not declare.
        var diagnostics: [Diagnostic] = []
        var isUsed = [Bool](repeating: false, count: menu.fruits.count)
        var mentions: Set<String> = []
        for (position, entry) in recipeEntries.enumerated() {
            guard let recipe = entry.value else { continue }
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
        for (position, entry) in fruitEntries.enumerated()
        where !isUsed[position] && !mentions.contains(entry.id) && Schema.isValidID(entry.id) {
            diagnostics.append(.warning(.unusedFruit, "fruit '\(entry.id)' is used by no recipe", at: entry.location))
        }
        return Loaded(value: menu, diagnostics: diagnostics)
    }
}
