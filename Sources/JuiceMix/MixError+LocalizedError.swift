import Foundation

extension MixError: LocalizedError {
    /// The error's sentence, for an app's alert (see the library's errors).
    public var errorDescription: String? { description }
}
