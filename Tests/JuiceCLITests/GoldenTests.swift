import Foundation
import Testing

/// Every output of `juice` on the repository's own data (`recipes/` and
/// `state/` copied into a sandbox), compared byte for byte with its golden
/// file in `Golden/`: stdout, and stderr where the output is there. Set
/// `JUICE_UPDATE_GOLDEN=1` to rewrite the golden files instead of comparing
/// (see ``ExampleChain/updatesGolden``), then check each against what
/// follows before committing it.
///
/// One store (`recipes/menu.yaml`, no `inventory.yaml`: ten of each fruit,
/// and in text a note on stderr that the inventory does not exist):
///
/// - report: strawberry 10/16 = 0 (missing strawberry 6), banana 10/2 = 5,
///   kiwi 10/3 = 3, pineapple 10/2 = 5, strawberryBanana min(10/10, 10/1) = 1
///   (limited by strawberry), mango 10/3 = 3, mangoKiwi min(10/2, 10/1) = 5
///   (limited by mango).
/// - plan strawberryBanana=3 mango=2: strawberry needed 30 / have 10 / buy
///   20, banana 3 / 10 / 0, mango 6 / 10 / 0.
/// - make banana=2 mangoKiwi: banana 10 - 4 = 6, mango 10 - 2 = 8, kiwi
///   10 - 1 = 9; the dry run shows before 10 of each and the same after.
/// - adjust strawberry=+6 kiwi=-1: strawberry 16, kiwi 9; the dry run shows
///   every fruit before and after.
/// - make strawberry: refused, 16 needed, 10 in stock, 6 more
///   (`juice adjust strawberry=+6`).
/// - menu: the five fruits at 10 and the seven recipes with what a serving
///   uses (strawberry 16; banana 2; kiwi 3; pineapple 2; strawberryBanana
///   strawberry 10, banana 1; mango 3; mangoKiwi mango 2, kiwi 1), names in
///   English, or Korean under `--locale ko` (딸기, 바나나쥬스, 딸바쥬스, ...).
/// - validate of the menu with `strawbery` for `strawberry` in the strawberry
///   banana juice: an `unknown-fruit` error at 26:13 (line 1 is the schema modeline) with did-you-mean, and
///   `recipes/menu.yaml: 1 error`.
///
/// The chain (`recipes/stores.yaml`):
///
/// - gangnam (menu without mangoes; stock strawberry 22, banana 3, pineapple 7,
///   kiwi 4): strawberry 22/16 = 1, banana 3/2 = 1, kiwi 4/3 = 1, pineapple
///   7/2 = 3, strawberryBanana min(22/10, 3/1) = 2 (limited by strawberry);
///   no mango, mangoKiwi, peach, peachBanana (`-`).
/// - hongdae (adds peach, initial 12; stock strawberry 5, banana 12, peach 7,
///   the rest initial 10): strawberry 0 (missing 11), banana 6, kiwi 3,
///   pineapple 5, strawberryBanana 0 (missing strawberry 5), mango 3,
///   mangoKiwi 5, peach 7/3 = 2, peachBanana min(7/2, 12/1) = 3.
/// - jamsil (strawberryBanana uses strawberry 6, banana 2; no state file, so
///   initial stock 10 of each): strawberryBanana min(10/6, 10/2) = 1, the
///   rest as the chain's menu: strawberry 0 (missing 6), banana 5, kiwi 3,
///   pineapple 5, mango 3, mangoKiwi 5.
/// - seoulStation (the chain's menu, no inventory: 10 of each): strawberry 0
///   (missing 6), banana 5, kiwi 3, pineapple 5, strawberryBanana 1, mango 3,
///   mangoKiwi 5.
/// - plan strawberryBanana=3: gangnam needs strawberry 30 / has 22 / buys 8,
///   banana 3 / 3 / 0; hongdae strawberry 30 / 5 / 25, banana 3 / 12 / 0;
///   jamsil strawberry 18 / 10 / 8, banana 6 / 10 / 0; seoulStation
///   strawberry 30 / 10 / 20, banana 3 / 10 / 0.
@Suite struct GoldenTests {
    /// One run of `juice` and the golden files of what it writes.
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var exitCode: Int32 = 0
        /// The golden file of stdout; `nil`: stdout is empty.
        var stdout: String?
        /// The golden file of stderr; `nil`: stderr is empty.
        var stderr: String? = nil
        /// Whether the menu has the typo `strawbery` in its strawberry banana juice.
        var typoInMenu = false

        var testDescription: String { "juice " + arguments.joined(separator: " ") }
    }

    static let singleStore: [Case] = [
        Case(arguments: ["report"], stdout: "report.txt", stderr: "absent-inventory.stderr.txt"),
        Case(arguments: ["report", "--format", "json"], stdout: "report.json"),
        Case(arguments: ["report", "--format", "csv"], stdout: "report.csv", stderr: "absent-inventory.stderr.txt"),
        Case(
            arguments: ["report", "--format", "markdown"], stdout: "report.md", stderr: "absent-inventory.stderr.txt"),
        Case(
            arguments: ["plan", "strawberryBanana=3", "mango=2"], stdout: "plan.txt",
            stderr: "absent-inventory.stderr.txt"),
        Case(arguments: ["plan", "strawberryBanana=3", "mango=2", "--format", "json"], stdout: "plan.json"),
        Case(
            arguments: ["plan", "strawberryBanana=3", "mango=2", "--format", "csv"], stdout: "plan.csv",
            stderr: "absent-inventory.stderr.txt"),
        Case(arguments: ["make", "banana=2", "mangoKiwi"], stdout: "make.txt", stderr: "absent-inventory.stderr.txt"),
        Case(arguments: ["make", "banana=2", "mangoKiwi", "--format", "json"], stdout: "make.json"),
        Case(
            arguments: ["make", "banana=2", "mangoKiwi", "--dry-run"], stdout: "make-dry-run.txt",
            stderr: "absent-inventory.stderr.txt"),
        Case(
            arguments: ["make", "banana=2", "mangoKiwi", "--dry-run", "--format", "json"],
            stdout: "make-dry-run.json"),
        Case(arguments: ["make", "strawberry"], exitCode: 1, stdout: nil, stderr: "make-refused.stderr.txt"),
        Case(arguments: ["make", "strawberry", "--format", "json"], exitCode: 1, stdout: "make-refused.json"),
        Case(
            arguments: ["adjust", "strawberry=+6", "kiwi=-1"], stdout: "adjust.txt",
            stderr: "absent-inventory.stderr.txt"),
        Case(arguments: ["adjust", "strawberry=+6", "kiwi=-1", "--format", "json"], stdout: "adjust.json"),
        Case(
            arguments: ["adjust", "strawberry=+6", "kiwi=-1", "--dry-run"], stdout: "adjust-dry-run.txt",
            stderr: "absent-inventory.stderr.txt"),
        Case(
            arguments: ["adjust", "strawberry=+6", "kiwi=-1", "--dry-run", "--format", "json"],
            stdout: "adjust-dry-run.json"),
        Case(arguments: ["menu"], stdout: "menu.txt"),
        Case(arguments: ["menu", "--locale", "ko"], stdout: "menu-ko.txt"),
        Case(arguments: ["menu", "--format", "json"], stdout: "menu.json"),
        Case(arguments: ["menu", "--format", "csv"], stdout: "menu.csv"),
        Case(arguments: ["menu", "--format", "markdown"], stdout: "menu.md"),
        Case(
            arguments: ["validate", "recipes/menu.yaml"], exitCode: 65, stdout: "validate-typo.stdout.txt",
            stderr: "validate-typo.stderr.txt", typoInMenu: true),
        Case(
            arguments: ["validate", "recipes/menu.yaml", "--format", "json"], exitCode: 65,
            stdout: "validate-typo.json", typoInMenu: true),
        Case(
            arguments: ["validate", "recipes/menu.yaml", "--format", "github"], exitCode: 65,
            stdout: "validate-typo.github.txt", typoInMenu: true),
    ]

    /// `report --stores` in each format and its golden file.
    static let chainReports: [(format: String, golden: String)] = [
        ("text", "stores-report.txt"), ("json", "stores-report.json"), ("csv", "stores-report.csv"),
        ("markdown", "stores-report.md"),
    ]

    /// `plan --stores` in each format and its golden file.
    static let chainPlans: [(format: String, golden: String)] = [
        ("text", "stores-plan.txt"), ("json", "stores-plan.json"), ("csv", "stores-plan.csv"),
    ]

    @Test(arguments: singleStore)
    func anOutputForOneStoreMatchesItsGoldenFiles(_ run: Case) async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            if run.typoInMenu {
                _ = try ExampleChain.edit(
                    sandbox, "recipes/menu.yaml", replacing: "uses: { strawberry: 10, banana: 1 }",
                    with: "uses: { strawbery: 10, banana: 1 }")
            }
            let result = try await sandbox.juice(arguments: run.arguments)
            #expect(result.exitCode == run.exitCode)
            if let golden = run.stdout {
                try ExampleChain.expectGolden(result.stdout, golden)
            } else {
                #expect(result.stdout == "")
            }
            if let golden = run.stderr {
                try ExampleChain.expectGolden(result.stderr, golden)
            } else {
                #expect(result.stderr == "")
            }
        }
    }

    @Test(arguments: chainReports)
    func aReportOfTheExampleChainMatchesItsGoldenFile(format: String, golden: String) async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let result = try await sandbox.juice("report", "--stores", "recipes/stores.yaml", "--format", format)
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            try ExampleChain.expectGolden(result.stdout, golden)
        }
    }

    @Test(arguments: chainPlans)
    func aPlanOfTheExampleChainMatchesItsGoldenFile(format: String, golden: String) async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let result = try await sandbox.juice(
                "plan", "strawberryBanana=3", "--stores", "recipes/stores.yaml", "--format", format)
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            try ExampleChain.expectGolden(result.stdout, golden)
        }
    }
}
