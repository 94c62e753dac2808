import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

/// `dayStarts` (SPEC 16): a quoted `"HH:MM"` in a menu or a manifest,
/// anything else an `invalid-time` at its place; a menu that extends
/// another keeps its parent's unless it sets its own, and a store's menu
/// wins over the manifest's.
@Suite struct BusinessDayTests {
    @Test(arguments: [("00:00", 0), ("05:00", 300), ("23:59", 1439), ("09:30", 570)])
    func aTimeOfDayIsReadAsMinutesAfterMidnight(text: String, minutes: Int) throws {
        let dayStart = try #require(DayStart(parsing: text))
        #expect(dayStart.minutes == minutes)
        #expect(dayStart.description == text)
    }

    @Test(arguments: ["5:00", "24:00", "05:60", "0500", "05:00 ", "", "aa:bb", "-1:00", "05:0５"])
    func anythingElseIsNoTimeOfDay(text: String) {
        #expect(DayStart(parsing: text) == nil)
    }

    @Test func aMenusDayStartsIsReadWhenQuoted() throws {
        let fruits = "fruits: { kiwi: 1 }\nrecipes: { kiwi: { kiwi: 1 } }\n"
        #expect(loadMenu("dayStarts: \"05:00\"\n" + fruits).value?.dayStarts == DayStart(parsing: "05:00"))
        #expect(loadMenu("dayStarts: '23:30'\n" + fruits).value?.dayStarts == DayStart(parsing: "23:30"))
        #expect(loadMenu(fruits).value?.dayStarts == nil)
    }

    /// A plain `05:00` (300 to YAML 1.1), an hour past 23, a number, a
    /// list: each an `invalid-time` at the value, saying what was written.
    @Test func anythingElseIsAnInvalidTimeAtItsPlace() throws {
        let fruits = "fruits: { kiwi: 1 }\nrecipes: { kiwi: { kiwi: 1 } }\n"
        for (value, shown) in [
            ("05:00", "'05:00'"), ("\"24:00\"", "'24:00' in quotes"), ("\"5:00\"", "'5:00' in quotes"),
            ("500", "'500'"), ("[5]", "a sequence"), ("~", "null"),
        ] {
            let loaded = loadMenu(fruits + "dayStarts: \(value)\n")
            #expect(loaded.value == nil, "\(value)")
            #expect(places(loaded.diagnostics) == ["3:12 invalid-time"], "\(value)")
            #expect(
                loaded.diagnostics.first?.message
                    == "'dayStarts' must be a time in quotes, \"HH:MM\" from \"00:00\" to \"23:59\", not \(shown)",
                "\(value)")
        }
    }

    /// The child's own `dayStarts` wins; without one it keeps its parent's.
    @Test func aMenuThatExtendsAnotherKeepsItsDayStartsUnlessItSetsItsOwn() throws {
        try TemporaryFolder.withPath { folder in
            let files = [
                "base.yaml": "dayStarts: \"04:00\"\nfruits: { kiwi: 1 }\nrecipes: { kiwi: { kiwi: 1 } }\n",
                "same.yaml": "extends: base.yaml\n",
                "own.yaml": "extends: base.yaml\ndayStarts: \"06:30\"\n",
            ]
            for (name, text) in files {
                try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            }
            let loader = MenuLoader()
            #expect(try loader.load(path: folder + "/same.yaml").value?.dayStarts == DayStart(parsing: "04:00"))
            #expect(try loader.load(path: folder + "/own.yaml").value?.dayStarts == DayStart(parsing: "06:30"))
        }
    }

    /// The manifest's `dayStarts` reaches every store; a store's menu's
    /// wins; a bad one is an `invalid-time` in the manifest.
    @Test func aStoresMenuWinsOverTheManifest() throws {
        try TemporaryFolder.withPath { folder in
            let menu = "fruits: { kiwi: 1 }\nrecipes: { kiwi: { kiwi: 1 } }\n"
            try menu.write(toFile: folder + "/plain.yaml", atomically: true, encoding: .utf8)
            try ("dayStarts: \"02:00\"\n" + menu).write(
                toFile: folder + "/late.yaml", atomically: true, encoding: .utf8)
            try """
            dayStarts: "05:00"
            stores:
              a: { menu: plain.yaml, inventory: a.yaml }
              b: { menu: late.yaml, inventory: b.yaml }

            """.write(toFile: folder + "/stores.yaml", atomically: true, encoding: .utf8)
            let service = StoreService(environment: [:])
            let chain = try service.chain(manifestPath: folder + "/stores.yaml")
            #expect(chain.manifestDiagnostics.isEmpty)
            let a = try service.open(try chain.address(of: "a"))
            let b = try service.open(try chain.address(of: "b"))
            #expect(a.dayStart == DayStart(parsing: "05:00"))
            #expect(b.dayStart == DayStart(parsing: "02:00"))
            let plain = try service.open(service.address(menu: folder + "/plain.yaml", inventory: nil))
            #expect(plain.dayStart == .midnight)
            let bad = StoresManifest.load(text: "stores: {}\ndayStarts: \"7:00\"\n", assumingPath: "stores.yaml")
            #expect(places(bad.diagnostics) == ["2:12 invalid-time"])
        }
    }
}
