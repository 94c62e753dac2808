/// Strict JSON (RFC 8259) for text that comes from elsewhere, such as a
/// request's body: the journal's own parser, so that what Foundation's
/// `JSONDecoder` lets through (a trailing comma, a comment, `NaN`) is
/// refused in one place with one rule.
package enum JSONSyntax {
    /// Where `bytes` stop being one JSON value with nothing but white space
    /// around it: the 0-based byte offset of the first problem; `nil` when
    /// they are one. Nesting deeper than 32 is a problem.
    package static func firstProblem(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            do throws(JSONLineParser.Failure) {
                _ = try JSONLineParser.parse(buffer)
                return nil
            } catch {
                return error.offset
            }
        }
    }
}
