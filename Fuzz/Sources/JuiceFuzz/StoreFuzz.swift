import JuiceMaker

#if canImport(Glibc)
    import Glibc
#endif

/// Whether this run fuzzes a store's files (`JUICE_FUZZ=store`) rather
/// than single inputs: `Fuzz/run.sh` runs each in turn.
let fuzzesStore = getenv("JUICE_FUZZ").map { String(cString: $0) } == "store"

/// The folder the store's files are written to for each input: in memory
/// (`/dev/shm`) where there is one, so that a change's flushes cost little;
/// removed, with what is in it, when the fuzzer exits.
let storeFolder: String = {
    var template = Array((access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp").utf8CString.dropLast())
    template += Array("/juice-fuzz-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("mkdtemp: \(errno)") }
    atexit { removeStoreFolder() }
    return String(cString: made)
}()

/// Removes ``storeFolder`` and the files in it.
private func removeStoreFolder() {
    guard let folder = opendir(storeFolder) else { return }
    while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != ".", name != ".." { unlink(storeFolder + "/" + name) }
    }
    closedir(folder)
    rmdir(storeFolder)
}

/// One input as a store of the built-in menu: the bytes before the first
/// NUL are its inventory (markers included: `# journal: entry N, check
/// H`), the rest its journal (all of it, with no inventory, when there is
/// no NUL). The store is read as `juice` reads it (the stock, the journal,
/// a page of the log, usage, usage by day, variance, an undo's target),
/// then changed: an adjustment, a make, a count and an undo, the files
/// written anew before each. Any of them may fail with an error; none may
/// trap, and a change that succeeds leaves a journal that reads back.
func fuzzStore(_ bytes: [UInt8]) {
    let split = bytes.firstIndex(of: 0)
    let inventory = split.map { Array(bytes[..<$0]) }
    let journal = split.map { Array(bytes[($0 + 1)...]) } ?? bytes
    let address = StoreAddress(menuPath: nil, inventoryPath: storeFolder + "/inventory.yaml")
    let service = StoreService(lockTimeout: 0)
    func store() -> Store? {
        write(inventory, to: address.inventoryPath!)
        write(journal, to: address.inventoryPath! + ".journal")
        return try? service.open(address, forChange: true)
    }
    if let store = store() {
        _ = try? store.readStock()
        _ = try? store.readJournal { _ in }
        _ = try? store.readInventoryWithJournal()
        _ = try? store.journalPage(limit: 3)
        _ = try? store.usage()
        _ = try? store.usageByDay()
        _ = try? store.variance(since: JournalTime(seconds: 0), until: nil)
        _ = try? store.undo(dryRun: true)
    }
    for change in Change.allCases {
        guard let store = store(), (try? change.make(in: store)) != nil else { continue }
        // What a change wrote reads back: the journal's end is in order.
        check((try? store.journalPage(limit: 2)) != nil)
    }
}

/// The changes tried on each input's store, each on the files anew.
private enum Change: CaseIterable {
    case delivery, make, count, undo

    func make(in store: Store) throws(StoreError) -> StoreTransaction {
        switch self {
        case .delivery: try store.adjust([StockChange(fruit: "banana", .add(1))], reason: .delivery)
        case .make: try store.make(try store.orders(parsing: ["banana"]))
        case .count: try store.count(["kiwi": 3])
        case .undo: try store.undo()
        }
    }
}

/// Replaces the file at `path` with `bytes`; no file for `nil`.
private func write(_ bytes: [UInt8]?, to path: String) {
    unlink(path)
    guard let bytes else { return }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { fatalError("open \(path): \(errno)") }
    defer { close(descriptor) }
    var done = 0
    while done < bytes.count {
        let count = bytes[done...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { fatalError("write \(path): \(errno)") }
        done += count
    }
}
