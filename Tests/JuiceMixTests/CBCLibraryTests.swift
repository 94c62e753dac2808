import Testing

@testable import JuiceMix

/// CBC is loaded when a mix is first solved: found by the dynamic loader,
/// or refused with its reasons.
@Suite struct CBCLibraryTests {
    @Test func theInstalledSolverIsFound() throws {
        let functions = try CBCLibrary.load(from: CBCLibrary.candidates).get()
        // A model made and freed through the functions found.
        let model = try #require(functions.newModel())
        functions.deleteModel(model)
    }

    /// The reasons are glibc's dynamic loader's words.
    @Test(.enabled(if: isGlibc)) func aSolverThatCannotBeLoadedIsUnavailableWithEachReason() throws {
        // One file that does not exist, one library that is not CBC.
        let result = CBCLibrary.load(from: ["/nonexistent/libCbcSolver.so", "libyaml-0.so.2"])
        guard case .failure(.solverUnavailable(let reasons)) = result else {
            Issue.record("loaded: \(result)")
            return
        }
        let parts = reasons.split(separator: "; ")
        #expect(parts.count == 2)
        #expect(parts.first?.hasPrefix("/nonexistent/libCbcSolver.so: cannot open shared object file") == true)
        #expect(parts.last?.contains("undefined symbol: Cbc_newModel") == true)
    }
}

/// Whether the C library is glibc.
#if canImport(Glibc)
    private let isGlibc = true
#else
    private let isGlibc = false
#endif
