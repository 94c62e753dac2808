import JuicePresentation

extension FailureRenderer {
    /// Says the failure: as one JSON object on stdout under `--format
    /// json`, else in text on stderr.
    func write(_ failure: Failure) {
        if context.isJSON {
            Output.json(json(failure))
        } else {
            text(failure).forEach { Output.errorLine($0) }
        }
    }
}
