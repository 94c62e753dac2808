import JuiceMaker
import JuiceMix
import JuicePresentation

/// The `--min` and `--max` of `juice mix` as typed, parsed once and
/// resolved against each store's menu: a recipe is named by id or display
/// name, as `make` takes it.
struct MixBounds: Sendable {
    /// A bound that does not fit a menu, said in the user's language.
    struct Problem: Error {
        var message: String
    }

    /// `--min`, each as typed: `RECIPE=N`, or `RECIPE` for 1.
    var minimum: [OrderRequest]
    /// `--max`, each as typed.
    var maximum: [OrderRequest]

    /// Parses the bounds: N from 1 for `--min` (`RECIPE` alone is 1), from
    /// 0 for `--max` (none of that recipe), which must give it.
    ///
    /// - Throws: a usage error for a bound that is not `RECIPE=N`.
    init(_ options: MixOptions, context: FailureContext) throws(CommandError) {
        if let bare = options.maximum.first(where: { !$0.contains("=") }) {
            // A cap without a number is almost always a mistake: a
            // `--max banana` meaning 1 would quietly cap the mix.
            throw CommandError(.usage(Output.catalogue(.maxNeedsCount, bare)), context: context)
        }
        do {
            minimum = try options.minimum.map { text throws(OrderError) in try OrderRequest(parsing: text) }
            maximum = try options.maximum.map { text throws(OrderError) in
                if let equals = text.firstIndex(of: "="),
                    Schema.parseCount(text[text.index(after: equals)...], in: 0...0) != nil
                {
                    // `RECIPE=0`, none of it: a bound, though no order is of 0.
                    return OrderRequest(recipe: String(text[..<equals]), servings: 0)
                }
                return try OrderRequest(parsing: text)
            }
        } catch {
            throw CommandError(.usage(Output.catalogue(error.message)), context: context)
        }
    }

    /// `base` with the bounds for `menu`: each bound's recipe found by id
    /// or name.
    ///
    /// - Throws: ``Problem`` for a recipe the menu lacks (with did-you-mean)
    ///   or one bounded twice the same way.
    func request(for menu: Menu, _ base: MixRequest) throws(Problem) -> MixRequest {
        var request = base
        request.minimum = try resolve(minimum, in: menu, option: "--min")
        request.maximum = try resolve(maximum, in: menu, option: "--max")
        return request
    }

    private func resolve(_ bounds: [OrderRequest], in menu: Menu, option: String) throws(Problem) -> [String: Int] {
        var servings: [String: Int] = [:]
        for bound in bounds {
            let recipe: Recipe
            do {
                recipe = try menu.recipe(named: bound.recipe)
            } catch {
                throw Problem(message: Output.catalogue(error.message))
            }
            guard servings.updateValue(bound.servings, forKey: recipe.id) == nil else {
                throw Problem(message: Output.catalogue(.boundTwice, recipe.id, option))
            }
        }
        return servings
    }
}
