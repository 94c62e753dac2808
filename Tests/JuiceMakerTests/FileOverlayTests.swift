import Foundation
import JuiceMaker
import TestSupport
import Testing

/// The store service's overlay: open documents read instead of the disk by
/// the one validator, through `extends`, manifests and inventories alike,
/// and never written.
@Suite struct FileOverlayTests {
    static let base = "fruits:\n  banana: 10\n  kiwi: 3\nrecipes:\n  banana: { banana: 2 }\n  kiwi: { kiwi: 1 }\n"
    static let child = "extends: base.yaml\nrecipes:\n  both: { banana: 1, kiwi: 1 }\n"

    private func withFiles<T>(_ body: (String) throws -> T) throws -> T {
        try TemporaryFolder.withPath { folder in
            try Self.base.write(toFile: folder + "/base.yaml", atomically: true, encoding: .utf8)
            try Self.child.write(toFile: folder + "/child.yaml", atomically: true, encoding: .utf8)
            try "stores:\n  one: { menu: child.yaml, inventory: one.yaml }\n".write(
                toFile: folder + "/stores.yaml", atomically: true, encoding: .utf8)
            return try body(folder)
        }
    }

    /// The problems `service` finds in `files`, as `file:line:column code`.
    private func found(_ service: StoreService, _ files: [String], store: StoreAddress? = nil) -> [String] {
        service.validate(files: files, store: store, manifestPath: nil).checks.flatMap(\.diagnostics).map {
            "\(($0.location.file as NSString).lastPathComponent):\($0.location.line):\($0.location.column) \($0.code.rawValue)"
        }
    }

    @Test func aParentOpenUnsavedIsWhatItsChildExtends() throws {
        try withFiles { folder in
            var service = StoreService()
            #expect(found(service, [folder + "/child.yaml"]) == [])
            // kiwi leaves the parent, unsaved: the child's recipe names an unknown fruit.
            service.overlay.set(folder + "/base.yaml", to: Array("fruits:\n  banana: 10\nrecipes: {}\n".utf8))
            #expect(found(service, [folder + "/child.yaml"]) == ["child.yaml:3:22 unknown-fruit"])
            // The disk is untouched.
            #expect((try? String(contentsOfFile: folder + "/base.yaml", encoding: .utf8)) == Self.base)
            service.overlay.set(folder + "/base.yaml", to: nil)
            #expect(found(service, [folder + "/child.yaml"]) == [])
        }
    }

    @Test func aPathThroughAnotherFolderReachesTheSameOpenFile() throws {
        try withFiles { folder in
            var service = StoreService()
            try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
            service.overlay.set(
                folder + "/sub/../child.yaml",
                to: Array("extends: base.yaml\nrecipes: { banana: { bananna: 1 } }\n".utf8))
            // The child's banana no longer uses the parent's banana: unused.
            #expect(
                found(service, [folder + "/child.yaml"]) == [
                    "child.yaml:2:22 unknown-fruit", "base.yaml:2:3 unused-fruit",
                ])
        }
    }

    @Test func anOpenInventoryAndManifestAreReadFromTheOverlay() throws {
        try withFiles { folder in
            var service = StoreService()
            // The inventory does not exist on disk; open, it lists a typo.
            service.overlay.set(folder + "/one.yaml", to: Array("banana: 4\nkiwii: 1\n".utf8))
            let store = StoreAddress(menuPath: folder + "/child.yaml", inventoryPath: folder + "/one.yaml")
            #expect(found(service, [], store: store) == ["one.yaml:2:1 unknown-fruit"])
            #expect(!FileManager.default.fileExists(atPath: folder + "/one.yaml"))
            // The manifest, open, names a menu that is not there.
            service.overlay.set(folder + "/stores.yaml", to: Array("stores:\n  one: { menu: gone.yaml }\n".utf8))
            #expect(found(service, [folder + "/stores.yaml"]) == ["stores.yaml:2:16 missing-file"])
        }
    }
}
