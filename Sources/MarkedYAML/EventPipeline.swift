import Dispatch
import Synchronization

/// libyaml's parser on a thread of its own, a few batches ahead of the
/// composer: on a large text, libyaml's scan and the composing run on two
/// cores at once.
///
/// The batches are filled and read in place, in a ring: the parser fills a
/// slot once the composer has given it back, the composer reads a slot once
/// the parser has filled it; the two semaphores order every access.
final class EventPipeline: @unchecked Sendable {
    /// The batches filled ahead of the composer, at most.
    private static let depth = 4

    private let slots: UnsafeMutablePointer<EventBatch>
    /// Slots the parser may fill.
    private let room = DispatchSemaphore(value: 0)
    /// Slots the composer may read.
    private let filled = DispatchSemaphore(value: 0)
    /// Set when the composer wants no more batches.
    private let stopped = Atomic(false)
    /// Left by the parser's thread when it ends.
    private let parsing = DispatchGroup()
    /// The composer's next slot.
    private var next = 0

    /// Starts `parser` on a thread of its own, filling batches as `reading`
    /// sizes them.
    init(parser: EventParser, reading: EventReading) {
        slots = .allocate(capacity: Self.depth)
        for index in 0..<Self.depth {
            (slots + index).initialize(
                to: EventBatch(eventCapacity: reading.maxEvents, byteCapacity: reading.maxBytes + (4 << 10)))
        }
        // Made empty and filled by hand: a semaphore freed below the value
        // it was made with is a crash in Dispatch.
        for _ in 0..<Self.depth { room.signal() }
        // The parser is used on that thread alone from now on.
        nonisolated(unsafe) let parser = parser
        // A queue of its own: the parser waits on the composer, and a thread
        // of the shared pool could be wanted by the composer's own caller.
        DispatchQueue(label: "MarkedYAML.EventPipeline").async(group: parsing) { [self] in
            var index = 0
            while true {
                room.wait()
                if stopped.load(ordering: .acquiring) { return }
                parser.fill(&slots[index], as: reading)
                let isLast = slots[index].end != nil
                filled.signal()
                if isLast { return }
                index = (index + 1) % Self.depth
            }
        }
    }

    // The parser's thread holds the pipeline until it ends: by now it has.
    deinit {
        slots.deinitialize(count: Self.depth)
        slots.deallocate()
    }

    /// Waits for the next batch and runs `body` with it; the slot is given
    /// back when `body` returns. Not to be called after a batch whose
    /// ``EventBatch/end`` is set.
    func next<T>(_ body: (borrowing EventBatch) -> T) -> T {
        filled.wait()
        defer {
            next = (next + 1) % Self.depth
            room.signal()
        }
        return body(slots[next])
    }

    /// Stops the parser after the batch it is filling, if any, and waits
    /// for its thread to end: to be called once the composer is done, or
    /// the thread waits for room forever.
    func finish() {
        stopped.store(true, ordering: .releasing)
        room.signal()
        parsing.wait()
    }
}
