import TestSupport
import Testing

@testable import JuiceMaker

/// What `juice` loads lives until it exits: nothing is freed one piece at a
/// time just before the system takes the whole process back.
@Suite struct ProcessLifetimeTests {
    @Test func aKeptLoaderOutlivesEveryOtherReferenceToIt() throws {
        weak var loader: MenuLoader?
        do {
            let kept = ProcessLifetime.kept(MenuLoader())
            loader = kept
            #expect(try kept.load(path: Repository.root.appendingPathComponent("recipes/menu.yaml").path).value != nil)
        }
        #expect(loader != nil)
        // Without it, the last reference gone is the loader gone.
        weak var unkept: MenuLoader?
        do {
            let loader = MenuLoader()
            unkept = loader
            #expect(
                try loader.load(path: Repository.root.appendingPathComponent("recipes/menu.yaml").path).value != nil)
        }
        #expect(unkept == nil)
    }
}
