import Foundation
import TestSupport
import Testing

/// The rule of ``StoreService``: every front end calls the one store
/// service, and none reads a store's files itself. A front end that made
/// its own loader or read a manifest would miss what the service adds (the
/// ceilings of the shop's search, the overlay of open documents, the menus
/// kept until exit), as `juice lsp` once did.
@Suite struct FrontEndBoundaryTests {
    /// The library's readers of menus, manifests and inventories.
    static let readers = [
        "MenuLoader(", "MenuLoader.load(", "StoresManifest.load(", "InventoryParser.load(", "JuiceFile.load(",
        "InventoryFile(",
    ]

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
