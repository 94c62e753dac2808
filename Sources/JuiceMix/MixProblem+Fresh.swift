/// The mix that sells first what spoils first (``MixObjective/fresh``).
extension MixProblem {
    /// The best mix for ``MixObjective/fresh``, lexicographically, in two
    /// solves of one program: first the most fruit used from expiring lots
    /// (a variable per fruit with such lots, at most those lots and at most
    /// what the mix uses of the fruit, their sum maximised); then, that
    /// much held as a floor, the most servings. Two solves, not one
    /// weighted sum: a weight that puts a fruit before every serving would
    /// pass what a double counts exactly on a large stock.
    ///
    /// The first solve's gap is the mix's; when the second is stopped by
    /// the time limit, the mix uses the most expiring fruit (gap 0) but is
    /// said stopped, its servings not proven the most. The first solve
    /// gets nine tenths of the time limit, the second what is left: never
    /// longer than about the time limit, as ``Menu/bestMix(from:_:)`` says.
    func freshMix(from start: [Int], timeLimit: Double, gapTolerance: Double) throws(MixError) -> Mix {
        let began = ContinuousClock.now
        let recipes = values.count
        let fruits = expiring.indices.filter { expiring[$0] > 0 }
        let stockRows = stockRows
        // y(fruit) - what the servings use of it <= 0.
        let expiringRows = fruits.enumerated().map { position, fruit in
            (
                entries: [(column: recipes + position, coefficient: 1.0)]
                    + rows[fruit].map { (column: $0.recipe, coefficient: -Double($0.quantity)) }, limit: 0.0
            )
        }
        func columns(freshFirst: Bool) -> [(lower: Double, upper: Double, objective: Double)] {
            values.indices.map { (Double(lower[$0]), Double(upper[$0]), freshFirst ? 0 : Double(values[$0])) }
                + fruits.map { (0, Double(expiring[$0]), freshFirst ? 1 : 0) }
        }
        func point(_ servings: [Int]) -> [Double] {
            let used = used(by: servings)
            return servings.map(Double.init) + fruits.map { Double(min(used[$0], expiring[$0])) }
        }
        func servings(of outcome: CBCModel.Outcome) -> [Int]? {
            outcome.solution.map { self.servings(from: Array($0.prefix(recipes))) }
        }

        var best = start
        var gap = 0
        var firstFinished = true
        if !fruits.isEmpty {
            let first = try CBCModel.maximise(
                columns: columns(freshFirst: true), rows: stockRows + expiringRows, start: point(start),
                timeLimit: timeLimit * 0.9, gapTolerance: gapTolerance)
            if let found = servings(of: first), try value(of: found) > value(of: best) { best = found }
            gap = self.gap(of: try value(of: best), bound: first.bound, finished: first.finished)
            firstFinished = first.finished
        }
        let fruitUsed = try value(of: best)
        let elapsed = began.duration(to: .now)
        let left = timeLimit - Double(elapsed.components.seconds) - Double(elapsed.components.attoseconds) * 1e-18
        // Σ y >= what the first solve used: -Σ y <= -fruitUsed.
        let floorRow = (
            entries: fruits.indices.map { (column: recipes + $0, coefficient: -1.0) }, limit: -Double(fruitUsed)
        )
        let second = try CBCModel.maximise(
            columns: columns(freshFirst: false), rows: stockRows + expiringRows + [floorRow], start: point(best),
            timeLimit: max(left, timeLimit / 10), gapTolerance: gapTolerance)
        if let found = servings(of: second), try value(of: found) >= fruitUsed,
            found.reduce(0, +) > best.reduce(0, +)
        {
            best = found
        }
        let status: MixStatus =
            gap > 0 ? (firstFinished ? .gapTolerance : .timeLimit) : (second.finished ? .optimal : .timeLimit)
        return try mix(best, status: status, gap: gap)
    }
}
