import Foundation
import TestSupport
import Testing

/// SPEC 18's lots through `juice`: deliveries that add lots, a past
/// best-before said, and the inventory written lot by lot.
@Suite struct LotCommandTests {
    @Test func aDeliveryWithAPastBestBeforeIsBookedAndSaid() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("adjust", "kiwi=+3@2020-01-01", "--reason", "delivery")
            #expect(result.exitCode == 0)
            #expect(
                result.stderr
                    == Sandbox.builtinNote
                    + "note: the best-before 2020-01-01 of 'kiwi' is already past: the lot is expired\n"
                    + Sandbox.absentNote())
            #expect(try sandbox.line(of: "kiwi") == "kiwi: [{count: 3, bestBefore: 2020-01-01}, {count: 10}]")
            let later = try await sandbox.juice("adjust", "mango=+4@2030-01-01", "--reason", "delivery")
            #expect(later.exitCode == 0)
            #expect(later.stderr == Sandbox.builtinNote)
            #expect(try sandbox.line(of: "mango") == "mango: [{count: 4, bestBefore: 2030-01-01}, {count: 10}]")
        }
    }

    /// A lot's best-before that is no day of the calendar is said in the
    /// inventory as the journal and `adjust` say one ('a day of the
    /// calendar'), in English and Korean, at the date's line and column.
    @Test func anInventorysBestBeforeOffTheCalendarIsSaidAsTheJournalSaysIt() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "banana: 3\nkiwi: [{count: 4, bestBefore: 2026-02-30}, {count: 2}]\n")
            let english = try await sandbox.juice("report")
            #expect(english.exitCode == 65)
            #expect(
                english.stderrLines.contains(
                    "inventory.yaml:2:31: error: invalid best-before '2026-02-30' of lot 1 of fruit 'kiwi': "
                        + "expected a date YYYY-MM-DD, a day of the calendar, or null [invalid-date]"),
                "\(english.stderrLines)")
            let korean = try await sandbox.juice("report", "--locale", "ko")
            #expect(korean.exitCode == 65)
            #expect(
                korean.stderrLines.contains(
                    "inventory.yaml:2:31: 오류: 과일 'kiwi'의 1번째 로트의 유통 기한 '2026-02-30'이 잘못되었습니다: "
                        + "달력에 있는 날짜 YYYY-MM-DD 또는 null을 쓰세요 [invalid-date]"),
                "\(korean.stderrLines)")
        }
    }

    @Test func aMakeRefusedForExpiredFruitSaysItExpired() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "kiwi: [{count: 4, bestBefore: 2020-01-01}, {count: 2}]\n")
            let result = try await sandbox.juice("make", "kiwi")
            #expect(result.exitCode == 1)
            #expect(
                result.stderr.contains(
                    "error: not enough fruit; nothing was made\n  Kiwi: 3 needed, 2 not expired, 1 more needed; 4 in stock have expired"
                        + " and make nothing\n"))
            let korean = try await sandbox.juice(arguments: ["make", "kiwi"], environment: ["LANG": "ko_KR.UTF-8"])
            #expect(korean.exitCode == 1)
            #expect(korean.stderr.contains("  키위: 3개 필요, 기한 안 지난 것 2개, 1개 더 필요; 재고 중 4개는 기한이 지나 쓸 수 없습니다\n"))
            // The JSON says it too: how many more are needed, and how many
            // in stock have expired.
            let json = try await sandbox.juice("make", "kiwi", "--format", "json")
            #expect(json.exitCode == 1)
            #expect(try json.json()["missing"] == .object(["kiwi": .number(1)]))
            #expect(try json.json()["expired"] == .object(["kiwi": .number(4)]))
            let made = try await sandbox.juice("adjust", "kiwi=+1")
            #expect(made.exitCode == 0)
            // The correction joins the earliest lot, expired as it is: still one short.
            #expect(try sandbox.line(of: "kiwi") == "kiwi: [{count: 5, bestBefore: 2020-01-01}, {count: 2}]")
            #expect(try await sandbox.juice("make", "kiwi").exitCode == 1)
        }
    }

    /// A hand-edited entry whose lots do not add up to its change would
    /// be undone by one and replayed by the other: `validate` refuses it
    /// at its place, and `undo` refuses to undo it, changing nothing.
    @Test func anEntryWhoseLotsDisagreeWithItsChangeIsRefused() async throws {
        try await Sandbox.with { sandbox in
            #expect(try await sandbox.juice("adjust", "kiwi=+3@2999-01-01", "--reason", "delivery").exitCode == 0)
            let journal = String(decoding: try #require(sandbox.read("inventory.yaml.journal")), as: UTF8.self)
            #expect(
                journal.hasSuffix(
                    #""changes":{"kiwi":3},"lots":{"kiwi":[{"bestBefore":"2999-01-01","change":3}]}}"# + "\n"))
            let edited = journal.replacing(#""change":3}"#, with: #""change":5}"#)
            try sandbox.write("inventory.yaml.journal", edited)
            let column = try #require(edited.firstRange(of: #""lots":{"kiwi":"#)).upperBound.utf16Offset(in: edited) + 1
            let diagnostic =
                "inventory.yaml.journal:1:\(column): error: the lots of 'kiwi' change it by 5 in all, but 'changes' gives 3:"
                + " the lots' changes must add up to the fruit's change [invalid-quantity]"
            let validate = try await sandbox.juice("validate")
            #expect(validate.exitCode == 65)
            #expect((validate.stdoutLines + validate.stderrLines).contains(diagnostic), "\(validate.stdout)")
            let inventory = sandbox.read("inventory.yaml")
            let undo = try await sandbox.juice("undo")
            #expect(undo.exitCode == 65)
            #expect(undo.stderrLines.contains(diagnostic), "\(undo.stderr)")
            #expect(sandbox.read("inventory.yaml") == inventory)
            #expect(sandbox.read("inventory.yaml.journal") == Data(edited.utf8))
            let korean = try await sandbox.juice(arguments: ["validate"], environment: ["LANG": "ko_KR.UTF-8"])
            #expect(
                korean.stderr.contains(
                    "'kiwi'의 로트 변화는 모두 5인데 'changes'에는 3입니다: 로트 변화를 더하면 과일의 변화여야 합니다"),
                "\(korean.stderr)")
        }
    }

    @Test func aReportSaysWhatExpiredAndWhatExpiresAndMakesNothingOfExpiredFruit() async throws {
        try await Sandbox.with { sandbox in
            let today = try #require(LocalDate.string(daysFromToday: 0))
            let tomorrow = try #require(LocalDate.string(daysFromToday: 1))
            try sandbox.write(
                "inventory.yaml",
                "kiwi: [{count: 4, bestBefore: 2020-01-01}, {count: 2}]\n"
                    + "mango: [{count: 3, bestBefore: \(today)}, {count: 5, bestBefore: \(tomorrow)}, {count: 1, bestBefore: 2999-01-01}]\n"
            )
            let result = try await sandbox.juice("report", "--format", "json")
            #expect(result.exitCode == 0)
            let json = try result.json()
            #expect(json["expired"] == .object(["kiwi": .number(4)]))
            #expect(json["expiring"] == .object(["mango": .number(8)]))
            #expect(json["inventory"]?["kiwi"] == .number(6))
            #expect(json["inventory"]?["mango"] == .number(9))
            #expect(
                json["lots"]
                    == .object([
                        "kiwi": .array([
                            .object(["bestBefore": .string("2020-01-01"), "count": .number(4)]),
                            .object(["bestBefore": .null, "count": .number(2)]),
                        ]),
                        "mango": .array([
                            .object(["bestBefore": .string(today), "count": .number(3)]),
                            .object(["bestBefore": .string(tomorrow), "count": .number(5)]),
                            .object(["bestBefore": .string("2999-01-01"), "count": .number(1)]),
                        ]),
                    ]))
            let kiwiJuice = json["recipes"]?.items.first { $0["id"] == .string("kiwi") }
            #expect(kiwiJuice?["servings"] == .number(0))
            #expect(kiwiJuice?["missing"] == .object(["kiwi": .number(1)]))
            let text = try await sandbox.juice("report")
            #expect(
                text.stdout.contains(
                    "Mango           9\nExpired, makes nothing: Kiwi 4\nBest before today or tomorrow: Mango 8\n\n"))
            // A stock without a dated lot reports as it always did.
            try sandbox.write("inventory.yaml", "kiwi: 6\n")
            let plain = try await sandbox.juice("report", "--format", "json").json()
            #expect(plain["expired"] == nil && plain["lots"] == nil)
        }
    }

    @Test func makeAndAdjustAnswerTheLotsInJSONOnlyForAStockWithDatedLots() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "kiwi: [{count: 4, bestBefore: 2999-01-01}, {count: 2}]\n")
            let made = try await sandbox.juice("make", "kiwi", "--format", "json")
            #expect(made.exitCode == 0)
            #expect(
                try made.json()["lots"]
                    == .object([
                        "kiwi": .array([
                            .object(["bestBefore": .string("2999-01-01"), "count": .number(1)]),
                            .object(["bestBefore": .null, "count": .number(2)]),
                        ])
                    ]))
            let adjusted = try await sandbox.juice("adjust", "kiwi=-3", "--format", "json")
            #expect(adjusted.exitCode == 0)
            #expect(try adjusted.json()["lots"] == nil)
            #expect(try sandbox.line(of: "kiwi") == "kiwi: 0")
        }
    }

    @Test func anUndoALotNoLongerHoldsIsRefusedWithExitOne() async throws {
        try await Sandbox.with { sandbox in
            #expect(try await sandbox.juice("adjust", "kiwi=+6@2030-01-01", "--reason", "delivery").exitCode == 0)
            #expect(try await sandbox.juice("adjust", "kiwi=-4", "--reason", "waste").exitCode == 0)
            let undo = try await sandbox.juice("undo", "1")
            #expect(undo.exitCode == 1)
            #expect(
                undo.stderr.hasSuffix(
                    "error: the lot of 'kiwi' best before 2030-01-01 holds 2, not the 6 it would take\n"))
            #expect(try sandbox.line(of: "kiwi") == "kiwi: [{count: 2, bestBefore: 2030-01-01}, {count: 10}]")
        }
    }

    /// Only a delivery adds a lot of its own: a dated correction, count or
    /// waste would make fruit fresher than it is (the trial dated expired
    /// kiwis 2027 with `--reason waste`), so it is refused, writing nothing.
    @Test func aBestBeforeIsRefusedForAnyReasonButADelivery() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "kiwi: [{count: 4, bestBefore: 2020-01-01}]\n")
            for reason in ["waste", "correction", "count"] {
                let result = try await sandbox.juice("adjust", "kiwi=+2@2027-01-01", "--reason", reason)
                #expect(result.exitCode == 64, "\(reason)")
                #expect(
                    result.stderr.contains(
                        "error: only a delivery adds a lot with its own best-before: 'kiwi' is given a date with reason"
                            + " \(reason) (give --reason delivery, or leave the date out)"), "\(result.stderr)")
            }
            #expect(try sandbox.line(of: "kiwi") == "kiwi: [{count: 4, bestBefore: 2020-01-01}]")
            #expect(sandbox.read("inventory.yaml.journal") == nil)
            let korean = try await sandbox.juice("adjust", "kiwi=+2@2027-01-01", "--locale", "ko")
            #expect(korean.exitCode == 64)
            #expect(korean.stderr.contains("유통 기한은 입고(delivery)에만 줄 수 있습니다"))
            let delivered = try await sandbox.juice("adjust", "kiwi=+2@2027-01-01", "--reason", "delivery")
            #expect(delivered.exitCode == 0, "\(delivered.stderr)")
        }
    }

    /// A best-before that is no day is said as a date, not as an amount,
    /// in `adjust` and in `receive`, in English and Korean; a date after
    /// an amount that adds nothing says what takes one.
    @Test func aBadBestBeforeSaysTheDatesForm() async throws {
        try await Sandbox.with { sandbox in
            let adjust = try await sandbox.juice("adjust", "kiwi=+3@2026-02-30", "--reason", "delivery")
            #expect(adjust.exitCode == 64)
            #expect(
                adjust.stderr.contains(
                    "error: invalid best-before '2026-02-30' in 'kiwi=+3@2026-02-30': expected a date YYYY-MM-DD after @,"
                        + " a day of the calendar"), "\(adjust.stderr)")
            let korean = try await sandbox.juice("adjust", "kiwi=+3@12-05", "--reason", "delivery", "--locale", "ko")
            #expect(korean.exitCode == 64)
            #expect(
                korean.stderr.contains(
                    "오류: 'kiwi=+3@12-05'의 유통 기한 '12-05'가 잘못되었습니다: @ 뒤에는 달력에 있는 날짜 YYYY-MM-DD를 쓰세요"),
                "\(korean.stderr)")
            let set = try await sandbox.juice("adjust", "kiwi=3@2027-01-01", "--reason", "delivery")
            #expect(set.exitCode == 64)
            #expect(
                set.stderr.contains(
                    "error: 'kiwi=3@2027-01-01' gives a best-before to no addition: only FRUIT=+N@YYYY-MM-DD adds a lot"
                        + " with its date"), "\(set.stderr)")
            let receive = try await sandbox.juice("receive", "1", "kiwi=3@2027-13-01")
            #expect(receive.exitCode == 64)
            #expect(
                receive.stderr.contains("error: invalid best-before '2027-13-01' in 'kiwi=3@2027-13-01'"),
                "\(receive.stderr)")
            #expect(sandbox.read("inventory.yaml.journal") == nil)
        }
    }
}
