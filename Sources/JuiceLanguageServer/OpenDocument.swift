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

    /// The path of a `file:` URI; `nil` for another scheme. Its `.` and
    /// `..` are folded by the library's rule (``PathName``): only where the
    /// shorter path names the same file.
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return PathName.resolve(url.path, besides: "/")
    }

    /// The `file:` URI of a path, naming the file the path names (a `..`
    /// after a linked folder kept).
    static func uri(ofPath path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }

    /// The file a path reaches, to compare paths with: the key the store
    /// service's overlay keeps it under, so that two URIs of one file are
    /// one document to both.
    static func key(_ path: String) -> String {
        FileOverlay.key(path)
    }
}
