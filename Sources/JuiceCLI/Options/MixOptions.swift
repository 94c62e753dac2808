import ArgumentParser
import JuiceMix
import JuicePresentation

/// What `juice mix` makes as large as possible, as typed.
enum ObjectiveOption: String, CaseIterable, ExpressibleByArgument {
    case servings, revenue, margin, fresh

    /// The library's objective.
    var objective: MixObjective {
        switch self {
        case .servings: return .servings
        case .revenue: return .revenue
        case .margin: return .margin
        case .fresh: return .fresh
        }
    }
}

/// The question of `juice mix`: the objective, the bounds per recipe, and
/// how long to search.
struct MixOptions: ParsableArguments {
    @Option(help: ArgumentHelp(Output.catalogue(.objectiveOption)))
    var objective: ObjectiveOption = .servings

    @Option(
        name: .customLong("max"),
        help: ArgumentHelp(Output.catalogue(.maxOption), valueName: "recipe=n"),
        completion: .recipeIDs)
    var maximum: [String] = []

    @Option(
        name: .customLong("min"),
        help: ArgumentHelp(Output.catalogue(.minOption), valueName: "recipe=n"),
        completion: .recipeIDs)
    var minimum: [String] = []

    @Option(help: ArgumentHelp(Output.catalogue(.timeLimitOption), valueName: "seconds"))
    var timeLimit: Double = MixRequest.defaultTimeLimit

    @Option(
        help: ArgumentHelp(Output.catalogue(.gapToleranceOption), valueName: "fraction"))
    var gapTolerance: Double = MixRequest.defaultGapTolerance

    /// The request without bounds: the objective, the time limit and the
    /// gap tolerance.
    var request: MixRequest {
        MixRequest(objective: objective.objective, timeLimit: timeLimit, gapTolerance: gapTolerance)
    }

    /// The longest time limit: a day.
    static let maximumTimeLimit = 86_400.0

    /// Refuses a time limit or gap tolerance out of range, as usage errors.
    func check(context: FailureContext) throws(CommandError) {
        guard timeLimit.isFinite, timeLimit > 0, timeLimit <= Self.maximumTimeLimit else {
            throw CommandError(
                .usage(Output.catalogue(.invalidTimeLimit, timeLimit, Int(Self.maximumTimeLimit))), context: context)
        }
        guard gapTolerance.isFinite, (0...1).contains(gapTolerance) else {
            throw CommandError(.usage(Output.catalogue(.invalidGapTolerance, gapTolerance)), context: context)
        }
    }
}
