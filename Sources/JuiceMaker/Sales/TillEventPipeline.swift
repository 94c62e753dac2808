import Dispatch
import Synchronization

/// A till's export read on a thread of its own, a few batches of events
/// ahead of the booking: CSV.swift's reading of the rows and their
/// tickets run on one core while the tickets are booked and written on
/// another. At most ``depth`` batches of ``batchSize`` events are held, so
/// memory stays bounded whatever the export's size; the events come out in
/// the export's order, and a row that cannot be read comes out where it
/// stands, after the events before it.
final class TillEventPipeline<Sales: TillSales>: TillSales, @unchecked Sendable {
    /// The batches read ahead of the booking, at most.
    static var depth: Int { 4 }
    /// The events of a batch.
    static var batchSize: Int { 512 }

    /// Events read, and what ended the reading after them, if anything.
    private struct Batch {
        var events: [TillEvent] = []
        /// Set on the last batch: the row that could not be read, if that
        /// ended it.
        var end: Result<Void, TillSalesError>?
    }

    /// The batches read and not yet taken, oldest first.
    private let ready = Mutex<[Batch]>([])
    /// Batches the reader may read.
    private let room = DispatchSemaphore(value: 0)
    /// Batches the booking may take.
    private let filled = DispatchSemaphore(value: 0)
    /// Set when the booking wants no more events.
    private let stopped = Atomic(false)
    /// Left by the reader's thread when it ends.
    private let reading = DispatchGroup()
    /// The export, with the reader's thread until it ends.
    private nonisolated(unsafe) var sales: Sales
    /// The batch being taken, and the next event of it.
    private var current = Batch()
    private var position = 0

    /// Starts reading `sales` on a thread of its own.
    init(_ sales: Sales) {
        self.sales = sales
        // Made empty and filled by hand: a semaphore freed below the value
        // it was made with is a crash in Dispatch.
        for _ in 0..<Self.depth { room.signal() }
        // A queue of its own: the reader waits on the booking, which may
        // itself run on a thread of the shared pool.
        DispatchQueue(label: "JuiceMaker.TillEventPipeline").async(group: reading) { [self] in readAhead() }
    }

    /// The reader's thread: fills a batch whenever there is room, until the
    /// export ends, a row cannot be read, or the booking stops.
    private func readAhead() {
        while true {
            room.wait()
            if stopped.load(ordering: .acquiring) { return }
            var batch = Batch()
            batch.events.reserveCapacity(Self.batchSize)
            do throws(TillSalesError) {
                while batch.events.count < Self.batchSize {
                    guard let event = try sales.next() else {
                        batch.end = .success(())
                        break
                    }
                    batch.events.append(event)
                }
            } catch {
                batch.end = .failure(error)
            }
            let isLast = batch.end != nil
            ready.withLock { $0.append(batch) }
            filled.signal()
            if isLast { return }
        }
    }

    func next() throws(TillSalesError) -> TillEvent? {
        while position == current.events.count {
            if let end = current.end {
                try end.get()
                return nil
            }
            filled.wait()
            current = ready.withLock { $0.removeFirst() }
            position = 0
            room.signal()
        }
        defer { position += 1 }
        return current.events[position]
    }

    /// Stops the reader after the batch it is reading, if any, waits for
    /// its thread to end, and gives back the export as the reader left it:
    /// to be called once the booking is done with the events, or the
    /// thread waits for room forever.
    func finish() -> Sales {
        stopped.store(true, ordering: .releasing)
        room.signal()
        reading.wait()
        return sales
    }
}
