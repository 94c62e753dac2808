import JuiceSync
import Testing

/// The database's URL as `juice-sync` and `juice-server` take it: its parts,
/// and the password from `PGPASSWORD` when the URL has none (a password on
/// the command line is in `ps` for every user of the computer).
struct DatabaseURLTests {
    @Test func aURLsPartsAndItsDefaults() throws {
        let url = try #require(DatabaseURL("postgresql://pusher:s%40cret@office.example/juice_chain", environment: [:]))
        #expect(url.user == "pusher")
        #expect(url.password == "s@cret")
        #expect(url.host == "office.example")
        #expect(url.port == 5432)
        #expect(url.database == "juice_chain")
        #expect("\(url)" == "office.example:5432/juice_chain")
        let bare = try #require(DatabaseURL("postgres://pusher@10.0.0.2:6543", environment: [:]))
        #expect(bare.password == nil && bare.port == 6543 && bare.database == "postgres")
        #expect(DatabaseURL("mysql://pusher@office.example/juice_chain", environment: [:]) == nil)
        #expect(DatabaseURL("postgres://office.example/juice_chain", environment: [:]) == nil)
    }

    @Test func withoutAPasswordInTheURLPGPASSWORDIsTheRolesPassword() throws {
        let environment = ["PGPASSWORD": "from the environment"]
        let url = try #require(DatabaseURL("postgres://pusher@office.example/juice_chain", environment: environment))
        #expect(url.password == "from the environment")
        // The URL's own password wins, as psql's does; an empty variable is none.
        let given = try #require(DatabaseURL("postgres://pusher:given@office.example/db", environment: environment))
        #expect(given.password == "given")
        let empty = try #require(DatabaseURL("postgres://pusher@office.example/db", environment: ["PGPASSWORD": ""]))
        #expect(empty.password == nil)
    }
}
