import Foundation
import TestSupport
import Testing

/// `juice-server` finds its one store's files as `juice` does: in the
/// nearest folder above holding `recipes/menu.yaml` (issue 24).
@Suite struct ServerShopTests {
    @Test func aServerStartedInASubFolderServesTheShopsFiles() throws {
        try TemporaryFolder.with(prefix: "juice-server-shop") { folder in
            let manager = FileManager.default
            try manager.createDirectory(
                at: folder.appendingPathComponent("recipes"), withIntermediateDirectories: true)
            try manager.createDirectory(at: folder.appendingPathComponent("a/b"), withIntermediateDirectories: true)
            try Data("fruits:\n  lime: 7\nrecipes:\n  limeade: { lime: 2 }\n".utf8)
                .write(to: folder.appendingPathComponent("recipes/menu.yaml"))
            let server = try ServerProcess(in: folder.appendingPathComponent("a/b"), arguments: [])
            let make = try LoopbackClient(port: server.port)
            try make.send("POST", "/api/stores/main/make", body: #"{"orders": ["limeade"]}"#)
            #expect(try make.status() == 200)
            #expect(make.rest().contains(#""lime" : 5"#))
            let written = try String(contentsOf: folder.appendingPathComponent("inventory.yaml"), encoding: .utf8)
            #expect(written.hasSuffix("lime: 5\n"))
            #expect(!manager.fileExists(atPath: folder.appendingPathComponent("a/b/inventory.yaml").path))
            #expect(server.stop() == 0)
        }
    }
}
