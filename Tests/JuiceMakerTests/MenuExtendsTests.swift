import Foundation
import Synchronization
import TestSupport
import Testing

@testable import JuiceMaker

/// `extends`: parents merged in order, then the child on top.
@Suite struct MenuExtendsTests {
    /// Writes `files` (relative path to text) under a fresh folder and runs
    /// `body` with the folder's path and a new loader.
    func withFiles<T>(_ files: [String: String], _ body: (String, MenuLoader) throws -> T) throws -> T {
        try TemporaryFolder.withPath { folder in
            for (path, text) in files {
                let url = URL(fileURLWithPath: folder + "/" + path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
            return try body(folder, MenuLoader())
        }
    }

    let base = """
        fruits: { kiwi: 10, mango: 10, lime: 5 }
        recipes:
          kiwi: { kiwi: 3 }
          mango: { mango: 3 }
          mangoKiwi: { mango: 2, kiwi: 1 }
          lime: { lime: 1 }
        """

    /// Three menus that extend each other in a loop: a, then b, then c.
    let loop = [
        "a.yaml": "extends: b.yaml\nfruits: { kiwi: 1 }\nrecipes: { kiwi: { kiwi: 1 } }\n",
        "b.yaml": "extends: [c.yaml]\n",
        "c.yaml": "extends: a.yaml\n",
    ]

    @Test func aChildReplacesWholeEntriesInPlaceRemovesNullOnesAndAddsNewOnesLast() throws {
        let child = """
            extends: ../menu.yaml
            fruits:
              kiwi: { stock: 4, name: Gold Kiwi }
              peach: 6
            recipes:
              kiwi: { kiwi: 2 }
              mangoKiwi: { mango: 1 }
              lime: ~
              peach: { peach: 2 }
            """
        try withFiles(["menu.yaml": base, "stores/a.yaml": child]) { folder, loader in
            let loaded = try loader.load(path: folder + "/stores/a.yaml")
            let menu = try #require(loaded.value)
            #expect(menu.fruits.map { "\($0.id) \($0.initialStock)" } == ["kiwi 4", "mango 10", "lime 5", "peach 6"])
            #expect(menu.fruit(id: "kiwi")?.name == DisplayName("Gold Kiwi"))
            #expect(menu.recipes.map(\.id) == ["kiwi", "mango", "mangoKiwi", "peach"])
            #expect(menu.recipe(id: "kiwi")?.ingredients == [.init(fruit: "kiwi", quantity: 2)])
            // The whole entry: the parent's `kiwi: 1` is not kept beside the child's mango.
            #expect(menu.recipe(id: "mangoKiwi")?.ingredients == [.init(fruit: "mango", quantity: 1)])
            // lime is no longer used by any recipe: a warning at its key in the parent.
            #expect(
                loaded.diagnostics.map(\.description) == [
                    "\(folder)/menu.yaml:1:32: warning: fruit 'lime' is used by no recipe [unused-fruit]"
                ])
        }
    }

    /// A merged menu's recipes are copied from the files' tables: names,
    /// prices and ingredients come along whole, whichever file names a
    /// fruit first.
    @Test func mergedRecipesKeepTheirNamesPricesAndIngredients() throws {
        let parent = """
            fruits: { kiwi: 10, mango: 10 }
            recipes:
              kiwi: { name: { en: Kiwi, ko: 키위 }, uses: { kiwi: 3 }, price: 3000 }
              mangoKiwi: { name: Mango Kiwi, uses: { mango: 2, kiwi: 1 } }
            """
        let child = """
            extends: ../menu.yaml
            fruits: { peach: 6 }
            recipes:
              peachKiwi: { name: { ko: 복숭아키위 }, uses: { peach: 1, kiwi: 2 }, price: 4000 }
              mango: { mango: 1 }
            """
        try withFiles(["menu.yaml": parent, "stores/a.yaml": child]) { folder, loader in
            let menu = try #require(try loader.load(path: folder + "/stores/a.yaml").value)
            #expect(
                Array(menu.recipes) == [
                    Recipe(
                        id: "kiwi",
                        name: DisplayName([.init(locale: "en", text: "Kiwi"), .init(locale: "ko", text: "키위")]),
                        ingredients: [.init(fruit: "kiwi", quantity: 3)], price: 3000),
                    Recipe(
                        id: "mangoKiwi", name: DisplayName("Mango Kiwi"),
                        ingredients: [.init(fruit: "mango", quantity: 2), .init(fruit: "kiwi", quantity: 1)]),
                    Recipe(
                        id: "peachKiwi", name: DisplayName([.init(locale: "ko", text: "복숭아키위")]),
                        ingredients: [.init(fruit: "peach", quantity: 1), .init(fruit: "kiwi", quantity: 2)],
                        price: 4000),
                    Recipe(id: "mango", ingredients: [.init(fruit: "mango", quantity: 1)]),
                ])
        }
    }

    @Test func parentsAreMergedInOrderThenTheChild() throws {
        let files = [
            "a.yaml": "fruits: { kiwi: 1 }\nrecipes: { kiwi: { kiwi: 1 } }\n",
            "b.yaml": "fruits: { kiwi: 2 }\nrecipes: { kiwi: { kiwi: 2 } }\n",
            "c.yaml": "extends: [a.yaml, b.yaml]\n",
            "d.yaml": "extends: [b.yaml, a.yaml]\nfruits: { kiwi: 3 }\n",
        ]
        try withFiles(files) { folder, loader in
            let c = try #require(try loader.load(path: folder + "/c.yaml").value)
            #expect(c.fruit(id: "kiwi")?.initialStock == 2)
            #expect(c.recipe(id: "kiwi")?.ingredients.first?.quantity == 2)
            let d = try #require(try loader.load(path: folder + "/d.yaml").value)
            #expect(d.fruit(id: "kiwi")?.initialStock == 3)
            #expect(d.recipe(id: "kiwi")?.ingredients.first?.quantity == 1)
        }
    }

    /// With a note at the child's removal: the error is in the parent, the
    /// cause in the child.
    @Test func aKeptRecipeWhoseFruitTheChildRemovedIsAnUnknownFruitAtTheParentsIngredient() throws {
        try withFiles([
            "menu.yaml": base, "stores/a.yaml": "extends: ../menu.yaml\nfruits: { mango: ~ }\nrecipes: { mango: ~ }\n",
        ]) {
            folder, loader in
            let loaded = try loader.load(path: folder + "/stores/a.yaml")
            #expect(loaded.value == nil)
            #expect(
                loaded.diagnostics.map(\.description) == [
                    "\(folder)/menu.yaml:5:16: error: unknown fruit 'mango' in recipe 'mangoKiwi' [unknown-fruit]\n"
                        + "\(folder)/stores/a.yaml:2:11: note: 'mango' is removed from the menu here"
                ])
        }
    }

    @Test func aParentIsNamedByTheJoinedNormalisedPath() throws {
        let broken = "fruits: { kiwi: 10 }\nrecipes: { kiwi: { kiwii: 3 } }\n"
        try withFiles(["recipes/menu.yaml": broken, "recipes/stores/a.yaml": "extends: ./../menu.yaml\n"]) {
            folder, loader in
            let loaded = try loader.load(path: folder + "/recipes/stores/../stores/a.yaml")
            let files = Set(loaded.diagnostics.map(\.location.file))
            #expect(files == ["\(folder)/recipes/menu.yaml"])
        }
    }

    @Test func removingWhatNoParentDefinesIsAWarningAtTheKey() throws {
        try withFiles(["menu.yaml": base, "a.yaml": "extends: menu.yaml\nrecipes:\n  lemonade: ~\n"]) {
            folder, loader in
            let loaded = try loader.load(path: folder + "/a.yaml")
            #expect(loaded.value != nil)
            #expect(places(loaded.diagnostics) == ["3:3 nothing-to-remove"])
        }
    }

    @Test func aMissingParentIsAMissingFileAtTheExtendsEntry() throws {
        try withFiles(["a.yaml": "extends:\n  - menu.yaml\n  - nowhere.yaml\n", "menu.yaml": base]) { folder, loader in
            let loaded = try loader.load(path: folder + "/a.yaml")
            let diagnostic = try #require(loaded.diagnostics.first)
            #expect(diagnostic.code == .missingFile)
            #expect(diagnostic.location == SourceLocation(file: folder + "/a.yaml", line: 3, column: 5))
        }
    }

    /// While one menu is being read (a FIFO, written only at the end of
    /// the test), another file loads at once rather than waiting for it;
    /// and the read menu, forgotten meanwhile, is still loaded whole: a load
    /// keeps the slot of the file it started with.
    @Test func whileOneMenuIsReadAnotherLoadsAndForgettingItChangesNothing() throws {
        try withFiles(["menu.yaml": base]) { folder, loader in
            let path = folder + "/store.yaml"
            try #require(mkfifo(path, 0o600) == 0)
            // Held open for writing, so that the load's read waits for it.
            let writer = open(path, O_RDWR)
            try #require(writer >= 0)
            let loaded = Mutex<[String: Loaded<Menu>]>([:])
            func load(_ path: String, signalling done: DispatchSemaphore) {
                DispatchQueue.global().async {
                    let menu = try? loader.load(path: path)
                    loaded.withLock { $0[path] = menu }
                    done.signal()
                }
            }
            let storeDone = DispatchSemaphore(value: 0)
            load(path, signalling: storeDone)
            // Time for that load to reach the read, where it waits.
            Thread.sleep(forTimeInterval: 0.3)
            let baseDone = DispatchSemaphore(value: 0)
            load(folder + "/menu.yaml", signalling: baseDone)
            #expect(baseDone.wait(timeout: .now() + 5) == .success, "the other file waited for the read")
            loader.forget(path: path)
            let text = Array("extends: menu.yaml\nfruits: { kiwi: 7 }\n".utf8)
            #expect(write(writer, text, text.count) == text.count)
            close(writer)
            storeDone.wait()
            let menus = loaded.withLock { $0 }.mapValues(\.value)
            #expect(menus[folder + "/menu.yaml"]??.recipes.count == 4)
            #expect(menus[path]??.fruit(id: "kiwi")?.initialStock == 7)
            #expect(menus[path]??.recipes.count == 4)
        }
    }

    /// A loop is said once, the same from each of its files: listing the
    /// loop from the file first by path, at the entry that closes it there.
    @Test func menusThatExtendEachOtherAreACycleSaidTheSameFromEachOfThem() throws {
        try withFiles(loop) { folder, loader in
            for name in ["c.yaml", "b.yaml", "a.yaml"] {
                let loaded = try loader.load(path: folder + "/" + name)
                #expect(loaded.value == nil)
                #expect(
                    loaded.diagnostics.map { "\($0.location) \($0.code.rawValue) \($0.message)" } == [
                        "\(folder)/c.yaml:1:10 extends-cycle menus extend each other in a loop: "
                            + "\(folder)/a.yaml -> \(folder)/b.yaml -> \(folder)/c.yaml -> \(folder)/a.yaml"
                    ], "from \(name)")
            }
        }
    }

    /// The depth limit is counted from where each load starts, whatever
    /// was merged before: a load further along the chain is not refused for
    /// an earlier load's limit, nor a load further up let through on a
    /// merge kept from a later one.
    @Test func theDepthLimitIsCountedFromEachLoadsStartInEitherOrder() throws {
        let depth = Schema.maximumExtendsDepth
        // The limit error at the entry that passes it, from m1.
        func isPastTheLimit(_ loaded: Loaded<Menu>, in folder: String) -> Bool {
            loaded.value == nil
                && loaded.diagnostics.map { "\($0.location) \($0.code.rawValue)" } == [
                    "\(folder)/m\(depth).yaml:1:10 limit"
                ]
        }
        try withFiles(chain(depth + 1)) { folder, loader in
            let longer = try loader.load(path: folder + "/m1.yaml")
            #expect(isPastTheLimit(longer, in: folder))
            let shorter = try loader.load(path: folder + "/m2.yaml")
            #expect(shorter.diagnostics == [])
            #expect(shorter.value?.recipes.count == depth)
        }
        try withFiles(chain(depth + 1)) { folder, loader in
            let shorter = try loader.load(path: folder + "/m2.yaml")
            #expect(shorter.value?.recipes.count == depth)
            let longer = try loader.load(path: folder + "/m1.yaml")
            #expect(isPastTheLimit(longer, in: folder))
        }
    }

    /// A file reached by two paths (here through a link) is named by each
    /// menu as that menu reaches it.
    @Test func aFileReachedByTwoPathsIsNamedAsEachMenuReachesIt() throws {
        let files = [
            "menus/base.yaml": "fruits: { kiwi: 1, lime: 1 }\nrecipes: { kiwi: { kiwi: 1 } }\n",
            "a.yaml": "extends: menus/base.yaml\n",
            "b.yaml": "extends: linked/base.yaml\n",
        ]
        try withFiles(files) { folder, loader in
            try FileManager.default.createSymbolicLink(atPath: folder + "/linked", withDestinationPath: "menus")
            for (menu, parent) in [("a", "menus"), ("b", "linked"), ("a", "menus")] {
                let loaded = try loader.load(path: folder + "/\(menu).yaml")
                #expect(
                    loaded.diagnostics.map(\.description) == [
                        "\(folder)/\(parent)/base.yaml:1:20: warning: fruit 'lime' is used by no recipe [unused-fruit]"
                    ])
            }
        }
    }

    @Test func aMenuThatExtendsExtendsItselfIsACycle() throws {
        try withFiles(["a.yaml": "extends: ./a.yaml\n"]) { folder, loader in
            let loaded = try loader.load(path: folder + "/a.yaml")
            #expect(loaded.diagnostics.map(\.code) == [.extendsCycle])
        }
    }

    @Test func aParentSharedByManyMenusIsParsedOnce() throws {
        var files = ["menu.yaml": base]
        for store in 1...5 {
            files["stores/s\(store).yaml"] = "extends: ../menu.yaml\nfruits: { kiwi: \(store) }\n"
        }
        try withFiles(files) { folder, loader in
            for store in 1...5 {
                let menu = try loader.load(path: folder + "/stores/s\(store).yaml").value
                #expect(menu?.fruit(id: "kiwi")?.initialStock == store)
            }
            let base = try loader.load(path: folder + "/menu.yaml")
            #expect(base.value != nil)
            #expect(loader.filesParsed == 6)
        }
    }

    /// Loads of different files run at once, each file read once, each
    /// answered as it is alone whichever thread came first: five stores over
    /// one parent, and three menus that extend each other in a loop (loaded
    /// from several threads, each holding one while its loop reaches the
    /// others), from 8 threads 12 times over.
    @Test func menusLoadedFromManyThreadsAtOnceAreEachReadOnceWithoutADeadlock() throws {
        var files = loop
        files["menu.yaml"] = base
        for store in 1...5 {
            files["stores/s\(store).yaml"] = "extends: ../menu.yaml\nfruits: { kiwi: \(store) }\n"
        }
        let names = files.keys.sorted()
        try withFiles(files) { folder, loader in
            let alone = try names.map { try MenuLoader().load(path: folder + "/" + $0) }
            let loaded = Mutex([[Loaded<Menu>]](repeating: [], count: names.count))
            DispatchQueue.concurrentPerform(iterations: 8 * 12 * names.count) { index in
                let file = index % names.count
                let menu = try? loader.load(path: folder + "/" + names[file])
                loaded.withLock { $0[file].append(contentsOf: menu.map { [$0] } ?? []) }
            }
            #expect(loader.filesParsed == names.count)
            for (file, results) in loaded.withLock({ $0 }).enumerated() {
                #expect(results.count == 8 * 12)
                #expect(results.allSatisfy { $0.value == alone[file].value }, "\(names[file])")
                #expect(results.allSatisfy { $0.diagnostics == alone[file].diagnostics }, "\(names[file])")
            }
        }
    }

    @Test func withoutExtendsFruitsAndRecipesAreRequired() throws {
        try withFiles(["menu.yaml": base, "a.yaml": "extends: menu.yaml\n", "b.yaml": "x-note: nothing\n"]) {
            folder, loader in
            let a = try loader.load(path: folder + "/a.yaml")
            let b = try loader.load(path: folder + "/b.yaml")
            #expect(a.diagnostics.isEmpty)
            #expect(b.diagnostics.map(\.code) == [.missingKey, .missingKey])
        }
    }

    @Test func extendsMustBeAPathOrAListOfPaths() throws {
        try withFiles(["a.yaml": "extends: { menu: menu.yaml }\nfruits: {}\nrecipes: {}\n"]) { folder, loader in
            let loaded = try loader.load(path: folder + "/a.yaml")
            #expect(loaded.diagnostics.map(\.code) == [.typeMismatch])
        }
    }

    /// A chain of `count` menus, `m1.yaml` extending `m2.yaml` and so on;
    /// each declares kiwi and a recipe of its own.
    private func chain(_ count: Int) -> [String: String] {
        var files: [String: String] = [:]
        for number in 1..<count {
            files["m\(number).yaml"] =
                "extends: m\(number + 1).yaml\nfruits: { kiwi: 10 }\nrecipes: { r\(number): { kiwi: 1 } }\n"
        }
        files["m\(count).yaml"] = "fruits: { kiwi: 10 }\nrecipes: { kiwi: { kiwi: 1 } }\n"
        return files
    }

    @Test func aChainAtTheExtendsDepthLimitLoads() throws {
        try withFiles(chain(Schema.maximumExtendsDepth)) { folder, loader in
            let loaded = try loader.load(path: folder + "/m1.yaml")
            #expect(loaded.diagnostics == [])
            #expect(loaded.value?.recipes.count == Schema.maximumExtendsDepth)
        }
    }

    @Test func aChainOneMenuPastTheLimitIsALimitErrorAtTheExtendsEntryThatPassesIt() throws {
        let depth = Schema.maximumExtendsDepth
        try withFiles(chain(depth + 1)) { folder, loader in
            let loaded = try loader.load(path: folder + "/m1.yaml")
            #expect(loaded.value == nil)
            #expect(
                loaded.diagnostics.map { "\($0.location) \($0.code.rawValue)" } == [
                    "\(folder)/m\(depth).yaml:1:10 limit"
                ])
            #expect(loaded.diagnostics.first?.message.hasSuffix("past the extends-depth limit") == true)
        }
    }

    /// Once a stack overflow (about 9,650 menus) with memory growing as the
    /// square of the chain: now the walk stops at the limit.
    @Test func aChainOfTenThousandMenusEndsInOneLimitErrorNotACrash() throws {
        try withFiles(chain(10_000)) { folder, loader in
            let loaded = try loader.load(path: folder + "/m1.yaml")
            #expect(loaded.value == nil)
            #expect(loaded.diagnostics.map(\.code) == [.limit])
            // The menu past the limit is not even read.
            #expect(loader.filesParsed == Schema.maximumExtendsDepth)
        }
    }
}
