import MarkedYAML

/// Checks a merged ``MenuDraft``'s recipes against its fruits and builds the
/// ``Menu``: the checks that need the whole menu.
enum MenuResolver {
    /// - Parameter draft: a merged draft: every entry has a value.
    static func resolve(_ draft: MenuDraft) -> Loaded<Menu> {
        var diagnostics: [Diagnostic] = []
        let fruitIDs = draft.fruits.map(\.id)
        let declared = Set(fruitIDs)
        var used: Set<String> = []
        var recipes: [Recipe] = []
        for entry in draft.recipes {
            guard let recipe = entry.value else { continue }
            used.formUnion(recipe.invalidMentions)
            for (ingredient, mark) in zip(recipe.ingredients, recipe.ingredientMarks) {
                used.insert(ingredient.fruit)
                guard !declared.contains(ingredient.fruit) else { continue }
                let suggestion = Suggestion.clause(for: ingredient.fruit, among: fruitIDs)
                diagnostics.append(
                    .error(
                        .unknownFruit, "unknown fruit '\(ingredient.fruit)' in recipe '\(entry.id)'\(suggestion)",
                        at: SourceLocation(file: entry.location.file, mark: mark)))
            }
            recipes.append(Recipe(id: entry.id, name: recipe.name, ingredients: recipe.ingredients))
        }
        // A fruit whose id is invalid has its error already.
        for entry in draft.fruits where !used.contains(entry.id) && Schema.isValidID(entry.id) {
            diagnostics.append(.warning(.unusedFruit, "fruit '\(entry.id)' is used by no recipe", at: entry.location))
        }
        let menu = Menu(validatedFruits: draft.fruits.compactMap(\.value), recipes: recipes)
        return Loaded(value: menu, diagnostics: diagnostics)
    }
}
