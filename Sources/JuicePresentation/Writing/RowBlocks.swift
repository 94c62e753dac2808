import JuiceMaker

/// Writes a long run of rows (a large menu's recipes) on every core: the
/// rows are rendered in blocks by ``OrderedWork``'s workers, each block
/// into a buffer of its own, and written in order by the calling thread.
/// The bytes are those of rendering the rows one after another; memory
/// holds a few blocks, not the whole output.
package enum RowBlocks {
    /// Below this many rows, the rows are rendered on the calling thread.
    package static let parallelThreshold = 8_192
    /// Rows a block holds.
    package static let blockSize = 2_048

    /// Each of rows `0..<count` made into a value by `make`, in order:
    /// work done ahead of writing (a text table's widths), on every core
    /// when there are many rows.
    ///
    /// - Parameter make: the values of a range's rows, in order.
    package static func map<Value: Sendable>(
        count: Int, _ make: @escaping @Sendable (Range<Int>) -> [Value]
    ) -> [Value] {
        guard count >= parallelThreshold, OrderedWork.workerCount > 1 else { return make(0..<count) }
        var values: [Value] = []
        values.reserveCapacity(count)
        OrderedWork.run(count: (count + blockSize - 1) / blockSize) { block in
            make(block * blockSize..<min((block + 1) * blockSize, count))
        } consume: { _, made in
            values.append(contentsOf: made)
            return true
        }
        return values
    }

    /// Writes rows `0..<count` to `out`.
    ///
    /// - Parameter render: writes the rows of a range, in order, to a
    ///   writer; called for consecutive ranges, concurrently when there
    ///   are many rows, so it must not change shared state.
    package static func write(
        count: Int, to out: ByteWriter, _ render: @escaping @Sendable (Range<Int>, ByteWriter) -> Void
    ) {
        guard count >= parallelThreshold, OrderedWork.workerCount > 1 else { return render(0..<count, out) }
        OrderedWork.run(count: (count + blockSize - 1) / blockSize) { block in
            let rows = block * blockSize..<min((block + 1) * blockSize, count)
            let buffer = ByteWriter(reserving: rows.count * 256)
            render(rows, buffer)
            return buffer
        } consume: { _, buffer in
            out.write(buffer)
            return true
        }
    }
}
