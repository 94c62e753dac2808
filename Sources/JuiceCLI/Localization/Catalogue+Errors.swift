import JuiceMaker

/// The library's errors said in the catalogue's language: in English, the
/// same sentences as their descriptions. (JSON `message` values follow the
/// language too; JSON codes and keys never do.)
extension Catalogue {
    /// A file error, `path: what went wrong` (the system's reason as it
    /// gives it).
    func describe(_ error: FileError) -> String {
        switch error {
        case .notFound(let path): return self(.noSuchFile, path)
        case .unreadable(let path, let reason): return self(.cannotRead, path, reason)
        case .cannotReplace(let path, let reason): return self(.cannotReplace, path, reason)
        case .writeFailed(let path, let reason, let replacing):
            return self(replacing ? .cannotWriteOldIntact : .cannotWriteNothingWritten, path, reason)
        case .notFlushed(let path, let reason): return self(.notFlushed, path, reason)
        case .locked(let lockPath, let waited):
            return self(.stillLocked, lockPath, FileError.seconds(waited))
        }
    }

    /// An order or a change that does not fit the menu.
    func describe(_ error: OrderError) -> String {
        switch language {
        case .english: return error.description
        case .korean: break
        }
        let maximum = Schema.maximumCount
        switch error {
        case .unknownRecipe(let id, let suggestion): return self(.unknownRecipe, id) + didYouMean(suggestion)
        case .unknownFruit(let id, let suggestion): return self(.unknownFruit, id) + didYouMean(suggestion)
        case .invalidServings(let count, let order): return self(.invalidServings, count, order, maximum)
        case .notAChange(let text): return self(.notAChange, text)
        case .invalidAmount(let amount, let change): return self(.invalidAmount, amount, change, maximum)
        case .servingsOutOfRange(let servings): return self(.servingsOutOfRange, servings, maximum)
        case .beyondCounting(let fruit): return self(.beyondCounting, fruit, Int.max)
        case .ambiguous(let name, let candidates): return self(.ambiguous, name, candidates.joined(separator: ", "))
        case .fruitNamedAsRecipe(let name): return self(.fruitNamedAsRecipe, name)
        case .recipeNamedAsFruit(let name): return self(.recipeNamedAsFruit, name)
        }
    }

    /// ` (did you mean 'x'?)`, or nothing.
    func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { self(.didYouMean, $0) } ?? ""
    }
}
