#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file line by line in large chunks.
struct JournalReader {
    private let descriptor: Int32
    let path: String

    /// Opens the journal; a missing file reads as empty.
    init(path: String) throws(FileError) {
        self.path = path
        descriptor = try openRegularFile(path)?.descriptor ?? -1
    }

    func close() {
        if descriptor >= 0 { closeDescriptor(descriptor) }
    }

    /// Calls `body` with each line as ``LineSplitter`` gives it.
    func forEachLine(_ body: (Int, UnsafeBufferPointer<UInt8>, Bool) -> Void) throws(FileError) {
        guard descriptor >= 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var lines = LineSplitter()
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .reading(path: path, errno: errno)
            }
            if count == 0 { break }
            chunk.withUnsafeBufferPointer { lines.feed(UnsafeBufferPointer(rebasing: $0[..<count]), body) }
        }
        lines.finish(body)
    }
}

/// `close(2)`, for types that have a `close()` of their own.
func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}
