import Foundation
import TestSupport
import Testing

/// An import keeps what grows with an export (the tickets held back, their
/// keys) in temporary files past a bound; when those cannot be written (a
/// full disk, here a file size limit), it keeps them in memory and answers
/// the same.
@Suite struct ImportSpoolTests {
    /// 5,000 tickets of an item the map does not know: each held back,
    /// listed in the JSON, past the 1,024 a list keeps in memory.
    static let export =
        "time,item,quantity,ticket\n"
        + (1...5_000).map { "2026-11-28T09:00:00Z,Mystery Juice,1,T-\($0)\n" }.joined()

    @Test func whenItsTemporaryFileCannotBeWrittenAnImportAnswersTheSame() async throws {
        try await ImportCommandTests.withShop { shop in
            try shop.sandbox.write("sales.csv", Self.export)
            let free = try await shop.sandbox.juice("import", "--format", "json", "sales.csv")
            #expect(free.exitCode == 65, "every ticket held back: \(free.stderr)")
            let held = try JSONSerialization.jsonObject(with: Data(free.stdout.utf8)) as? [String: Any]
            #expect((held?["heldBack"] as? [Any])?.count == 5_000)
            // The same import with files limited to 1 KiB (a write past it
            // fails with EFBIG; SIGXFSZ ignored, as the shell leaves it for
            // `exec`): the temporary file's first write fails.
            let juice = try #require(JuiceProcess.binary)
            let limited = try await RunningProcess.run(
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    "-c", "ulimit -f 2 && trap '' XFSZ && exec \"$0\" \"$@\"", juice.path, "import", "--format",
                    "json", "sales.csv",
                ],
                directory: shop.sandbox.url, environment: JuiceProcess.environment([:]), timeout: 120
            )
            #expect(limited.exitCode == 65, "\(limited.stderr)")
            #expect(limited.stdout == free.stdout)
            #expect(limited.stderr == free.stderr)
            #expect(shop.files() == [nil, nil])
        }
    }
}
