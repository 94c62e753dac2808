import JuiceMix

extension Failure {
    /// The failure of a mix: minimums the stock cannot meet are refused
    /// with the shortfall, as a `make` of them would be (exit 1); anything
    /// else is a usage error.
    init(_ error: MixError) {
        if case .insufficient(let shortages) = error {
            self = .minimumsShort(shortages)
        } else {
            self = .usage(Output.catalogue.describe(error) ?? "")
        }
    }
}
