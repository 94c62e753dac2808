import Foundation
import JuiceSync
import TestSupport
import Testing

/// The database's roles as Chain.md gives them ("The database's roles"),
/// run against the real PostgreSQL: a push as the shops' pusher and a pull
/// as the head office's reader work, and a privilege a role lacks exits 77
/// with the `GRANT` that would allow it.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
struct RolesTests {
    @Test func thePageRolesPushAndPullAndALackingPrivilegeIsSaidWithItsGrant() async throws {
        let server = try #require(TestDatabase.server.flatMap { DatabaseURL($0) })
        let names = Roles(suffix: UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12))
        let (asSuperuser, inDatabase) = try Self.pageSQL()
        // Roles belong to the whole server: dropped whatever happens.
        do {
            try await Self.run(names, asSuperuser, inDatabase, on: server)
            await names.drop(on: server)
        } catch {
            await names.drop(on: server)
            throw error
        }
    }

    private static func run(_ names: Roles, _ asSuperuser: String, _ inDatabase: String, on server: DatabaseURL)
        async throws
    {
        for statement in Self.statements(names.replacing(in: asSuperuser)) {
            try await TestDatabase.run(on: server, statement)
        }
        let database = server.with(database: names.database)
        func url(_ role: String) -> String { "postgres://\(role)@\(server.host):\(server.port)/\(names.database)" }
        try await ChainFixture.with { chain in
            try await chain.juice(["make", "banana=1", "--store", "north"])
            let first = try await chain.sync(["push", "--to", url(names.owner), "--stores", ChainFixture.manifest])
            #expect(first.exitCode == 0, "\(first.stderr)")
            for statement in Self.statements(names.replacing(in: inDatabase)) {
                try await TestDatabase.run(on: database, statement)
            }
            try await chain.juice(["make", "kiwiBanana=2", "--store", "south"])

            let push = try await chain.sync(["push", "--to", url(names.pusher), "--stores", ChainFixture.manifest])
            #expect(push.exitCode == 0, "\(push.stderr)")
            #expect(push.stdoutLines == ["north: up to date at entry 1", "south: shipped entries 1 to 1"])
            let pull = try await chain.sync([
                "pull", "copy", "--from", url(names.reader), "--stores", ChainFixture.manifest,
            ])
            #expect(pull.exitCode == 0, "\(pull.stderr)")
            for store in ChainFixture.stores {
                #expect(
                    try Data(contentsOf: chain.folder.appendingPathComponent("copy/stores/\(store).yaml.journal"))
                        == Data(contentsOf: chain.journal(store)))
            }

            // The reader may not push: said with the GRANT, exit 77.
            try await chain.juice(["make", "banana=1", "--store", "north"])
            let readerPush = try await chain.sync([
                "push", "--to", url(names.reader), "--stores", ChainFixture.manifest,
            ])
            #expect(readerPush.exitCode == 77)
            #expect(
                readerPush.stderrLines == [
                    "juice-sync: the database refuses the role \(names.reader): permission denied for table "
                        + "juice_stores; the tables' owner can allow it with: GRANT SELECT, INSERT, UPDATE ON "
                        + "juice_stores TO \(names.reader)"
                ])
            // Nothing of north's new entry shipped.
            #expect(try await TestDatabase(url: database, text: url(names.owner)).entries(of: "north").count == 1)

            // A pusher whose UPDATE was taken back: the same, for its table.
            try await TestDatabase.run(on: database, "REVOKE UPDATE ON juice_stores FROM \(names.pusher)")
            let revoked = try await chain.sync(["push", "--to", url(names.pusher), "--stores", ChainFixture.manifest])
            #expect(revoked.exitCode == 77)
            #expect(
                revoked.stderrLines.last?.hasSuffix(
                    "GRANT SELECT, INSERT, UPDATE ON juice_stores TO \(names.pusher)") == true,
                "\(revoked.stderr)")

            // The counter syncing as that pusher: its health says the
            // database refuses it, not that it cannot be reached.
            let counter = try await CounterProcess.with(
                chain, ["--stores", ChainFixture.manifest, "--sync", url(names.pusher)],
                probe: "/api/stores/north/report"
            ) { port in
                var problems: JSON?
                let failing = try await eventually(within: .seconds(60)) {
                    let health = try await CounterProcess.request(port, "GET", "/healthz")
                    problems = try JSON(parsing: String(decoding: health.body, as: UTF8.self))["problems"]
                    return health.status == 503
                }
                #expect(failing)
                let name = "\(server.host):\(server.port)/\(names.database)"
                #expect(
                    problems
                        == .array([
                            .object([
                                "problem": "refused",
                                "message": .string(
                                    "the database at \(name) refuses this server's role a privilege it needs"
                                        + " (the server's console says which)"),
                            ])
                        ]))
            }
            #expect(try #require(counter).exitCode == 0)

            // A watch refused a privilege says it once and tries again
            // slowly (it said it, then "the database is back", four times
            // a second), then ships once granted.
            let watch = try chain.launch(
                "juice-sync", ["push", "--to", url(names.pusher), "--stores", ChainFixture.manifest, "--watch"])
            defer { watch.terminate() }
            try await Task.sleep(for: .seconds(2))
            try await TestDatabase.run(on: database, "GRANT UPDATE ON juice_stores TO \(names.pusher)")
            let owner = TestDatabase(url: database, text: url(names.owner))
            #expect(try await eventually(within: .seconds(60)) { try await owner.entries(of: "north").count == 2 })
            watch.terminate()
            let watched = await watch.result()
            #expect(watched.exitCode == 0)
            #expect(
                watched.stderrLines == [
                    "juice-sync: the database refuses the role \(names.pusher): permission denied for table "
                        + "juice_stores; the tables' owner can allow it with: GRANT SELECT, INSERT, UPDATE ON "
                        + "juice_stores TO \(names.pusher); trying again"
                ])

            // The head office's server as a reader that may not read a
            // table: it does not start, and says why.
            try await TestDatabase.run(on: database, "REVOKE SELECT ON juice_stores FROM \(names.reader)")
            let central = try await chain.launch(
                "juice-server", ["--central", url(names.reader), "--stores", ChainFixture.manifest, "--port", "0"]
            ).result()
            #expect(central.exitCode == 77)
            #expect(
                central.stderrLines == [
                    "juice-server: central: the database refuses the role \(names.reader): permission denied for "
                        + "table juice_stores; the tables' owner can allow it with: GRANT SELECT ON juice_stores TO "
                        + "\(names.reader)"
                ])

            // A reader that may not connect: the database's GRANT.
            try await TestDatabase.run(
                on: database, "REVOKE CONNECT ON DATABASE \(names.database) FROM \(names.reader)")
            let shut = try await chain.sync([
                "pull", "copy", "--from", url(names.reader), "--stores", ChainFixture.manifest,
            ])
            #expect(shut.exitCode == 77)
            #expect(
                shut.stderrLines == [
                    "juice-sync: the database refuses the role \(names.reader): permission denied for database "
                        + "\(names.database); the tables' owner can allow it with: GRANT CONNECT ON DATABASE "
                        + "\(names.database) TO \(names.reader)"
                ])
        }
        // The pusher on a database whose tables no owner made yet: it may
        // not create them, and is told so rather than "cannot reach".
        try await TestDatabase.with { empty in
            try await TestDatabase.run(
                on: empty.url, "GRANT CONNECT ON DATABASE \(empty.url.database) TO \(names.pusher)")
            try await ChainFixture.with { chain in
                try await chain.juice(["make", "banana=1", "--store", "north"])
                let text = "postgres://\(names.pusher)@\(server.host):\(server.port)/\(empty.url.database)"
                let push = try await chain.sync(["push", "--to", text, "--stores", ChainFixture.manifest])
                #expect(push.exitCode == 77)
                #expect(
                    push.stderrLines == [
                        "juice-sync: the database refuses the role \(names.pusher): permission denied for schema "
                            + "public, where juice-sync's tables are to be made or migrated; run this push once as the "
                            + "role that is to own them (Chain.md, \"The database's roles\"), or allow this role with: "
                            + "GRANT CREATE ON SCHEMA public TO \(names.pusher)"
                    ])
            }
        }
    }

    /// The two SQL blocks of Chain.md's "The database's roles": what a
    /// superuser runs once, and what is run in the database after the
    /// owner's first push.
    static func pageSQL() throws -> (String, String) {
        let page = try String(
            contentsOf: Repository.root.appendingPathComponent("Documentation/Chain.md"), encoding: .utf8)
        let section = try #require(page.range(of: "### The database's roles"))
        let blocks = page[section.upperBound...].components(separatedBy: "```sql\n").dropFirst().prefix(2)
            .map { String($0.components(separatedBy: "```")[0]) }
        try #require(blocks.count == 2)
        return (blocks[0], blocks[1])
    }

    /// The statements of `sql`, one per line ending in `;`.
    static func statements(_ sql: String) -> [String] {
        sql.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("--") }
            .map { String($0.dropLast($0.hasSuffix(";") ? 1 : 0)) }
    }

    /// The page's role and database names made this test's own: roles are
    /// the server's, shared by every test.
    struct Roles {
        var owner: String
        var pusher: String
        var reader: String
        var database: String

        init(suffix: Substring) {
            owner = "juice_owner_\(suffix)"
            pusher = "juice_pusher_\(suffix)"
            reader = "juice_reader_\(suffix)"
            database = "juice_chain_\(suffix)"
        }

        func replacing(in sql: String) -> String {
            sql.replacingOccurrences(of: "juice_owner", with: owner)
                .replacingOccurrences(of: "juice_pusher", with: pusher)
                .replacingOccurrences(of: "juice_reader", with: reader)
                .replacingOccurrences(of: "juice_chain", with: database)
        }

        /// Drops the database and the roles, if they were made.
        func drop(on server: DatabaseURL) async {
            try? await TestDatabase.run(on: server, "DROP DATABASE IF EXISTS \(database) WITH (FORCE)")
            for role in [owner, pusher, reader] {
                try? await TestDatabase.run(on: server, "DROP ROLE IF EXISTS \(role)")
            }
        }
    }
}
