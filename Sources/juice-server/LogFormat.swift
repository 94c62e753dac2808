import ArgumentParser
import JuiceServer
import Logging

/// How `juice-server` writes its log on stderr (`--log-format`): a line of
/// text per record, swift-log's own, or a JSON object per line.
enum LogFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json

    /// Makes every logger of the process write in this format: called
    /// once, before any logger is made.
    func bootstrap() {
        switch self {
        case .text: LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        case .json: LoggingSystem.bootstrap { JSONLogHandler(label: $0) }
        }
    }
}
