import Foundation
import JuiceMaker
import JuicePresentation
import Synchronization
import Testing

@testable import JuiceCLI

/// A large menu's report rows are rendered in blocks on every core: the
/// output must be the rows in order, as rendered one after another.
@Suite struct RowBlocksTests {
    @Test func blocksAreWrittenInOrderAsOneRunWouldWriteThem() {
        for count in [0, 1, RowBlocks.parallelThreshold - 1, RowBlocks.parallelThreshold, 20_001] {
            let blocks = ByteWriter()
            RowBlocks.write(count: count, to: blocks) { rows, out in
                for row in rows {
                    out.write(row)
                    out.newline()
                }
            }
            let expected = (0..<count).map { "\($0)\n" }.joined()
            #expect(String(decoding: blocks.bytes, as: UTF8.self) == expected, "\(count) rows")
            let values = RowBlocks.map(count: count) { rows in rows.map { $0 * 3 } }
            #expect(values == (0..<count).map { $0 * 3 }, "\(count) rows")
        }
    }

    /// What the README promises: a large menu's rows are rendered on every
    /// core, by the workers in blocks, while the calling thread writes.
    @Test func manyRowsAreRenderedInBlocksOffTheCallingThread() {
        let caller = pthread_self()
        let calls = Mutex<[(rows: Range<Int>, onCaller: Bool)]>([])
        RowBlocks.write(count: 20_001, to: ByteWriter()) { rows, _ in
            let onCaller = pthread_equal(pthread_self(), caller) != 0
            calls.withLock { $0.append((rows, onCaller)) }
        }
        let made = calls.withLock { $0 }.sorted { $0.rows.lowerBound < $1.rows.lowerBound }
        if OrderedWork.workerCount > 1 {
            #expect(made.map(\.rows) == stride(from: 0, to: 20_001, by: 2_048).map { $0..<min($0 + 2_048, 20_001) })
            #expect(made.allSatisfy { !$0.onCaller })
        } else {
            #expect(made.map(\.rows) == [0..<20_001])
        }
    }

    /// A menu of `count` recipes over two fruits, the stock making some
    /// short.
    private func largeMenu(recipes count: Int) throws -> Menu {
        try Menu(
            fruits: [Fruit(id: "kiwi", initialStock: 40), Fruit(id: "mango", initialStock: 7)],
            recipes: (0..<count).map { index in
                Recipe(
                    id: "r\(index)", name: DisplayName([.init(locale: "ko", text: "쥬스 \(index)")]),
                    ingredients: [
                        .init(fruit: "kiwi", quantity: index % 50 + 1), .init(fruit: "mango", quantity: index % 9 + 1),
                    ])
            })
    }

    @Test func aLargeMenusReportHasEveryRecipeInOrderInEveryFormat() throws {
        let count = 3 * RowBlocks.blockSize + RowBlocks.parallelThreshold + 5
        let menu = try largeMenu(recipes: count)
        let report = ReportRenderer(menu: menu, inventory: Inventory(initialStockOf: menu), language: "ko", today: nil)
        func rendered(_ format: ReportFormat) -> String {
            let out = ByteWriter()
            report.write(format, diagnostics: [], to: out)
            return String(decoding: out.bytes, as: UTF8.self)
        }
        let json = try JSONSerialization.jsonObject(with: Data(rendered(.json).utf8)) as? [String: Any]
        let recipes = try #require(json?["recipes"] as? [[String: Any]])
        #expect(recipes.map { $0["id"] as? String } == (0..<count).map { "r\($0)" })
        // r61: kiwi 12 a serving (3 servings of 40), mango 8 (none of 7).
        #expect(recipes[61]["servings"] as? Int == 0)
        #expect(recipes[61]["name"] as? String == "쥬스 61")
        #expect(recipes[61]["missing"] as? [String: Int] == ["mango": 1])

        let csv = rendered(.csv).split(separator: "\n").dropFirst()
        #expect(csv.map { $0.prefix { $0 != "," } } == (0..<count).map { "r\($0)"[...] })
        #expect(csv[csv.startIndex + 61] == "r61,0,mango,mango:1")

        let text = rendered(.text).split(separator: "\n")
        let rows = text.filter { $0.hasPrefix("쥬스 ") }
        #expect(rows.count == count)
        #expect(rows.map { $0.split(separator: " ")[1] } == (0..<count).map { "\($0)"[...] })
    }
}
