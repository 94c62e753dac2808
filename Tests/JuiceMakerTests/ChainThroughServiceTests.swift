import Foundation
import JuiceMaker
import TestSupport
import Testing

/// A chain's run and the files a store's menu is read from go through the
/// service's loader, as opening one store does: an editor's open document
/// (the overlay) is read there too, not the file on disk.
@Suite struct ChainThroughServiceTests {
    static let base = "fruits:\n  banana: 10\n  kiwi: 3\nrecipes:\n  banana: { banana: 2 }\n  kiwi: { kiwi: 1 }\n"
    static let child = "extends: base.yaml\nrecipes:\n  both: { banana: 1, kiwi: 1 }\n"
    /// The child as an editor holds it, unsaved: another parent, and no `both`.
    static let openChild = "extends: other.yaml\nrecipes:\n  kiwi: ~\n"
    static let other = "fruits:\n  banana: 10\n  kiwi: 3\nrecipes:\n  banana: { banana: 2 }\n  kiwi: { kiwi: 1 }\n"

    private func withFiles<T>(_ body: (String) throws -> T) throws -> T {
        try TemporaryFolder.withPath { folder in
            for (name, text) in [("base.yaml", Self.base), ("child.yaml", Self.child), ("other.yaml", Self.other)] {
                try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            }
            try "stores:\n  one: { menu: child.yaml, inventory: one.yaml }\n".write(
                toFile: folder + "/stores.yaml", atomically: true, encoding: .utf8)
            return try body(folder)
        }
    }

    @Test func aChainRunReadsAnOpenMenuAsOpeningItsStoreDoes() throws {
        try withFiles { folder in
            var service = StoreService()
            service.overlay.set(folder + "/child.yaml", to: Array(Self.openChild.utf8))
            let manifestPath = folder + "/stores.yaml"
            let opened = try service.open(try service.address(store: "one", manifestPath: manifestPath))
            #expect(opened.menu.recipes.ids == ["banana"])
            let chain = try service.chain(manifestPath: manifestPath)
            var read: [[String]] = []
            chain.forEachStore {
                $0.menu?.recipes.ids ?? []
            } consume: { _, ids in
                read.append(ids)
                return true
            }
            #expect(read == [["banana"]])
            let usage = chain.usage(in: JournalPeriod())
            #expect(usage.stores.map { $0.menu?.recipes.ids ?? [] } == [["banana"]])
        }
    }

    @Test func theFilesOfAnOpenMenuAreThoseItExtends() throws {
        try withFiles { folder in
            var service = StoreService()
            let address = StoreAddress(menuPath: folder + "/child.yaml", inventoryPath: nil)
            #expect(service.menuFiles(of: address) == [folder + "/child.yaml", folder + "/base.yaml"])
            service.overlay.set(folder + "/child.yaml", to: Array(Self.openChild.utf8))
            #expect(service.menuFiles(of: address) == [folder + "/child.yaml", folder + "/other.yaml"])
        }
    }
}
