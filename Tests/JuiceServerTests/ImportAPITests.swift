import Foundation
import JuiceServer
import TestSupport
import Testing

/// `POST /api/stores/{store}/import` (SPEC 17) on the real `juice-server`:
/// a Square export sent as `text/csv`, booked by the sales map beside the
/// fixture's menu, each ticket once, under SPEC 12's checks.
///
/// The fixture's menu: banana (10) and kiwi (3); `banana` uses 2 bananas,
/// `kiwiBanana` 2 kiwis and a banana. The export's tickets, by hand:
/// - `T1`: 2 Banana Juice with Extra Banana (a banana per unit) and an
///   Americano (ignored): 2 servings of `banana`, 2 × 2 + 2 × 1 = 6 bananas.
/// - `T2`: 1 키바쥬스: 1 serving of `kiwiBanana`, 2 kiwis and 1 banana.
/// - `T3`: `Mango, Kiwi` (quoted, a comma in it), which the map does not
///   know: held back.
/// - `T4`: a refund of a Banana Juice: listed, nothing booked back.
///
/// So the stock after is banana 10 - 6 - 1 = 3, kiwi 3 - 2 = 1.
@Suite(.serialized) struct ImportAPITests {
    static let files = ["--menu", "menu.yaml", "--inventory", "inventory.yaml"]

    static let map = """
        items:
          Banana Juice: banana
          키바쥬스: kiwiBanana
        modifiers:
          Extra Banana: { banana: 1 }
        ignore: [Americano]

        """

    /// Square's item sales detail, with a byte-order mark and CRLF lines;
    /// Seoul is UTC+9.
    static let export =
        "\u{FEFF}Date,Time,Time Zone,Item,Qty,Price Point Name,Modifiers Applied,Transaction ID,Event Type,Location\r\n"
        + "2026-11-28,10:15:03,Seoul,Banana Juice,2,Regular,Extra Banana,T1,Payment,Main\r\n"
        + "2026-11-28,10:15:03,Seoul,Americano,1,,,T1,Payment,Main\r\n"
        + "2026-11-28,11:00:00,Seoul,키바쥬스,1,,,T2,Payment,Main\r\n"
        + "2026-11-28,11:30:00,Seoul,\"Mango, Kiwi\",1,,,T3,Payment,Main\r\n"
        + "2026-11-28,12:00:00,Seoul,Banana Juice,1,,,T4,Refund,Main\r\n"

    /// The answer to an import of `export`: the first books `T1` and `T2`,
    /// any later one finds them booked already.
    static func answer(first: Bool, dryRun: Bool = false, diagnostics: JSON = []) -> JSON {
        var members: [String: JSON] = [
            "tickets": [
                "read": 3, "booked": first ? 2 : 0, "alreadyBooked": first ? 0 : 2, "heldBack": 1, "voided": 0,
                "refunded": 1, "short": 0,
            ],
            "servings": first ? ["banana": 2, "kiwiBanana": 1] : [:],
            "unknown": [["name": "Mango, Kiwi", "count": 1, "suggestion": nil]],
            "heldBack": [["key": "square:T3", "unknown": ["Mango, Kiwi"]]],
            "short": [],
            "refunds": [["key": "square:T4", "item": "Banana Juice", "quantity": 1]],
            "diagnostics": diagnostics,
        ]
        if dryRun { members["dryRun"] = true }
        return .object(members)
    }

    /// The fixture's folder with the sales map beside its menu.
    static func withMappedShop(_ body: (Fixture) async throws -> Void) async throws {
        try await Fixture.with { fixture in
            try Data(map.utf8).write(to: fixture.folder.appendingPathComponent("sales.yaml"))
            try await body(fixture)
        }
    }

    /// `body` sent to `server`'s import of `main` with `query`, as
    /// `text/csv` unless `headers` say otherwise: the status and the
    /// answer (checked against `openapi.yaml`).
    static func post(
        _ body: String, to server: ServerProcess, query: String = "", headers: [String: String] = [:]
    ) throws -> (status: Int, body: String) {
        let client = try LoopbackClient(port: server.port)
        var headers = headers
        if !headers.keys.contains(where: { $0.lowercased() == "content-type" }) { headers["Content-Type"] = "text/csv" }
        try client.send("POST", "/api/stores/main/import" + query, body: body, headers: headers)
        let status = try client.status()
        return (status, client.rest())
    }

    /// The journal's lines, each one's write time (`recorded`) as `R`.
    static func journal(_ fixture: Fixture) throws -> [String] {
        try fixture.journalLines().map { $0.replacing(#/"recorded":"[^"]*"/#, with: #""recorded":"R""#) }
    }

    @Test func anExportIsBookedOnceItsTicketsEachOnce() async throws {
        try await Self.withMappedShop { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let first = try Self.post(Self.export, to: server, query: "?from=square")
            #expect(first.status == 200, "\(first.body)")
            #expect(try JSON(parsing: first.body) == Self.answer(first: true))
            #expect(fixture.stock() == "banana: 3\nkiwi: 1\n")
            let booked = [
                #"{"id":1,"time":"2026-11-28T01:15:03Z","kind":"make","orders":{"banana":2},"reason":"sale","key":"square:T1","recorded":"R","changes":{"banana":-6}}"#,
                #"{"id":2,"time":"2026-11-28T02:00:00Z","kind":"make","orders":{"kiwiBanana":1},"reason":"sale","key":"square:T2","recorded":"R","changes":{"banana":-1,"kiwi":-2}}"#,
            ]
            #expect(try Self.journal(fixture) == booked)
            // The log shows the sales as the document describes them
            // (`reason: sale`, `recorded`): the client checks it.
            let log = try LoopbackClient(port: server.port)
            try log.send("GET", "/api/stores/main/log")
            #expect(try log.status() == 200)
            #expect(log.rest().contains(#""key":"square:T2""#))

            // Sent again (a retry after a lost answer, say): nothing twice.
            let again = try Self.post(Self.export, to: server, query: "?from=square")
            #expect(again.status == 200)
            #expect(try JSON(parsing: again.body) == Self.answer(first: false))
            #expect(fixture.stock() == "banana: 3\nkiwi: 1\n")
            #expect(try Self.journal(fixture) == booked)
            #expect(server.stop() == 0)
        }
    }

    /// Two imports of the same export sent at once book each ticket once:
    /// the store's changes take turns, and the second finds the first's
    /// keys.
    @Test func twoImportsAtOnceBookEachTicketOnce() async throws {
        try await Self.withMappedShop { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let clients = try (0..<2).map { _ in try LoopbackClient(port: server.port) }
            for client in clients {
                try client.send(
                    "POST", "/api/stores/main/import?from=square", body: Self.export,
                    headers: ["Content-Type": "text/csv"])
            }
            var booked: Set<JSON> = []
            for client in clients {
                #expect(try client.status() == 200)
                booked.insert(try JSON(parsing: client.rest())["tickets"]?["booked"] ?? nil)
            }
            // One booked both tickets, the other none.
            #expect(booked == [0, 2])
            #expect(try fixture.journalLines().count == 2)
            #expect(fixture.stock() == "banana: 3\nkiwi: 1\n")
            #expect(server.stop() == 0)
        }
    }

    /// The answer is `juice import --format json`'s, byte for byte: both
    /// under a dry run on the same files (which it leaves as they are).
    @Test func theAnswerIsTheCommandLinesJSON() async throws {
        try await Self.withMappedShop { fixture in
            let exportPath = fixture.folder.appendingPathComponent("export.csv")
            try Data(Self.export.utf8).write(to: exportPath)
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let answer = try Self.post(Self.export, to: server, query: "?from=square&dryRun=true")
            #expect(answer.status == 200)
            let cli = try await ServerProcess.juice(
                ["import", "export.csv", "--from", "square", "--dry-run", "--format", "json"] + Self.files,
                in: fixture.folder)
            #expect(cli.status == 65)
            #expect(answer.body == cli.stdout)
            #expect(try JSON(parsing: answer.body) == Self.answer(first: true, dryRun: true))
            #expect(fixture.inventoryText() == nil)
            #expect(try fixture.journalLines() == [])
            #expect(server.stop() == 0)
        }
    }

    /// A format left out is guessed and said as a note naming the upload,
    /// in Korean with `lang=ko`.
    @Test func aGuessedFormatIsANoteInTheRequestsLanguage() async throws {
        try await Self.withMappedShop { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let answer = try Self.post(Self.export, to: server, query: "?lang=ko")
            #expect(answer.status == 200)
            let json = try JSON(parsing: answer.body)
            #expect(json["tickets"]?["booked"] == 2)
            #expect(
                json["diagnostics"]
                    == [
                        [
                            "file": "upload.csv", "line": 1, "column": 1, "severity": "note", "code": "format-guessed",
                            "message": "머리글로 보아 square 형식으로 읽었습니다(--from으로 형식을 지정합니다)",
                        ]
                    ])
            #expect(server.stop() == 0)
        }
    }

    /// A row that cannot be read (a quantity of 1.5) refuses the whole
    /// export: 422, the row's place in `upload.csv`, and the journal and
    /// the stock as they were, though the ticket before it is a good one.
    @Test(arguments: [
        ("en", "\"1.5\" in column 'Qty' is not a whole number of units"),
        ("ko", "'Qty' 열의 값 \"1.5\"는 개수(0 이상의 정수)가 아닙니다"),
    ])
    func aRowThatCannotBeReadBooksNothing(language: String, message: String) async throws {
        try await Self.withMappedShop { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            #expect(try Self.post(Self.export, to: server, query: "?from=square").status == 200)
            let journal = try fixture.journalLines()
            let stock = fixture.inventoryText()
            let bad =
                "Date,Time,Time Zone,Item,Qty,Transaction ID,Event Type\n"
                + "2026-11-29,09:00:00,Seoul,Banana Juice,1,T5,Payment\n"
                + "2026-11-29,09:05:00,Seoul,Banana Juice,1.5,T6,Payment\n"
            let answer = try Self.post(bad, to: server, query: "?from=square&lang=\(language)")
            #expect(answer.status == 422)
            #expect(
                try JSON(parsing: answer.body)
                    == [
                        "ok": false, "error": "invalid-data",
                        "diagnostics": [
                            [
                                "file": "upload.csv", "line": 3, "column": 40, "severity": "error",
                                "code": "invalid-quantity", "message": .string(message),
                            ]
                        ],
                    ], "\(answer.body)")
            #expect(try fixture.journalLines() == journal)
            #expect(fixture.inventoryText() == stock)
            #expect(server.stop() == 0)
        }
    }

    /// A ticket past 10^9 fruit refuses the export, at its quantity in
    /// `upload.csv`: a million units, each with a thousand Extra Banana.
    @Test func aTicketPastTheBoundIsRefusedAtItsPlaceInTheUpload() async throws {
        try await Self.withMappedShop { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let journal = try fixture.journalLines()
            let extra = Array(repeating: "Extra Banana", count: 1000).joined(separator: ";")
            let export = "time,item,quantity,modifiers\n2026-11-29T09:00:00+09:00,Banana Juice,1000000,\(extra)\n"
            let answer = try Self.post(export, to: server)
            #expect(answer.status == 422)
            #expect(
                try JSON(parsing: answer.body)
                    == [
                        "ok": false, "error": "invalid-data",
                        "diagnostics": [
                            [
                                "file": "upload.csv", "line": 2, "column": 40, "severity": "error",
                                "code": "invalid-quantity",
                                "message": "column 'quantity' takes the ticket's use of banana past 1000000000",
                            ]
                        ],
                    ], "\(answer.body)")
            #expect(try fixture.journalLines() == journal)
            #expect(server.stop() == 0)
        }
    }

    /// An export past 8 MiB is refused before anything is read.
    @Test func aBodyOverTheLimitIs413() async throws {
        try await Self.withMappedShop { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let header = "time,item,quantity\n"
            let row = "2026-11-28T10:00:00Z,Banana Juice,1\n"
            let body = header + String(repeating: row, count: (8 << 20) / row.utf8.count + 1)
            let answer = try Self.post(body, to: server)
            #expect(answer.status == 413)
            #expect(
                try JSON(parsing: answer.body)
                    == [
                        "ok": false, "error": "usage", "message": "the request body is larger than 8388608 bytes",
                        "diagnostics": [],
                    ])
            #expect(fixture.inventoryText() == nil)
            #expect(server.stop() == 0)
        }
    }

    /// An export must be declared `text/csv` (a charset may follow): JSON's
    /// type, a form's or none is a 415, and nothing is booked.
    @Test func anExportNotDeclaredCSVIs415() async throws {
        try await Self.withMappedShop { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            for (type, shown) in [
                ("application/json", "application/json"), ("application/x-www-form-urlencoded", nil),
                ("text/plain", "text/plain"),
            ] {
                let answer = try Self.post(Self.export, to: server, headers: ["Content-Type": type])
                #expect(answer.status == 415)
                #expect(
                    try JSON(parsing: answer.body)["message"]
                        == .string(
                            "this change must be sent as Content-Type: text/csv (it was \(shown ?? type))"))
            }
            let typed = try Self.post(
                Self.export, to: server, query: "?from=square", headers: ["Content-Type": "text/csv; charset=utf-8"])
            #expect(typed.status == 200)
            #expect(fixture.stock() == "banana: 3\nkiwi: 1\n")
            #expect(server.stop() == 0)
        }
    }

    /// A server with a token takes an import only with it (401 without);
    /// a page of another site may not send one (403).
    @Test func aTokenProtectedServerTakesAnImportOnlyWithTheToken() async throws {
        try await Self.withMappedShop { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files + ["--token", "s3cret"])
            let without = try Self.post(Self.export, to: server, query: "?from=square")
            #expect(without.status == 401)
            let wrong = try Self.post(
                Self.export, to: server, query: "?from=square", headers: ["Authorization": "Bearer nope"])
            #expect(wrong.status == 401)
            let otherSite = try Self.post(
                Self.export, to: server, query: "?from=square",
                headers: ["Authorization": "Bearer s3cret", "Origin": "http://evil.example"])
            #expect(otherSite.status == 403)
            #expect(fixture.inventoryText() == nil)
            let with = try Self.post(
                Self.export, to: server, query: "?from=square", headers: ["Authorization": "Bearer s3cret"])
            #expect(with.status == 200)
            #expect(fixture.stock() == "banana: 3\nkiwi: 1\n")
            #expect(server.stop() == 0)
        }
    }

    /// The options are `juice import`'s, checked as it checks them: a
    /// value they do not take, or one given twice, is a 400 and books
    /// nothing.
    @Test(arguments: [
        ("?from=clover", "from 'clover' is not a value it takes: it takes square, toast, csv"),
        ("?dryRun=yes", "dryRun 'yes' is not a value it takes: it takes true, false"),
        ("?from=square&from=toast", "from may be given once only"),
        (
            "?timeZone=Mars",
            "'Mars' is not a time zone: give an IANA name (Asia/Seoul), an offset (+09:00) or a name Square writes (Seoul)"
        ),
        (
            "?columns=when=Date",
            "'when=Date' is not COLUMN=HEADER with a column of time, item, quantity, ticket, modifiers, void, size, location"
        ),
    ])
    func anOptionItDoesNotTakeIs400(query: String, message: String) async throws {
        try await Self.withMappedShop { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let answer = try Self.post(Self.export, to: server, query: query)
            #expect(answer.status == 400)
            #expect(
                try JSON(parsing: answer.body)
                    == ["ok": false, "error": "usage", "message": .string(message), "diagnostics": []])
            #expect(fixture.inventoryText() == nil)
            #expect(server.stop() == 0)
        }
    }

    /// `columns`, `timeZone` and `location` as `juice import` takes them: a
    /// generic CSV of other headers, its local times in Seoul, only the
    /// rows of one location; `columns` alone names the generic format, as
    /// `juice import --columns` does.
    @Test func theOptionsReadAGenericExport() async throws {
        try await Self.withMappedShop { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let export =
                "When,Product,Count,Shop\n"
                + "2026-11-28 10:00,Banana Juice,1,Main\n"
                + "2026-11-28 10:05,Banana Juice,3,Other\n"
            let answer = try Self.post(
                export, to: server,
                query: "?columns=time=When,item=Product,quantity=Count,location=Shop&timeZone=Asia/Seoul"
                    + "&location=Main")
            #expect(answer.status == 200, "\(answer.body)")
            #expect(try JSON(parsing: answer.body)["tickets"]?["booked"] == 1)
            #expect(fixture.stock() == "banana: 8\nkiwi: 3\n")
            let lines = try fixture.journalLines()
            #expect(lines.count == 1)
            #expect(lines.first?.contains(#""time":"2026-11-28T01:00:00Z""#) == true)
            #expect(server.stop() == 0)
        }
    }

    /// Exports are held in memory whole, so only so many imports are taken
    /// at once (here 1): while one's body is still coming, another is 503
    /// `busy` before its body is read; once it ends, the next is taken.
    @Test func importsPastTheBoundAre503UntilOneEnds() async throws {
        try await Self.withMappedShop { fixture in
            var configuration = fixture.configuration()
            configuration.importsAtOnce = 1
            let answers = try await JuiceApp(configuration).application().test(.live) { client in
                let port = try #require(client.port)
                // On a thread of its own: its reads block, and the server
                // in this process needs the cooperative pool.
                return try await withCheckedThrowingContinuation { continuation in
                    Thread { continuation.resume(with: Result { try Self.holdAnImport(port: port) }) }.start()
                }
            }
            #expect(answers.whileHeld.status == 503)
            #expect(
                try JSON(parsing: answers.whileHeld.body)
                    == [
                        "ok": false, "error": "busy",
                        "message": "1 imports are being read already, the most at once; try again in a moment",
                        "diagnostics": [],
                    ])
            #expect(answers.held == 200)
            #expect(answers.after == 422)
            #expect(fixture.stock() == "banana: 3\nkiwi: 1\n")
        }
    }

    /// Sends `export` to the server at `port`, its body only once a
    /// second import (a body that is no export) asked meanwhile is refused
    /// (within 30 s): that refusal, then the held import's status, then a
    /// third import's.
    private static func holdAnImport(port: Int) throws -> (
        whileHeld: (status: Int, body: String), held: Int, after: Int
    ) {
        let bytes = Array(export.utf8)
        func hold() throws -> LoopbackClient {
            let client = try LoopbackClient(port: port, checksAnswers: false)
            try client.send(
                raw: "POST /api/stores/main/import?from=square HTTP/1.0\r\nHost: 127.0.0.1\r\n"
                    + "Content-Type: text/csv\r\nContent-Length: \(bytes.count)\r\n\r\n")
            return client
        }
        func other() throws -> (status: Int, body: String) {
            let client = try LoopbackClient(port: port, checksAnswers: false)
            try client.send("POST", "/api/stores/main/import", body: "x", headers: ["Content-Type": "text/csv"])
            return (try client.status(), client.rest())
        }
        // The held import takes its place once its head is read: until
        // then, another is answered (422, no export, nothing changed). When
        // the other's place was taken first, the held one is refused at
        // once (it has an answer before its body): it is sent again.
        let deadline = ContinuousClock.now + .seconds(30)
        var held = try hold()
        var whileHeld = try other()
        while whileHeld.status != 503, ContinuousClock.now < deadline {
            if held.hasAnswer() { held = try hold() }
            Thread.sleep(forTimeInterval: 0.01)
            whileHeld = try other()
        }
        try held.send(raw: export)
        let status = try held.status()
        return (whileHeld, status, try other().status)
    }

    /// A server that serves a copy of the stores takes no import: 405,
    /// `read-only`, before the body is read.
    @Test func aReadOnlyServerRefusesAnImport() async throws {
        try await Self.withMappedShop { fixture in
            var configuration = fixture.configuration()
            configuration.isReadOnly = true
            try await fixture.test(configuration) { client in
                let answer = try await client.call(
                    .post, "/api/stores/main/import", body: Self.export, contentType: "text/csv")
                #expect(answer.status == 405)
                #expect(try JSON(parsing: answer.body)["error"] == "read-only")
            }
            #expect(fixture.inventoryText() == nil)
        }
    }
}
