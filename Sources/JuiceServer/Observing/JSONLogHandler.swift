import Foundation
import Logging

/// A log handler that writes each record to stderr as one JSON object on
/// a line (`juice-server --log-format json`, for a collector): `time`
/// (RFC 3339, UTC), `level`, `label`, `message`, then the metadata's keys,
/// each value as text.
public struct JSONLogHandler: LogHandler {
    /// The least level written.
    public var logLevel: Logger.Level = .info
    /// Written with every record.
    public var metadata: Logger.Metadata = [:]
    private let label: String
    /// Where the lines go: stderr's descriptor.
    private let output: Int32

    /// A handler of the logger `label`, writing to `output` (stderr by
    /// default).
    public init(label: String, output: Int32 = 2) {
        self.label = label
        self.output = output
    }

    /// One key of ``metadata``.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes `event` as one line.
    public func log(event: LogEvent) {
        var fields: [String: String] = [:]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
            fields[key] = "\(value)"
        }
        fields["time"] = Date().formatted(.iso8601)
        fields["level"] = event.level.rawValue
        fields["label"] = label
        fields["message"] = "\(event.message)"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A dictionary of strings always encodes.
        guard var line = try? encoder.encode(fields) else { return }
        line.append(UInt8(ascii: "\n"))
        // One write per line, so that lines written at once never mix.
        line.withUnsafeBytes { _ = write(output, $0.baseAddress, $0.count) }
    }
}
