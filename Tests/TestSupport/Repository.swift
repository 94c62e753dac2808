import Foundation

/// The repository the tests run from, for the files it ships (`recipes/`,
/// `state/`, the documentation pages).
package enum Repository {
    /// The repository's root folder, found from this file's path.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
