import JuiceMaker
import Testing

@testable import JuiceMix

/// The integer program's own arithmetic, apart from the solver.
@Suite struct MixProblemTests {
    /// A solver's value that is no whole number an `Int` holds (a NaN, an
    /// infinity, 10^30) stands for the recipe's lower bound, not a trap
    /// (issue 32: `Int(someDouble)` on a value from outside).
    @Test func aSolutionPastWhatAnIntHoldsIsTakenAsTheLowerBound() throws {
        let problem = try MixProblem(
            menu: .builtin, inventory: Inventory(initialStockOf: .builtin), request: MixRequest())
        for value in [Double.nan, .infinity, -.infinity, 1e30] {
            let servings = problem.servings(from: Array(repeating: value, count: problem.values.count))
            #expect(servings == problem.lower, "\(value)")
        }
    }
}
