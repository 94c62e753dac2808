/// Checks a ``MenuDraft``'s recipes against its fruits and builds the
/// ``Menu``: the checks that need the whole menu.
enum MenuResolver {
    static func resolve(_ draft: MenuDraft) -> Loaded<Menu> {
        var diagnostics: [Diagnostic] = []
        let declared = Set(draft.fruits.map(\.id))
        var recipes: [Recipe] = []
        for entry in draft.recipes {
            var ingredients: [Recipe.Ingredient] = []
            for ingredient in entry.value.ingredients {
                guard declared.contains(ingredient.fruit) else {
                    let suggestion = Suggestion.clause(for: ingredient.fruit, among: draft.fruits.map(\.id))
                    diagnostics.append(
                        .error(
                            .unknownFruit, "unknown fruit '\(ingredient.fruit)' in recipe '\(entry.id)'\(suggestion)",
                            at: ingredient.location))
                    continue
                }
                ingredients.append(Recipe.Ingredient(fruit: ingredient.fruit, quantity: ingredient.quantity))
            }
            recipes.append(Recipe(id: entry.id, name: entry.value.name, ingredients: ingredients))
        }
        for entry in draft.fruits where !draft.mentionedFruits.contains(entry.id) {
            diagnostics.append(.warning(.unusedFruit, "fruit '\(entry.id)' is used by no recipe", at: entry.location))
        }
        let menu = Menu(validatedFruits: draft.fruits.map(\.value), recipes: recipes)
        return Loaded(value: menu, diagnostics: diagnostics)
    }
}
