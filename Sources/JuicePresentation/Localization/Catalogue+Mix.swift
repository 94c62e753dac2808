import JuiceMaker
import JuiceMix

extension Catalogue {
    /// Why a mix cannot be asked for, in one sentence of this catalogue's
    /// language; `nil` for a stock that cannot meet the minimums, which is
    /// said as a refused `make` is.
    package func describe(_ error: MixError) -> String? {
        error.message.map { self($0) }
    }
}
