import Dispatch

/// Runs work that blocks (a file lock that may wait for seconds, file
/// reads) on a Dispatch thread, so that it never holds one of the
/// server's event loops or the cooperative pool.
enum Blocking {
    static func run<Value: Sendable>(
        _ work: @escaping @Sendable () throws(APIFailure) -> Value
    ) async throws(APIFailure) -> Value {
        let result: Result<Value, APIFailure> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { () throws(APIFailure) -> Value in try work() })
            }
        }
        return try result.get()
    }
}
