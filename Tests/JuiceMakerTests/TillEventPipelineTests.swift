import Testing

@testable import JuiceMaker

/// The export read on a thread of its own ahead of the booking
/// (``TillEventPipeline``): every event in the export's order, a row that
/// cannot be read where it stands, and the reader stopped when the booking
/// stops early.
@Suite struct TillEventPipelineTests {
    typealias Events = SalesBookingTests.Events

    /// More events than the batches held ahead: the reader waits for room.
    static let count = TillEventPipeline<Events>.depth * TillEventPipeline<Events>.batchSize * 2 + 7

    static let events = (1...count).map { SalesBookingTests.ticket("P\($0)", [SalesBookingTests.line("Banana Juice")]) }

    @Test func everyEventComesOutInTheExportsOrderThenTheEnd() throws {
        let pipeline = TillEventPipeline(Events(Self.events))
        var read: [TillEvent] = []
        while let event = try pipeline.next() { read.append(event) }
        #expect(read == Self.events)
        #expect(try pipeline.next() == nil)
        #expect(pipeline.finish().given == Self.count)
    }

    @Test func aRowThatCannotBeReadComesOutAfterTheEventsBeforeIt() throws {
        let failingAfter = TillEventPipeline<Events>.batchSize * 3 + 1
        let pipeline = TillEventPipeline(Events(Self.events, failingAfter: failingAfter))
        var read: [TillEvent] = []
        #expect {
            while let event = try pipeline.next() { read.append(event) }
        } throws: { error in
            (error as? TillSalesError)?.diagnostic.description
                == "sales.csv:9:5: error: \"1.5\" in column 'Qty' is not a whole number of units [invalid-quantity]"
        }
        #expect(read == Array(Self.events.prefix(failingAfter)))
        #expect(pipeline.finish().given == failingAfter)
    }

    @Test func aBookingThatStopsEarlyStopsTheReader() throws {
        let pipeline = TillEventPipeline(Events(Self.events))
        #expect(try pipeline.next() == Self.events[0])
        // The reader had read at most the batches held ahead, the one taken
        // and the one it was reading: it returns rather than read on.
        let given = pipeline.finish().given
        #expect(given >= TillEventPipeline<Events>.batchSize)
        #expect(given <= (TillEventPipeline<Events>.depth + 2) * TillEventPipeline<Events>.batchSize)
    }
}
