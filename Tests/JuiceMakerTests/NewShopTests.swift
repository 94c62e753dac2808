import Foundation
import Testing

@testable import JuiceMaker

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct NewShopTests {
    /// The `.gitignore` of `juice init` keeps out of git what a change
    /// leaves beside an inventory: its lock, and the temporary file of an
    /// atomic write killed midway.
    @Test func theIgnoredLinesMatchTheLockAndTheTemporaryFileOfAWrite() {
        let temporary = AtomicFile.temporaryPrefix(of: "/shop/state/gangnam.yaml") + "a1B2c3"
        let left = ["state/gangnam.yaml.lock", temporary]
        for name in left {
            #expect(
                NewShop.ignoredLines.contains { fnmatch($0, SystemPath.lastComponent(of: name), 0) == 0 }, "\(name)")
        }
        // And nothing a shop keeps.
        for kept in ["gangnam.yaml", "gangnam.yaml.journal", "menu.yaml", ".gitkeep", ".jshintrc"] {
            #expect(!NewShop.ignoredLines.contains { fnmatch($0, kept, 0) == 0 }, "\(kept)")
        }
    }
}
