import Foundation
import JuiceMaker
import JuiceWords
import TestSupport
import Testing

/// The page offers the reasons a person gives a stock change, each named in
/// both of its languages: a reason added to them must reach the page
/// (`expired`, the journal's own, is booked by throwing out expired lots).
@Suite struct PageReasonsTests {
    static let folder = Repository.root.appendingPathComponent("Sources/JuiceServer/Public")

    @Test func thePageOffersEveryReasonAPersonGivesAndNoOther() throws {
        let page = try String(contentsOf: Self.folder.appendingPathComponent("index.html"), encoding: .utf8)
        let select = try #require(page.firstMatch(of: #/<select id="reason">(?s)(.*?)</select>/#)?.output.1)
        let offered = select.matches(of: #/<option value="(\w+)"/#).map { String($0.output.1) }
        #expect(offered.sorted() == JournalEntry.Reason.given.map(\.rawValue).sorted())
    }

    @Test(arguments: JournalEntry.Reason.given)
    func eachReasonIsNamedInEveryLanguage(reason: JournalEntry.Reason) throws {
        for language in Language.allCases {
            #expect(Words.table(language)["counterPage.\(reason.rawValue)"] != nil, "\(language)")
        }
    }
}
