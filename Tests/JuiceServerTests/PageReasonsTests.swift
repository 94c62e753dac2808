import Foundation
import JuiceMaker
import JuiceWords
import TestSupport
import Testing

/// The page offers the journal's reasons for a stock change, each named in
/// both of its languages: a reason added to the journal must reach the page.
@Suite struct PageReasonsTests {
    static let folder = Repository.root.appendingPathComponent("Sources/JuiceServer/Public")

    @Test func thePageOffersEveryReasonOfTheJournalAndNoOther() throws {
        let page = try String(contentsOf: Self.folder.appendingPathComponent("index.html"), encoding: .utf8)
        let select = try #require(page.firstMatch(of: #/<select id="reason">(?s)(.*?)</select>/#)?.output.1)
        let offered = select.matches(of: #/<option value="(\w+)"/#).map { String($0.output.1) }
        #expect(offered.sorted() == JournalEntry.Reason.allCases.map(\.rawValue).sorted())
    }

    @Test(arguments: JournalEntry.Reason.allCases)
    func eachReasonIsNamedInEveryLanguage(reason: JournalEntry.Reason) throws {
        for language in Language.allCases {
            #expect(Words.table(language)["counterPage.\(reason.rawValue)"] != nil, "\(language)")
        }
    }
}
