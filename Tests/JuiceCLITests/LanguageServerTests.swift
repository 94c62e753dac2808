import Foundation
import LanguageServerProtocol
import TestSupport
import Testing

/// The protocol's JSON (TestSupport has a JSON of its own).
typealias LSPJSON = LanguageServerProtocol.JSON

/// `juice lsp`, the real binary spoken to over pipes: diagnostics of
/// unsaved text from the validator of `juice validate`, positions in each
/// encoding, a parent's change reaching its child, inventories, the
/// features of SPEC 14, and malformed input.
@Suite struct LanguageServerTests {
    /// A session's messages, sent in order; stdin closes after the last.
    struct Client {
        var messages: [String] = []
        var nextID = 1

        mutating func request(_ method: String, _ params: LSPJSON) {
            messages.append(
                framed(["jsonrpc": "2.0", "id": .integer(nextID), "method": .string(method), "params": params]))
            nextID += 1
        }

        mutating func notify(_ method: String, _ params: LSPJSON) {
            messages.append(framed(["jsonrpc": "2.0", "method": .string(method), "params": params]))
        }

        mutating func initialize(locale: String? = nil, encodings: [String]? = nil) {
            var params: [String: LSPJSON] = ["capabilities": [:], "processId": nil]
            if let locale { params["locale"] = .string(locale) }
            if let encodings {
                params["capabilities"] = ["general": ["positionEncodings": .array(encodings.map(LSPJSON.string))]]
            }
            request("initialize", .object(params))
            notify("initialized", [:])
        }

        mutating func open(_ url: URL, _ text: String) {
            notify(
                "textDocument/didOpen",
                [
                    "textDocument": [
                        "uri": .string(url.absoluteString), "languageId": "yaml", "version": 1, "text": .string(text),
                    ]
                ])
        }

        mutating func change(_ url: URL, _ text: String, version: Int = 2) {
            notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": .string(url.absoluteString), "version": .integer(version)],
                    "contentChanges": [["text": .string(text)]],
                ])
        }

        mutating func finish() {
            request("shutdown", nil)
            notify("exit", nil)
        }

        func framed(_ json: LSPJSON) -> String {
            let text = String(decoding: json.encoded(), as: UTF8.self)
            return "Content-Length: \(text.utf8.count)\r\n\r\n" + text
        }
    }

    /// What the server wrote, each message parsed, and its exit status.
    struct Session {
        var messages: [LSPJSON]
        var exitCode: Int32?
        var stderr: String

        /// The diagnostics of each `publishDiagnostics` for `url`, in order.
        func published(_ url: URL) -> [[LSPJSON]] {
            messages.filter {
                $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == url.absoluteString
            }.compactMap { $0["params"]?["diagnostics"]?.array }
        }

        /// The result of request `id`.
        func result(_ id: Int) -> LSPJSON? {
            messages.first { $0["id"] == .integer(id) }?["result"]
        }
    }

    /// Runs `juice lsp` in `sandbox` on the raw `input`, with `environment`
    /// set on top of ``JuiceProcess/environment(_:)``.
    func run(_ input: String, in sandbox: Sandbox, environment: [String: String?] = [:]) async throws -> Session {
        let pipe = Pipe()
        let binary = try #require(JuiceProcess.binary)
        let process = try RunningProcess(
            executable: binary, arguments: ["lsp"], directory: sandbox.url,
            environment: JuiceProcess.environment(environment), timeout: 120, standardInput: pipe)
        pipe.fileHandleForWriting.write(Data(input.utf8))
        try pipe.fileHandleForWriting.close()
        let result = await process.result()
        var reader = MessageReader(ChunkSourceOfBytes(Array(result.stdout.utf8)))
        var messages: [LSPJSON] = []
        while case .content(let bytes) = reader.next() { messages.append(try LSPJSON.parse(bytes)) }
        return Session(messages: messages, exitCode: result.exitCode, stderr: result.stderr)
    }

    func run(_ client: Client, in sandbox: Sandbox, environment: [String: String?] = [:]) async throws -> Session {
        try await run(client.messages.joined(), in: sandbox, environment: environment)
    }

    /// A diagnostic as the server should publish it.
    func diagnostic(
        _ line: Int, _ start: Int, _ end: Int, code: String, message: String, severity: Int = 1, data: LSPJSON? = nil
    ) -> LSPJSON {
        var members: [String: LSPJSON] = [
            "range": [
                "start": ["line": .integer(line), "character": .integer(start)],
                "end": ["line": .integer(line), "character": .integer(end)],
            ],
            "severity": .integer(severity), "code": .string(code), "source": "juice", "message": .string(message),
        ]
        if let data { members["data"] = data }
        return .object(members)
    }

    static let typoData: LSPJSON = ["id": "strawbery", "suggestion": "strawberry"]

    @Test func anUnsavedTypoIsReportedAtItsPlaceThenClearedByTheFix() async throws {
        try await Sandbox.with { sandbox in
            // Saved: valid. Typed: the typo.
            let fixed = ValidateTests.typoMenu.replacingOccurrences(of: "strawbery", with: "strawberry")
            try sandbox.write("recipes/menu.yaml", fixed)
            let url = sandbox.file("recipes/menu.yaml").standardizedFileURL
            var client = Client()
            client.initialize()
            client.open(url, ValidateTests.typoMenu)
            client.change(url, fixed)
            client.finish()
            let session = try await run(client, in: sandbox)
            #expect(session.exitCode == 0)
            // validate's place is 8:13: line 7, characters 12 to 21 (the id).
            #expect(
                session.published(url) == [
                    [
                        diagnostic(
                            7, 12, 21, code: "unknown-fruit", message: ValidateTests.typoMessage, data: Self.typoData)
                    ],
                    [],
                ])
            #expect(session.result(1)?["capabilities"]?["positionEncoding"] == "utf-16")
        }
    }

    /// 딸바쥬스 is four scalars, four UTF-16 units, twelve UTF-8 bytes: the
    /// typo at scalar column 51 is at character 50 in UTF-16 and 58 in UTF-8.
    @Test(arguments: [(nil, "utf-16", 50), (["utf-8", "utf-16"], "utf-8", 58), (["utf-32"], "utf-32", 50)])
    func positionsCountTheNegotiatedEncoding(offered: [String]?, chosen: String, character: Int) async throws {
        try await Sandbox.with { sandbox in
            let menu = """
                fruits: { strawberry: 10, banana: 10 }
                recipes:
                  strawberry: { strawberry: 16 }
                  strawberryBanana: { name: { ko: 딸바쥬스 }, uses: { strawbery: 10, banana: 1 } }

                """
            let url = sandbox.file("menu.yaml").standardizedFileURL
            var client = Client()
            client.initialize(encodings: offered)
            client.open(url, menu)
            client.finish()
            let session = try await run(client, in: sandbox)
            #expect(session.result(1)?["capabilities"]?["positionEncoding"] == .string(chosen))
            let width = 9  // "strawbery", ASCII in every encoding
            #expect(
                session.published(url) == [
                    [
                        diagnostic(
                            3, character, character + width, code: "unknown-fruit", message: ValidateTests.typoMessage,
                            data: Self.typoData)
                    ]
                ])
        }
    }

    @Test func messagesFollowTheClientsLocaleAsValidateSaysThem() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("saved.yaml", ValidateTests.typoMenu)
            let validate = try await sandbox.juice("validate", "saved.yaml", "--format", "json", "--locale", "ko")
            let expected = try #require(
                try LSPJSON.parse(Array(validate.stdout.utf8))["diagnostics"]?.array?.first?["message"]?.string)
            #expect(expected.contains("strawbery"))
            #expect(expected != ValidateTests.typoMessage)
            let url = sandbox.file("menu.yaml").standardizedFileURL
            var client = Client()
            client.initialize(locale: "ko-KR")
            client.open(url, ValidateTests.typoMenu)
            client.finish()
            let session = try await run(client, in: sandbox)
            #expect(session.published(url).first?.first?["message"] == .string(expected))
        }
    }

    @Test func aSecondPlaceIsRelatedInformationAsValidateGivesItsNote() async throws {
        try await Sandbox.with { sandbox in
            let menu = "fruits:\n  banana: 10\n  banana: 5\nrecipes:\n  banana: { banana: 2 }\n"
            try sandbox.write("menu.yaml", menu)
            let validate = try await sandbox.juice("validate", "menu.yaml", "--format", "json")
            let saved = try #require(try LSPJSON.parse(Array(validate.stdout.utf8))["diagnostics"]?.array?.first)
            let note = try #require(saved["notes"]?.array?.first)
            // The duplicate at 3:3, its first occurrence at 2:3.
            #expect(saved["line"] == 3 && saved["column"] == 3 && note["line"] == 2 && note["column"] == 3)
            let url = sandbox.file("menu.yaml").standardizedFileURL
            var client = Client()
            client.initialize()
            client.open(url, menu)
            client.finish()
            let session = try await run(client, in: sandbox)
            let published = try #require(session.published(url).first?.first)
            #expect(published["code"] == "duplicate-key")
            #expect(published["message"] == saved["message"])
            #expect(
                published["relatedInformation"]
                    == [
                        [
                            "location": [
                                "uri": .string(url.absoluteString),
                                "range": ["start": ["line": 1, "character": 2], "end": ["line": 1, "character": 8]],
                            ],
                            "message": note["message"] ?? nil,
                        ]
                    ])
        }
    }

    static let base = """
        fruits:
          banana: 10
          kiwi: 10
        recipes:
          banana: { banana: 2 }
          kiwi: { kiwi: 3 }

        """

    static let child = """
        extends: base.yaml
        recipes:
          bananaKiwi: { banana: 1, kiwi: 1 }

        """

    /// Runs `body` in a sandbox where ``base`` is saved as `base.yaml` and
    /// ``child``, which extends it, as `store.yaml`: it gets the sandbox and
    /// the two files' URLs.
    func withParentAndChild(_ body: (Sandbox, _ base: URL, _ child: URL) async throws -> Void) async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("base.yaml", Self.base)
            try sandbox.write("store.yaml", Self.child)
            try await body(
                sandbox, sandbox.file("base.yaml").standardizedFileURL, sandbox.file("store.yaml").standardizedFileURL)
        }
    }

    @Test func aParentsUnsavedChangeRechecksTheChildThatExtendsIt() async throws {
        try await withParentAndChild { sandbox, base, child in
            var client = Client()
            client.initialize()
            client.open(base, Self.base)
            client.open(child, Self.child)
            // kiwi goes from the parent, unsaved: the child's use of it is unknown.
            client.change(
                base,
                Self.base.replacingOccurrences(of: "  kiwi: 10\n", with: "").replacingOccurrences(
                    of: "  kiwi: { kiwi: 3 }\n", with: ""))
            client.finish()
            let session = try await run(client, in: sandbox)
            #expect(
                session.published(child) == [
                    [],
                    [
                        diagnostic(
                            2, 27, 31, code: "unknown-fruit", message: "unknown fruit 'kiwi' in recipe 'bananaKiwi'",
                            data: ["id": "kiwi"])
                    ],
                ])
            #expect(session.published(base) == [[], []])
        }
    }

    @Test func aProblemOfAParentThatIsNotOpenIsSaidOnTheChildsExtends() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "base.yaml", Self.base.replacingOccurrences(of: "kiwi: { kiwi: 3 }", with: "kiwi: { kiwwi: 3 }"))
            let base = sandbox.file("base.yaml").standardizedFileURL
            let child = sandbox.file("store.yaml").standardizedFileURL
            var client = Client()
            client.initialize()
            client.open(child, Self.child)
            client.finish()
            let session = try await run(client, in: sandbox)
            let message = "unknown fruit 'kiwwi' in recipe 'kiwi' (did you mean 'kiwi'?)"
            let published = try #require(session.published(child).first)
            // The parent's 6:11, said on `base.yaml` after `extends: `.
            #expect(published.count == 1)
            #expect(
                published.first?["range"] == [
                    "start": ["line": 0, "character": 9], "end": ["line": 0, "character": 18],
                ])
            #expect(published.first?["message"] == .string("\(base.path):6:11: \(message)"))
            #expect(
                published.first?["relatedInformation"]
                    == [
                        [
                            "location": [
                                "uri": .string(base.absoluteString),
                                "range": [
                                    "start": ["line": 5, "character": 10], "end": ["line": 5, "character": 15],
                                ],
                            ],
                            "message": .string(message),
                        ]
                    ])
        }
    }

    @Test func aParentThatIsADeviceAndHugeFiguresNeitherHangNorCrashTheServer() async throws {
        // A path typed in `extends` is read bounded and only when regular
        // (it once read /dev/zero to its end), and a margin past the largest
        // integer is left out rather than computed (it once trapped).
        let huge = (1...10).map { "  f\($0): { stock: 1, cost: 1000000000 }\n" }.joined()
        let uses = (1...10).map { "f\($0): 1000000000" }.joined(separator: ", ")
        let menu = "fruits:\n\(huge)recipes:\n  big: { price: 1, uses: { \(uses) } }\n"
        try await Sandbox.with { sandbox in
            let child = sandbox.file("child.yaml").standardizedFileURL
            let big = sandbox.file("big.yaml").standardizedFileURL
            var client = Client()
            client.initialize()
            client.open(child, "extends: /dev/zero\nrecipes:\n  kiwi: { uses: { kiwi: 1 } }\n")
            // 2: completion in the child, which reads its parent's ids.
            client.request(
                "textDocument/completion",
                ["textDocument": ["uri": .string(child.absoluteString)], "position": ["line": 2, "character": 18]])
            client.open(big, menu)
            // 3: hover on the recipe `big`.
            client.request(
                "textDocument/hover",
                ["textDocument": ["uri": .string(big.absoluteString)], "position": ["line": 12, "character": 3]])
            client.finish()
            let session = try await run(client, in: sandbox)
            #expect(session.messages.first { $0["id"] == 2 }?["error"] == nil)
            let hover = try #require(session.result(3)?["contents"]?["value"]?.string)
            #expect(hover.hasPrefix("**big**"))
            #expect(hover.contains("Price: 1"))
            #expect(!hover.contains("Margin"))
        }
    }

    @Test func anOpenInventoryIsCheckedAgainstItsStoresMenu() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.base)
            let url = sandbox.file("inventory.yaml").standardizedFileURL
            var client = Client()
            client.initialize()
            client.open(url, "banana: 4\nkiwii: 2\n")
            client.finish()
            let session = try await run(client, in: sandbox)
            #expect(
                session.published(url) == [
                    [
                        diagnostic(
                            1, 0, 5, code: "unknown-fruit",
                            message: "unknown fruit 'kiwii' in the inventory (did you mean 'kiwi'?)",
                            data: ["id": "kiwii", "suggestion": "kiwi"])
                    ]
                ])
        }
    }

    @Test func anInventoryBelowACeilingIsNoStoreOfAShopBeyondIt() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.base)
            try sandbox.write(
                "recipes/stores.yaml", "stores:\n  gangnam: { menu: menu.yaml, inventory: ../gangnam/inventory.yaml }\n"
            )
            let typed = "banana: 4\nkiwii: 2\n"
            try sandbox.write("gangnam/inventory.yaml", typed)
            let url = sandbox.file("gangnam/inventory.yaml").standardizedFileURL
            var client = Client()
            client.initialize()
            client.open(url, typed)
            client.finish()
            // The shop's manifest names it: checked against the shop's menu.
            let session = try await run(client, in: sandbox)
            #expect(
                session.published(url) == [
                    [
                        diagnostic(
                            1, 0, 5, code: "unknown-fruit",
                            message: "unknown fruit 'kiwii' in the inventory (did you mean 'kiwi'?)",
                            data: ["id": "kiwii", "suggestion": "kiwi"])
                    ]
                ])
            // The shop is beyond the ceiling: the file is checked as a menu,
            // as `juice validate` checks it from its folder under that ceiling.
            let ceiling = ["JUICE_CEILING_DIRECTORIES": sandbox.url.path]
            let ceiled = try await run(client, in: sandbox, environment: ceiling)
            let validate = try await JuiceProcess.run(
                ["validate", "inventory.yaml", "--format", "json"], in: sandbox.file("gangnam"), environment: ceiling)
            let saved = try #require(try LSPJSON.parse(Array(validate.stdout.utf8))["diagnostics"]?.array)
            let published = try #require(ceiled.published(url).first)
            #expect(!saved.isEmpty)
            #expect(published.map { $0["message"] } == saved.map { $0["message"] })
            #expect(!published.contains { $0["code"] == "unknown-fruit" })
        }
    }

    @Test func closingOneOfTwoURIsOfAFileKeepsTheOthersUnsavedText() async throws {
        try await Sandbox.with { sandbox in
            let fixed = ValidateTests.typoMenu.replacingOccurrences(of: "strawbery", with: "strawberry")
            try sandbox.write("menu.yaml", fixed)
            try FileManager.default.createSymbolicLink(
                atPath: sandbox.file("link.yaml").path, withDestinationPath: "menu.yaml")
            let menu = sandbox.file("menu.yaml").standardizedFileURL
            let link = sandbox.file("link.yaml").standardizedFileURL
            var client = Client()
            client.initialize()
            // The link as saved, then the file itself with a typo, unsaved.
            client.open(link, fixed)
            client.open(menu, ValidateTests.typoMenu)
            client.notify("textDocument/didClose", ["textDocument": ["uri": .string(link.absoluteString)]])
            client.finish()
            let session = try await run(client, in: sandbox)
            let typo = diagnostic(
                7, 12, 21, code: "unknown-fruit", message: ValidateTests.typoMessage, data: Self.typoData)
            // Once each, though open twice; the typo stays after the link closes.
            #expect(session.published(menu) == [[typo]])
            #expect(session.published(link) == [[], [typo], []])
        }
    }

    @Test func aHoverInAnInventoryShowsThatStoresStockOfTwoOnOneMenu() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.base)
            try sandbox.write(
                "recipes/stores.yaml",
                """
                stores:
                  gangnam: { menu: menu.yaml, inventory: ../gangnam.yaml }
                  jamsil: { menu: menu.yaml, inventory: ../jamsil.yaml }

                """)
            try sandbox.write("gangnam.yaml", "banana: 1\nkiwi: 2\n")
            try sandbox.write("jamsil.yaml", "banana: 7\nkiwi: 3\n")
            let gangnam = sandbox.file("gangnam.yaml").standardizedFileURL
            let jamsil = sandbox.file("jamsil.yaml").standardizedFileURL
            var client = Client()
            client.initialize()
            client.open(gangnam, "banana: 1\nkiwi: 2\n")
            client.open(jamsil, "banana: 7\nkiwi: 3\n")
            // 2: hover on kiwi in jamsil's inventory.
            client.request(
                "textDocument/hover",
                ["textDocument": ["uri": .string(jamsil.absoluteString)], "position": ["line": 1, "character": 1]])
            client.finish()
            let session = try await run(client, in: sandbox)
            #expect(session.result(2)?["contents"]?["value"] == "**kiwi**\n\nStock: 3\n\nJuice: kiwi")
        }
    }

    /// `dayStarts` (SPEC 16) is a top-level key the editor offers in a menu
    /// and in a manifest, and a bad one is said where it is written.
    @Test func dayStartsIsOfferedAndCheckedInAMenuAndAManifest() async throws {
        try await Sandbox.with { sandbox in
            let menu = sandbox.file("menu.yaml").standardizedFileURL
            let manifest = sandbox.file("stores.yaml").standardizedFileURL
            let menuText = "fruits: { kiwi: 1 }\nrecipes: { kiwi: { kiwi: 1 } }\ndayStarts: 05:00\n"
            try sandbox.write("menu.yaml", menuText)
            try sandbox.write("stores.yaml", "stores:\n  a: { menu: menu.yaml }\n")
            var client = Client()
            client.initialize()
            client.open(menu, menuText + "d")
            client.open(manifest, "stores:\n  a: { menu: menu.yaml }\nd")
            // 2 and 3: completion of a top-level key.
            client.request(
                "textDocument/completion",
                ["textDocument": ["uri": .string(menu.absoluteString)], "position": ["line": 3, "character": 1]])
            client.request(
                "textDocument/completion",
                ["textDocument": ["uri": .string(manifest.absoluteString)], "position": ["line": 2, "character": 1]])
            client.change(menu, menuText)
            client.finish()
            let session = try await run(client, in: sandbox)
            let labels = { (id: Int) in session.result(id)?["items"]?.array?.compactMap { $0["label"]?.string } }
            #expect(labels(2)?.contains("dayStarts") == true, "\(String(describing: labels(2)))")
            #expect(labels(3) == ["stores", "dayStarts"])
            let last = session.published(menu).last ?? []
            #expect(last.count == 1)
            #expect(last.first?["code"] == "invalid-time")
            #expect(last.first?["range"]?["start"] == ["line": 2, "character": 11])
        }
    }

    @Test func completionHoverDefinitionAndRenameWork() async throws {
        try await withParentAndChild { sandbox, base, child in
            var client = Client()
            client.initialize()
            client.open(child, Self.child)
            let typing = Self.child.replacingOccurrences(of: "{ banana: 1, kiwi: 1 }", with: "{ banana: 1, k")
            client.change(child, typing)
            // 2: completion after `k` in the flow mapping of a recipe.
            client.request(
                "textDocument/completion",
                ["textDocument": ["uri": .string(child.absoluteString)], "position": ["line": 2, "character": 28]])
            client.change(child, Self.child, version: 3)
            // 3: definition of `kiwi` in the child's recipe: the parent's fruit.
            client.request(
                "textDocument/definition",
                ["textDocument": ["uri": .string(child.absoluteString)], "position": ["line": 2, "character": 28]])
            // 4: hover on the same: its stock and the juices using it.
            client.request(
                "textDocument/hover",
                ["textDocument": ["uri": .string(child.absoluteString)], "position": ["line": 2, "character": 28]])
            // 5: rename kiwi everywhere.
            client.request(
                "textDocument/rename",
                [
                    "textDocument": ["uri": .string(child.absoluteString)], "position": ["line": 2, "character": 28],
                    "newName": "goldKiwi",
                ])
            // 6: an unknown method.
            client.request("textDocument/nope", [:])
            // 7: renaming kiwi to a fruit the menu has would merge the two.
            client.request(
                "textDocument/rename",
                [
                    "textDocument": ["uri": .string(child.absoluteString)], "position": ["line": 2, "character": 28],
                    "newName": "banana",
                ])
            client.finish()
            let session = try await run(client, in: sandbox)
            let labels = session.result(2)?["items"]?.array?.compactMap { $0["label"]?.string }
            #expect(labels == ["banana", "kiwi", "uses", "name", "price"])
            #expect(
                session.result(3)
                    == [
                        "uri": .string(base.absoluteString),
                        "range": ["start": ["line": 2, "character": 2], "end": ["line": 2, "character": 6]],
                    ])
            #expect(
                session.result(4)?["contents"]?["value"]
                    == "**kiwi**\n\nStock: 10\n\nJuice: kiwi, bananaKiwi")
            func edit(_ line: Int, _ start: Int) -> LSPJSON {
                [
                    "range": [
                        "start": ["line": .integer(line), "character": .integer(start)],
                        "end": ["line": .integer(line), "character": .integer(start + 4)],
                    ],
                    "newText": "goldKiwi",
                ]
            }
            #expect(
                session.result(5)
                    == [
                        "changes": [
                            child.absoluteString: [edit(2, 27)],
                            // The recipe kiwi (5, 2) is another id: left alone.
                            base.absoluteString: [edit(2, 2), edit(5, 10)],
                        ]
                    ])
            #expect(session.messages.first { $0["id"] == 6 }?["error"]?["code"] == -32601)
            #expect(
                session.messages.first { $0["id"] == 7 }?["error"]
                    == [
                        "code": -32803,
                        "message":
                            "'banana' is already a fruit of this menu: renaming would merge the two; choose another id",
                    ])
        }
    }

    /// A parent named through a linked folder's `..` is named as the loader
    /// names it, for navigation as for diagnostics (one path rule,
    /// ``PathName``): a definition's URI is the one the diagnostics give the
    /// same file (it was the file's real path, a second document to an
    /// editor).
    @Test func aParentNamedThroughALinkedFoldersParentIsTheLoadersFile() async throws {
        try await Sandbox.with { sandbox in
            try FileManager.default.createDirectory(
                at: sandbox.file("elsewhere/deep"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: sandbox.file("link").path, withDestinationPath: "elsewhere/deep")
            try sandbox.write("base.yaml", Self.base)
            try sandbox.write("elsewhere/base.yaml", "fruits:\n  mango: 10\nrecipes:\n  mangoPlain: { mango: 1 }\n")
            let child = "extends: link/../base.yaml\nrecipes:\n  mango: { mango: 2 }\n"
            try sandbox.write("store.yaml", child)
            let store = sandbox.file("store.yaml").standardizedFileURL
            var client = Client()
            client.initialize()
            client.open(store, child)
            client.request(
                "textDocument/definition",
                ["textDocument": ["uri": .string(store.absoluteString)], "position": ["line": 2, "character": 12]])
            client.finish()
            let session = try await run(client, in: sandbox)
            #expect(session.published(store) == [[]])
            #expect(
                session.result(2)
                    == [
                        "uri": .string(store.deletingLastPathComponent().absoluteString + "link/../base.yaml"),
                        "range": ["start": ["line": 1, "character": 2], "end": ["line": 1, "character": 7]],
                    ])
        }
    }

    @Test func malformedInputIsAnsweredWithErrorsNeverACrash() async throws {
        try await Sandbox.with { sandbox in
            var client = Client()
            client.initialize()
            var input = client.messages.joined()
            input += "Content-Length: 5\r\n\r\n{oops"
            input += "Content-Length: nine\r\n\r\n"
            input += "Content-Length: \(1 << 30)\r\n\r\n{\"jsonrpc\":\"2.0\"}"
            let session = try await run(input, in: sandbox)
            let codes = session.messages.compactMap { $0["error"]?["code"]?.integer }
            #expect(codes == [-32700, -32700, -32600])
            // The input ended without shutdown: status 1, as LSP says.
            #expect(session.exitCode == 1)
        }
    }

    /// Issue 32: a position past LSP's `uinteger` (a line of 2^63 - 1)
    /// trapped `juice lsp` (`position.line + 1`); it is invalid params.
    @Test func aPositionPastAnLSPIntegerIsInvalidParamsNotACrash() async throws {
        try await Sandbox.with { sandbox in
            let menu = sandbox.file("menu.yaml")
            var client = Client()
            client.initialize()
            client.open(menu, "fruits:\n  kiwi: 3\nrecipes:\n  k: { kiwi: 1 }\n")
            for position: LSPJSON in [
                ["line": .integer(.max), "character": 0], ["line": 0, "character": 2_147_483_648],
            ] {
                client.request(
                    "textDocument/definition",
                    ["textDocument": ["uri": .string(menu.absoluteString)], "position": position])
            }
            client.finish()
            let session = try await run(client, in: sandbox)
            #expect(session.exitCode == 0)
            let errors = session.messages.filter { $0["id"] == 2 || $0["id"] == 3 }.map { $0["error"] }
            #expect(
                errors
                    == Array(
                        repeating: [
                            "code": -32602,
                            "message":
                                "\"position\" must have a \"line\" and a \"character\", each from 0 to 2147483647",
                        ], count: 2))
        }
    }

    /// SPEC 18: a supplier's `leadDays` and `every` are offered with its
    /// other keys, and a value out of range is an error at its place.
    @Test func leadDaysAndEveryAreOfferedAndCheckedInASupplier() async throws {
        try await Sandbox.with { sandbox in
            let menu = sandbox.file("menu.yaml").standardizedFileURL
            let menuText = """
                fruits:
                  kiwi: { stock: 9, supplier: farm }
                suppliers:
                  farm:
                    leadDays: 400
                    e
                recipes:
                  kiwi: { kiwi: 1 }

                """
            try sandbox.write("menu.yaml", menuText)
            var client = Client()
            client.initialize()
            client.open(menu, menuText)
            // 2: completion of a supplier's key.
            client.request(
                "textDocument/completion",
                ["textDocument": ["uri": .string(menu.absoluteString)], "position": ["line": 5, "character": 5]])
            client.change(menu, menuText.replacingOccurrences(of: "    e\n", with: ""))
            client.finish()
            let session = try await run(client, in: sandbox)
            let labels = session.result(2)?["items"]?.array?.compactMap { $0["label"]?.string }
            #expect(labels == ["name", "minimum", "leadDays", "every"])
            let last = session.published(menu).last ?? []
            #expect(last.count == 1)
            #expect(last.first?["code"] == "invalid-quantity")
            #expect(last.first?["range"]?["start"] == ["line": 4, "character": 14])
            #expect(
                last.first?["message"]
                    == "the lead days of supplier 'farm' is '400'; it must be a whole number from 0 to 365, written in plain digits"
            )
        }
    }

    /// SPEC 18 in the editor: `shelfLife` offered among a fruit's keys and
    /// checked at its place, and an inventory's lots checked as `juice
    /// validate` checks them (a best-before that is no date).
    @Test func shelfLifeAndLotsAreOfferedAndChecked() async throws {
        try await Sandbox.with { sandbox in
            let menu = sandbox.file("recipes/menu.yaml").standardizedFileURL
            let inventory = sandbox.file("inventory.yaml").standardizedFileURL
            let menuText = "fruits:\n  kiwi:\n    stock: 9\n    shelfLife: 0\nrecipes:\n  kiwi: { kiwi: 1 }\n"
            try sandbox.write(
                "recipes/menu.yaml", menuText.replacingOccurrences(of: "shelfLife: 0", with: "shelfLife: 5"))
            var client = Client()
            client.initialize()
            client.open(menu, menuText.replacingOccurrences(of: "    stock: 9\n", with: "    stock: 9\n    s\n"))
            // 2: completion of a fruit's key.
            client.request(
                "textDocument/completion",
                ["textDocument": ["uri": .string(menu.absoluteString)], "position": ["line": 3, "character": 5]])
            client.change(menu, menuText)
            // Valid again: the inventory is checked against it.
            client.change(menu, menuText.replacingOccurrences(of: "shelfLife: 0", with: "shelfLife: 5"))
            client.open(inventory, "kiwi: [{count: 3, bestBefore: 2026-13-01}, {count: 2}]\n")
            client.finish()
            let session = try await run(client, in: sandbox)
            let labels = session.result(2)?["items"]?.array?.compactMap { $0["label"]?.string } ?? []
            #expect(labels.contains("shelfLife"), "\(labels)")
            let published = session.published(menu)
            let menuProblems = published.dropLast().last ?? []
            #expect(menuProblems.count == 1)
            #expect(menuProblems.first?["code"] == "invalid-quantity")
            #expect(menuProblems.first?["range"]?["start"] == ["line": 3, "character": 15])
            #expect(published.last == [])
            let lotProblems = session.published(inventory).last ?? []
            #expect(lotProblems.count == 1)
            #expect(lotProblems.first?["code"] == "invalid-date")
            #expect(lotProblems.first?["range"]?["start"] == ["line": 0, "character": 30])
            try sandbox.write("inventory.yaml", "kiwi: [{count: 3, bestBefore: 2026-13-01}, {count: 2}]\n")
            let validated = try await sandbox.juice(
                "validate", "inventory.yaml", "--menu", "recipes/menu.yaml", "--format", "json")
            let diagnostics = try validated.json()["diagnostics"]?.items ?? []
            #expect(
                diagnostics.contains { $0["code"] == "invalid-date" && $0["column"] == .number(31) }, "\(diagnostics)")
        }
    }

    @Test func aRequestBeforeInitializeIsRefused() async throws {
        try await Sandbox.with { sandbox in
            var client = Client()
            client.request("textDocument/hover", [:])
            let session = try await run(client, in: sandbox)
            #expect(session.messages.first?["error"]?["code"] == -32002)
        }
    }
}

/// The bytes of a finished process's output, for a ``MessageReader``.
struct ChunkSourceOfBytes: ByteSource {
    var bytes: [UInt8]?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func read(upTo count: Int) -> [UInt8] {
        guard var rest = bytes, !rest.isEmpty else { return [] }
        let chunk = Array(rest.prefix(count))
        rest.removeFirst(chunk.count)
        bytes = rest
        return chunk
    }
}
