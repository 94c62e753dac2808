import Foundation
import JuiceMaker
import LanguageServerProtocol

/// A document the client holds open: its text as last sent, unsaved.
struct OpenDocument: Sendable {
    /// The `file:` URI the client names it by.
    var uri: String
    /// The path of the file, as diagnostics name it.
    var path: String
    /// The whole text.
    var text: String
    var version: Int

    /// The path of a `file:` URI; `nil` for another scheme.
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }

    /// The `file:` URI of a path.
    static func uri(ofPath path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.absoluteString
    }

    /// The file a path reaches, to compare paths with: the key the store
    /// service's overlay keeps it under, so that two URIs of one file are
    /// one document to both.
    static func key(_ path: String) -> String {
        FileOverlay.key(path)
    }
}
