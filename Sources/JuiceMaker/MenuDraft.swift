/// A menu file as written, before its recipes are checked against its
/// fruits: each entry keeps where its key stands, so that later checks can
/// point at it.
struct MenuDraft {
    /// One fruit or recipe entry.
    struct Entry<Value> {
        var id: String
        var value: Value
        /// Where the entry's key is written.
        var location: SourceLocation
    }

    /// One ingredient of a recipe, with the place of its fruit key.
    struct Ingredient {
        var fruit: String
        var quantity: Int
        var location: SourceLocation
    }

    /// A recipe whose fruit references are still unchecked.
    struct Recipe {
        var name: DisplayName?
        var ingredients: [Ingredient]
    }

    var fruits: [Entry<Fruit>] = []
    var recipes: [Entry<Recipe>] = []
    /// Every fruit a recipe names, valid or not, so that a fruit whose only
    /// recipe has an error is not also reported as unused.
    var mentionedFruits: Set<String> = []
}
