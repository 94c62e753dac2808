import Foundation
import TestSupport
import Testing

/// `juice import`'s own dry-run help, and a Toast modifiers file given
/// without its items file.
@Suite struct ImportMendsTests {
    @Test func importsDryRunHelpSaysItShowsTheSummaryNotTheStock() async throws {
        try await Sandbox.with { sandbox in
            let help = try await sandbox.juice("import", "--help")
            #expect(help.exitCode == 0)
            #expect(
                help.stdout.replacing(#/\s+/#, with: " ").contains(
                    "--dry-run Read the exports and show what would be booked (the summary), without booking anything.")
            )
            #expect(!help.stdout.contains("stock before and after"))
            // make's is as it was.
            let make = try await sandbox.juice("make", "--help")
            #expect(make.stdout.replacing(#/\s+/#, with: " ").contains("show the stock before and after"))
        }
    }

    @Test func aToastModifiersFileAloneIsRefusedForItsMissingItemsFile() async throws {
        try await ImportCommandTests.withShop { shop in
            let (_, modifiers) = TillSampleFile.toast(ImportCommandTests.toastSales)
            try shop.sandbox.write("ModifiersSelectionDetails.csv", modifiers)
            for from in [[], ["--from", "toast"]] {
                let result = try await shop.sandbox.juice(
                    arguments: ["import", "ModifiersSelectionDetails.csv"] + from)
                #expect(result.exitCode == 65)
                #expect(
                    result.stderrLines.last
                        == "ModifiersSelectionDetails.csv:1:1: error: ModifiersSelectionDetails.csv is Toast's modifiers "
                        + "file, and the items file of the same export, ItemSelectionDetails.csv, is missing: give both "
                        + "[missing-file]")
                #expect(result.stdout == "")
                #expect(shop.files() == [nil, nil])
            }
        }
    }
}
