import JuiceMix

extension Failure {
    /// The failure of a mix: minimums the stock cannot meet are refused
    /// with the shortfall, as a `make` of them would be (exit 1); a solver
    /// that cannot be loaded is unavailable (exit 69); anything else is a
    /// usage error.
    package init(_ error: MixError, catalogue: Catalogue) {
        switch error {
        case .insufficient(let shortages): self = .minimumsShort(shortages)
        case .solverUnavailable: self = .unavailable(catalogue.describe(error) ?? "")
        case .missingPrice, .unknownRecipe, .maximumBelowMinimum, .boundOutOfRange, .beyondCounting:
            self = .usage(catalogue.describe(error) ?? "")
        }
    }
}
