import JuiceMaker
import JuicePresentation

/// What to say when an order or a change on the command line does not fit
/// the menu: the library's sentence, and what to type instead where the
/// mistake is a common one.
enum ArgumentHint {
    /// - Parameters:
    ///   - previous: the argument before the one that failed, as typed, if
    ///     any.
    ///   - menu: the menu the argument was read against: a fruit named as
    ///     a recipe is answered with the recipes that use it.
    ///   - menuArguments: the options that name the menu, as a suggested
    ///     `juice menu` repeats them (each after a space); `nil` for JSON,
    ///     whose message is the counter's too and suggests no command.
    static func message(for error: OrderError, previous: String?, menu: Menu, menuArguments: String?) -> String {
        let text = Output.catalogue
        switch error {
        case .unknownRecipe(let name, _) where !name.isEmpty && name.allSatisfy(\.isASCIIDigit):
            guard let previous, !previous.contains("=") else { return text(error.message) }
            return text(.countAsWord, name, previous)
        case .fruitNamedAsRecipe(let name):
            let adjust = Output.shellQuoted(name + "=+N")
            guard let fruit = try? menu.fruit(named: name) else {
                return text(.fruitToMake, text(error.message), adjust)
            }
            let using = menu.recipes.filter { recipe in recipe.ingredients.contains { $0.fruit == fruit.id } }.map(\.id)
            guard !using.isEmpty else { return text(.fruitToMake, text(error.message), adjust) }
            return text(.juicesUsingFruit, text(error.message), using.joined(separator: ", "), adjust)
        case .unknownRecipe:
            guard let menuArguments else { return text(error.message) }
            return text(.recipesOnMenu, text(error.message), menuArguments)
        case .recipeNamedAsFruit(let name):
            return text(.recipeToAdjust, text(error.message), Output.shellQuoted(name))
        default:
            return text(error.message)
        }
    }
}

extension Character {
    /// Whether this is one of `0` to `9`.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
