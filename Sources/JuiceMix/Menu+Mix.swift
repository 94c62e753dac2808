import JuiceMaker

extension Menu {
    /// The best mix of this menu's recipes from `inventory`: the servings
    /// of each recipe, within the request's bounds, that make its objective
    /// as large as possible, found as an integer program by CBC. Only the
    /// lots that have not expired on the request's ``MixRequest/today``
    /// are used.
    ///
    /// Exact unless the time limit (or the gap tolerance) ends the search
    /// first: then the best mix found, and the gap to the best value that
    /// may exist. Never longer than about the time limit.
    ///
    /// - Throws: ``MixError`` when the request does not fit the menu (an
    ///   unknown recipe, a bound out of range or a maximum below a minimum,
    ///   a missing price) or the stock cannot make the minimums, and when
    ///   CBC cannot be loaded.
    public func bestMix(from inventory: Inventory, _ request: MixRequest = MixRequest()) throws(MixError) -> Mix {
        let problem = try MixProblem(menu: self, inventory: inventory, request: request)
        let start = problem.greedy()
        // Nothing to choose: every recipe's servings are fixed by its bounds.
        guard problem.lower != problem.upper else { return try problem.mix(start, status: .optimal, gap: 0) }
        if problem.objective == .fresh {
            return try problem.freshMix(
                from: start, timeLimit: request.timeLimit, gapTolerance: request.gapTolerance)
        }
        let outcome = try CBCModel.maximise(
            columns: problem.values.indices.map {
                (Double(problem.lower[$0]), Double(problem.upper[$0]), Double(problem.values[$0]))
            },
            rows: problem.stockRows, start: start.map(Double.init), timeLimit: request.timeLimit,
            gapTolerance: request.gapTolerance)
        // The greedy mix stands in should the solver have none better.
        let found = outcome.solution.map(problem.servings(from:)) ?? start
        let servings = try problem.value(of: found) >= problem.value(of: start) ? found : start
        let value = try problem.value(of: servings)
        let gap = problem.gap(of: value, bound: outcome.bound, finished: outcome.finished)
        if gap == 0 { return try problem.mix(servings, status: .optimal, gap: 0) }
        return try problem.mix(servings, status: outcome.finished ? .gapTolerance : .timeLimit, gap: gap)
    }

    /// The greedy mix, for comparison: the minimums first, then the recipe
    /// worth most per serving first, as many servings as the fruit left
    /// allows, and so on. Its ``Mix/status`` says ``MixStatus/optimal``
    /// only when nothing was left to choose; its ``Mix/gap`` is not
    /// computed (0).
    ///
    /// - Throws: as ``bestMix(from:_:)``.
    public func greedyMix(from inventory: Inventory, _ request: MixRequest = MixRequest()) throws(MixError) -> Mix {
        let problem = try MixProblem(menu: self, inventory: inventory, request: request)
        return try problem.mix(problem.greedy(), status: problem.lower == problem.upper ? .optimal : .timeLimit, gap: 0)
    }
}
