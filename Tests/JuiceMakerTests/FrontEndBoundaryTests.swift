import Foundation
import TestSupport
import Testing

/// The rule of ``StoreService``: every front end calls the one store
/// service, and none reads a store's files itself. A front end that read a
/// menu or an inventory on its own would miss what the service adds (the
/// ceilings of the shop's search, the overlay of open documents, the menus
/// kept until exit, the lock's wait), as `juice lsp` once did.
///
/// The compiler keeps the loaders behind the service (`MenuLoader`,
/// `InventoryFile`, the manifest's and `JuiceFile`'s readers are internal to
/// `JuiceMaker`). What it cannot refuse is the public one-file readers an
/// app may use on a file of its own, `Menu.load(path:)` and
/// `Inventory.load(path:menu:)`: this test keeps the front ends, which
/// always have a store, from them.
@Suite struct FrontEndBoundaryTests {
    /// The library's public readers of one file, beside the service.
    static let readers = ["Menu.load(path:", "Inventory.load(path:"]

    /// The modules that are not front ends: the library, its YAML and
    /// protocol layers, the solver.
    static let library: Set<String> = [
        "JuiceMaker", "MarkedYAML", "CYAML", "CCbc", "JuiceMix", "LanguageServerProtocol",
    ]

    @Test func noFrontEndReadsAStoresFilesItself() throws {
        let sources = Repository.root.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter {
            !Self.library.contains($0)
        }
        #expect(modules.contains("JuiceLanguageServer") && modules.contains("JuiceCLI"))
        var found: [String] = []
        for module in modules.sorted() {
            let folder = sources.appendingPathComponent(module)
            for case let file as String in FileManager.default.enumerator(atPath: folder.path) ?? .init()
            where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for reader in Self.readers where text.contains(reader) { found.append("\(module)/\(file): \(reader)") }
            }
        }
        #expect(found == [])
    }
}
