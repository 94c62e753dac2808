internal import CCbc
import Synchronization

/// One CBC model: created in `init`, freed in `deinit`; values in, values
/// out, no pointer escapes.
///
/// CBC 2.10's `Cbc_solve` runs its command-line driver (`CbcMain1`), which
/// keeps global state and is not known to be safe on distinct models in
/// parallel threads (coin-or/Cbc issues 223, 304, 332). So every model's
/// whole life, from creation to the last read of its solution, runs under
/// one process-wide lock, in
/// ``maximise(columns:rows:start:timeLimit:gapTolerance:)``: chain stores
/// build their models and read their answers in parallel, and solve one at
/// a time.
final class CBCModel {
    /// What one solve found.
    struct Outcome {
        /// The best integer solution found, a value per column; `nil` if none.
        var solution: [Double]?
        /// The best bound on the objective that the search proved (at least
        /// any solution's value, as this is a maximisation).
        var bound: Double
        /// Whether the search ran to the end (not stopped by the time limit).
        var finished: Bool
    }

    private static let lock = Mutex(())

    /// CBC's functions, from ``CBCLibrary``.
    private let functions: JuiceCBCFunctions
    private let model: UnsafeMutableRawPointer

    private init(_ functions: JuiceCBCFunctions) {
        self.functions = functions
        // Only a failed allocation returns no model.
        guard let model = functions.newModel() else { fatalError("CBC could not allocate a model") }
        self.model = model
        // Nothing on stdout: juice's results are there.
        functions.setLogLevel(model, 0)
    }

    deinit {
        functions.deleteModel(model)
    }

    /// Maximises `objective · x` subject to `rows` (`Σ coefficient · x ≤
    /// limit`) and integer `x` within the column bounds.
    ///
    /// - Parameters:
    ///   - columns: per column, its bounds and objective coefficient.
    ///   - rows: per row, its entries (column, coefficient) and upper limit.
    ///   - start: a feasible solution to start from, a value per column.
    ///   - timeLimit: seconds.
    ///   - gapTolerance: the relative gap at which the search may stop.
    /// - Throws: ``MixError/solverUnavailable(_:)`` when CBC cannot be
    ///   loaded.
    static func maximise(
        columns: [(lower: Double, upper: Double, objective: Double)],
        rows: [(entries: [(column: Int, coefficient: Double)], limit: Double)], start: [Double], timeLimit: Double,
        gapTolerance: Double
    ) throws(MixError) -> Outcome {
        let functions = try CBCLibrary.functions.get()
        // The matrix, column by column (compressed sparse column).
        var byColumn = [[(row: Int32, coefficient: Double)]](repeating: [], count: columns.count)
        for (row, entries) in rows.enumerated() {
            for entry in entries.entries { byColumn[entry.column].append((Int32(row), entry.coefficient)) }
        }
        var starts: [Int32] = [0]
        var indices: [Int32] = []
        var values: [Double] = []
        for column in byColumn {
            indices += column.map(\.row)
            values += column.map(\.coefficient)
            starts.append(Int32(indices.count))
        }
        return lock.withLock { _ in
            let cbc = CBCModel(functions)
            functions.loadProblem(
                cbc.model, Int32(columns.count), Int32(rows.count), starts, indices, values, columns.map(\.lower),
                columns.map(\.upper), columns.map(\.objective), rows.map { _ in -Double.infinity },
                rows.map(\.limit))
            for column in columns.indices { functions.setInteger(cbc.model, Int32(column)) }
            functions.setObjSense(cbc.model, -1)
            functions.setMaximumSeconds(cbc.model, timeLimit)
            // Seconds on the clock, not of CPU time: a busy machine must not
            // stretch the wait.
            functions.setParameter(cbc.model, "timeMode", "elapsed")
            // Every objective here is a whole number: a gap below 1 is none.
            functions.setAllowableGap(cbc.model, 0.999)
            functions.setAllowableFractionGap(cbc.model, gapTolerance)
            let nonzero = start.indices.filter { start[$0] != 0 }
            if !nonzero.isEmpty {
                functions.setMIPStartI(
                    cbc.model, Int32(nonzero.count), nonzero.map { Int32($0) }, nonzero.map { start[$0] })
            }
            // What it returns is read from the model below.
            _ = functions.solve(cbc.model)
            var solution: [Double]?
            if functions.bestSolution(cbc.model) != nil, let pointer = functions.getColSolution(cbc.model) {
                solution = Array(UnsafeBufferPointer(start: pointer, count: columns.count))
            }
            let finished = functions.isProvenOptimal(cbc.model) != 0
            return Outcome(solution: solution, bound: functions.getBestPossibleObjValue(cbc.model), finished: finished)
        }
    }
}
