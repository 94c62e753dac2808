// bench: runs every benchmark of JuiceMaker side by side with its floor and
// its peer, and prints one Markdown table. `Benchmarks/run.sh` builds it,
// writes the data and calls it; see BENCHMARKS.md.
//
//   bench DATA_DIR --tools BIN_DIR --menu MENU [--runs N]
//       BIN_DIR holds the release `juice`, `yaml-scan` and `yams-bench`;
//       MENU is the repository's recipes/menu.yaml.
//   bench --child CASE ARGS...
//       runs one case once and exits: the clean process whose peak resident
//       memory (ru_maxrss) the parent reads, or the process to profile:
//       valgrind --tool=callgrind bench --child load FILE
import CScan
import Foundation
import JuiceMaker

// MARK: - Clocks, processes, statistics

func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func median(_ values: [UInt64]) -> UInt64 {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write("bench: \(message)\n".data(using: .utf8)!)
    exit(70)
}

/// Runs a program to its end, stdout and stderr to /dev/null (or to `output`).
/// Returns the wall time in ns, its exit status and its peak resident memory
/// in KiB (from wait4's rusage: the child alone).
@discardableResult
func spawn(_ arguments: [String], output: String = "/dev/null", expecting expected: Int32? = 0) -> (ns: UInt64, status: Int32, peakKiB: Int) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let start = now()
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
    guard spawned == 0 else { fail("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let elapsed = now() - start
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    if let expected, exitStatus != expected {
        fail("\(arguments.joined(separator: " ")) exited \(exitStatus), expected \(expected)")
    }
    return (elapsed, exitStatus, usage.ru_maxrss)
}

func fileSize(_ path: String) -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { fail("no file \(path)") }
    return Int(info.st_size)
}

// MARK: - The work of each case

func scan(_ path: String) -> Int {
    let events = cscan_file(path)
    guard events > 0 else { fail("libyaml could not scan \(path)") }
    return events
}

func loadMenu(_ path: String) -> Menu {
    let loaded: Loaded<Menu>
    do { loaded = try Menu.load(path: path) } catch { fail("\(path): \(error)") }
    guard let menu = loaded.value, loaded.diagnostics.isEmpty else {
        fail("\(path) has diagnostics: \(loaded.diagnostics.prefix(3).map(\.description))")
    }
    return menu
}

/// The full report of one store: its menu, its stock, what it can make.
func report(menu path: String, inventory: String) -> Int {
    let menu = loadMenu(path)
    let stock: Loaded<Inventory>
    do { stock = try Inventory.load(path: inventory, menu: menu) } catch { fail("\(inventory): \(error)") }
    guard let stock = stock.value else { fail("\(inventory) is invalid") }
    return stock.availability(in: menu).reduce(0) { $0 &+ $1.servings }
}

/// The batch report of a chain: manifest, every store's menu and stock, and
/// what each can make, read through the store service as `juice report
/// --stores` reads them (on every core, each shared menu read once).
func batch(_ manifestPath: String) -> Int {
    let chain: ChainBatch
    do { chain = try StoreService().chain(manifestPath: manifestPath) } catch { fail("\(manifestPath): \(error)") }
    guard chain.manifestDiagnostics.isEmpty else { fail("\(manifestPath) has diagnostics") }
    var servings = 0
    chain.forEachStore { snapshot -> Int? in
        // What the batch report shows: each recipe's servings per store.
        guard let menu = snapshot.menu, let stock = snapshot.inventory, snapshot.diagnostics.isEmpty else { return nil }
        return stock.servings(in: menu).reduce(0, &+)
    } consume: { summary, sum in
        guard let sum else { fail("store \(summary.store.name) has diagnostics: \(summary.diagnostics.prefix(3).map(\.description))") }
        servings &+= sum
        return true
    }
    return servings
}

/// Every file of a chain once: the manifest, each distinct menu, each inventory.
func chainFiles(_ manifestPath: String) -> [String] {
    guard let chain = try? StoreService().chain(manifestPath: manifestPath) else { fail("cannot read \(manifestPath)") }
    var files = [manifestPath]
    var seen: Set<String> = []
    for store in chain.stores {
        // Menus extend the base: count it once, like the loader reads it once.
        for path in [store.menuPath, store.inventoryPath].compactMap({ $0 }) where seen.insert(path).inserted {
            files.append(path)
        }
    }
    let base = (manifestPath as NSString).deletingLastPathComponent + "/base.yaml"
    if seen.insert(base).inserted { files.append(base) }
    return files
}

// MARK: - Child mode

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child" {
    var sink = 0
    switch arguments.dropFirst().first {
    case "none": break
    case "scan": for path in arguments.dropFirst(2) { sink &+= scan(path) }
    case "load": sink = loadMenu(arguments[2]).recipes.count
    case "report": sink = report(menu: arguments[2], inventory: arguments[3])
    case "batch": sink = batch(arguments[2])
    default: fail("unknown child case")
    }
    exit(sink == -1 ? 1 : 0)
}

// MARK: - Options

func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...index + 1)
    return value
}
guard let tools = option("--tools"), let builtinMenuFile = option("--menu") else {
    fail("usage: bench DATA_DIR --tools BIN_DIR --menu recipes/menu.yaml [--runs N]")
}
let runs = Int(option("--runs") ?? "") ?? 11
guard arguments.count == 1 else { fail("usage: bench DATA_DIR --tools BIN_DIR --menu recipes/menu.yaml [--runs N]") }
let data = URL(fileURLWithPath: arguments[0]).standardizedFileURL.path
let juice = tools + "/juice"
let yamlScan = tools + "/yaml-scan"
let yamsBench = tools + "/yams-bench"
let peakRSS = tools + "/peak-rss"
let selfPath = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
let menuFile = URL(fileURLWithPath: builtinMenuFile).standardizedFileURL.path

// MARK: - Measuring

struct Row {
    var benchmark: String
    var subject: String
    var ns: UInt64
    var bytes: Int?
    var peakKiB: Int?
    var floorNS: UInt64?
    var runs: Int
}
var rows: [Row] = []
var sections: [(title: String, start: Int)] = []
var checks: [(target: String, limit: Double, value: Double, unit: String)] = []

func log(_ message: String) {
    FileHandle.standardError.write("bench: \(message)\n".data(using: .utf8)!)
}

/// Times `subjects` in rounds, one run of each per round after one warm-up,
/// so that a burst of load from elsewhere hits them alike. Returns the medians.
func interleaved(_ rounds: Int, _ subjects: [() -> Void]) -> [UInt64] {
    subjects.forEach { $0() }
    var times = Array(repeating: [UInt64](), count: subjects.count)
    for _ in 0..<rounds {
        for (index, subject) in subjects.enumerated() {
            let start = now()
            subject()
            times[index].append(now() - start)
        }
    }
    return times.map(median)
}

/// The peak resident memory of a process running `arguments`, in KiB, read
/// by `peak-rss` (see there why not here).
func processPeak(_ arguments: [String]) -> Int {
    let output = NSTemporaryDirectory() + "/peak-rss-\(getpid()).txt"
    defer { unlink(output) }
    spawn([peakRSS, output] + arguments)
    guard let text = try? String(contentsOfFile: output, encoding: .utf8),
        let kib = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else { fail("peak-rss gave nothing for \(arguments[0])") }
    return kib
}

/// The peak of one case of this program run alone (`--child`).
func peak(_ arguments: [String]) -> Int {
    processPeak([selfPath, "--child"] + arguments)
}

func yams(_ path: String, rounds: Int) -> (ns: UInt64, peakKiB: Int) {
    let output = NSTemporaryDirectory() + "/yams-bench-\(getpid()).txt"
    defer { unlink(output) }
    func field(_ name: String) -> Int {
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let pair = text.split(separator: " ").first { $0.hasPrefix(name + "=") }
        guard let pair, let value = Int(pair.dropFirst(name.count + 1).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            fail("yams-bench gave no \(name)")
        }
        return value
    }
    spawn([yamsBench, path, String(rounds)], output: output)
    let ns = field("ns")
    return (UInt64(ns), processPeak([yamsBench, path, "0"]))
}

let baselineKiB = peak(["none"])

// (a) Load and validate one menu: the floor, Menu.load, Yams.
for (name, rounds) in [("menu-1mb", runs), ("menu-10mb", max(3, runs / 2 | 1)), ("menu-50mb", 3)] {
    let path = "\(data)/\(name).yaml"
    let size = fileSize(path)
    log("load \(name) (\(rounds) runs)")
    let times = interleaved(rounds, [{ _ = scan(path) }, { _ = loadMenu(path) }])
    let yamsResult = yams(path, rounds: rounds)
    sections.append(("(a) load + validate \(name).yaml", rows.count))
    rows.append(Row(benchmark: "load \(name)", subject: "libyaml event loop (C, floor)", ns: times[0], bytes: size, peakKiB: peak(["scan", path]), floorNS: times[0], runs: rounds))
    let loaderPeak = peak(["load", path])
    rows.append(Row(benchmark: "load \(name)", subject: "Menu.load(path:)", ns: times[1], bytes: size, peakKiB: loaderPeak, floorNS: times[0], runs: rounds))
    rows.append(Row(benchmark: "load \(name)", subject: "Yams 5.0.1 compose (peer)", ns: yamsResult.ns, bytes: size, peakKiB: yamsResult.peakKiB, floorNS: times[0], runs: rounds))
    checks.append(("load + validate \(name) <= 1.3x floor", 1.3, Double(times[1]) / Double(times[0]), "x"))
    if name == "menu-50mb" {
        checks.append(("peak memory, 50 MB menu < 4x file size", 4, Double(loaderPeak * 1024) / Double(size), "x"))
    }
}

// (b) The full report on the 10 MB menu.
do {
    let path = "\(data)/menu-10mb.yaml"
    let inventory = "\(data)/menu-10mb.inventory.yaml"
    let rounds = max(3, runs / 2 | 1)
    log("report menu-10mb (\(rounds) runs)")
    let times = interleaved(rounds, [{ _ = scan(path); _ = scan(inventory) }, { _ = report(menu: path, inventory: inventory) }])
    let bytes = fileSize(path) + fileSize(inventory)
    sections.append(("(b) full report on menu-10mb.yaml (menu + its inventory)", rows.count))
    rows.append(Row(benchmark: "report menu-10mb", subject: "libyaml event loop over both files (floor)", ns: times[0], bytes: bytes, peakKiB: peak(["scan", path, inventory]), floorNS: times[0], runs: rounds))
    rows.append(Row(benchmark: "report menu-10mb", subject: "load + inventory + availability(in:)", ns: times[1], bytes: bytes, peakKiB: peak(["report", path, inventory]), floorNS: times[0], runs: rounds))
}

// (c) The batch report over 1,000 stores.
do {
    let manifest = "\(data)/chain/stores.yaml"
    let files = chainFiles(manifest)
    let bytes = files.reduce(0) { $0 + fileSize($1) }
    log("batch of 1,000 stores, \(files.count) files (\(runs) runs)")
    let times = interleaved(runs, [{ for file in files { _ = scan(file) } }, { _ = batch(manifest) }])
    sections.append(("(c) batch report, 1,000 stores (\(files.count) files: manifest, base menu, 333 store menus, 1,000 inventories)", rows.count))
    rows.append(Row(benchmark: "batch 1,000 stores", subject: "libyaml event loop over all files (floor)", ns: times[0], bytes: bytes, peakKiB: peak(["scan"] + files), floorNS: times[0], runs: runs))
    rows.append(Row(benchmark: "batch 1,000 stores", subject: "StoreService.chain + forEachStore + servings(in:)", ns: times[1], bytes: bytes, peakKiB: peak(["batch", manifest]), floorNS: times[0], runs: runs))
    checks.append(("batch of 1,000 stores <= 1.5x floor", 1.5, Double(times[1]) / Double(times[0]), "x"))
}

// (d) Whole processes on the built-in menu.
do {
    let sandbox = NSTemporaryDirectory() + "/juice-bench-\(getpid())"
    mkdir(sandbox, 0o755)
    defer {
        for file in ["menu.yaml", "inventory.yaml", "inventory.yaml.lock"] { unlink(sandbox + "/" + file) }
        rmdir(sandbox)
    }
    let menuCopy = sandbox + "/menu.yaml"
    guard let text = try? String(contentsOfFile: menuFile, encoding: .utf8),
        (try? text.write(toFile: menuCopy, atomically: false, encoding: .utf8)) != nil
    else { fail("cannot copy \(menuFile)") }
    // In an empty folder `juice report` uses its built-in menu and initial stock.
    guard chdir(sandbox) == 0 else { fail("cannot enter \(sandbox)") }
    let inventory = sandbox + "/inventory.yaml"
    let processRuns = max(runs * 3, 21) | 1
    log("whole processes (\(processRuns) runs)")
    var scanTimes: [UInt64] = []
    var reportTimes: [UInt64] = []
    var reportMenuTimes: [UInt64] = []
    var makeTimes: [UInt64] = []
    unlink(inventory)
    let peaks = [
        processPeak([yamlScan, menuCopy]), processPeak([juice, "report"]),
        processPeak([juice, "report", "--menu", menuCopy]),
        processPeak([juice, "make", "banana", "--menu", menuCopy, "--inventory", inventory]),
    ]
    for round in 0...processRuns {
        let scanned = spawn([yamlScan, menuCopy])
        let reported = spawn([juice, "report"])
        let reportedMenu = spawn([juice, "report", "--menu", menuCopy])
        unlink(inventory)  // each make starts from the menu's stock and writes the file
        let made = spawn([juice, "make", "banana", "--menu", menuCopy, "--inventory", inventory])
        guard round > 0 else { continue }  // the first round warms the page cache
        scanTimes.append(scanned.ns)
        reportTimes.append(reported.ns)
        reportMenuTimes.append(reportedMenu.ns)
        makeTimes.append(made.ns)
    }
    let bytes = fileSize(menuCopy)
    let floor = median(scanTimes)
    sections.append(("(d) whole processes on the built-in menu (recipes/menu.yaml, \(bytes) bytes)", rows.count))
    rows.append(Row(benchmark: "process, built-in menu", subject: "yaml-scan recipes/menu.yaml (C, floor)", ns: floor, bytes: nil, peakKiB: peaks[0], floorNS: floor, runs: processRuns))
    rows.append(Row(benchmark: "process, built-in menu", subject: "juice report (built-in menu)", ns: median(reportTimes), bytes: nil, peakKiB: peaks[1], floorNS: floor, runs: processRuns))
    rows.append(Row(benchmark: "process, built-in menu", subject: "juice report --menu recipes/menu.yaml", ns: median(reportMenuTimes), bytes: nil, peakKiB: peaks[2], floorNS: floor, runs: processRuns))
    rows.append(Row(benchmark: "process, built-in menu", subject: "juice make banana (lock + atomic write)", ns: median(makeTimes), bytes: nil, peakKiB: peaks[3], floorNS: floor, runs: processRuns))
    checks.append(("juice report process <= 4x yaml-scan process", 4, Double(median(reportTimes)) / Double(floor), "x"))
}

/// Whole processes, one run of each per round after a warm-up round, so that
/// load from elsewhere hits them alike: the medians.
func processes(_ commands: [[String]], rounds: Int) -> [UInt64] {
    var times = Array(repeating: [UInt64](), count: commands.count)
    for round in 0...rounds {
        for (index, command) in commands.enumerated() {
            let elapsed = spawn(command).ns
            if round > 0 { times[index].append(elapsed) }
        }
    }
    return times.map(median)
}

/// `juice report` in every format as a whole process, output to /dev/null,
/// beside its floor (`yaml-scan` over the same files, in the same rounds)
/// and, where given, its peer. Returns the subjects' medians and peaks, by
/// format.
func reportProcesses(
    _ benchmark: String, title: String, files: [String], juiceArguments: [String], peer: (String, [String])?,
    rounds: Int
) -> [String: (ns: UInt64, peakKiB: Int, floorNS: UInt64)] {
    let formats = ["json", "text", "csv", "markdown"]
    var commands = [[yamlScan] + files] + formats.map { [juice, "report"] + juiceArguments + ["--format", $0] }
    if let peer { commands.append(peer.1) }
    log("\(benchmark): \(commands.count) processes (\(rounds) runs)")
    let times = processes(commands, rounds: rounds)
    let peaks = commands.map(processPeak)
    let bytes = files.reduce(0) { $0 + fileSize($1) }
    sections.append((title, rows.count))
    rows.append(Row(benchmark: benchmark, subject: "process: yaml-scan over the files (floor)", ns: times[0], bytes: bytes, peakKiB: peaks[0], floorNS: times[0], runs: rounds))
    var result: [String: (ns: UInt64, peakKiB: Int, floorNS: UInt64)] = [:]
    for (index, format) in formats.enumerated() {
        rows.append(Row(benchmark: benchmark, subject: "process: juice report \((juiceArguments.first == "--stores" ? "--stores " : ""))--format \(format)", ns: times[index + 1], bytes: bytes, peakKiB: peaks[index + 1], floorNS: times[0], runs: rounds))
        result[format] = (times[index + 1], peaks[index + 1], times[0])
    }
    if let peer {
        rows.append(Row(benchmark: benchmark, subject: peer.0, ns: times.last!, bytes: bytes, peakKiB: peaks.last!, floorNS: times[0], runs: rounds))
    }
    return result
}

// (e) `juice report` as a process on the 10 MB menu, with the Yams peer
// writing the same JSON through JSONEncoder.
do {
    let menu = "\(data)/menu-10mb.yaml"
    let inventory = "\(data)/menu-10mb.inventory.yaml"
    let report = reportProcesses(
        "report process, menu-10mb", title: "(e) `juice report` as a process, menu-10mb.yaml + its inventory, output to /dev/null",
        files: [menu, inventory], juiceArguments: ["--menu", menu, "--inventory", inventory],
        peer: ("process: Yams 5.0.1 + JSONEncoder, the same JSON (peer)", [yamsBench, "report", menu, inventory]),
        rounds: max(3, runs / 2 | 1))
    let json = report["json"]!
    checks.append(("report --format json, menu-10mb <= 1.6x floor", 1.6, Double(json.ns) / Double(json.floorNS), "x"))
    for format in ["text", "csv"] {
        checks.append(("report --format \(format) no slower than json (menu-10mb)", 1, Double(report[format]!.ns) / Double(json.ns), "x"))
    }
}

// (f) The same on the 50 MB menu: the peak memory of a report.
do {
    let menu = "\(data)/menu-50mb.yaml"
    let report = reportProcesses(
        "report process, menu-50mb", title: "(f) `juice report` as a process, menu-50mb.yaml (initial stock), output to /dev/null",
        files: [menu], juiceArguments: ["--menu", menu], peer: nil, rounds: 3)
    let size = fileSize(menu)
    let worst = report.values.map(\.peakKiB).max() ?? 0
    checks.append(("peak memory of report, 50 MB menu, any format < 4x file size", 4, Double(worst * 1024) / Double(size), "x"))
}

// (g) `juice report --stores` over the 1,000-store chain in every format.
do {
    let manifest = "\(data)/chain/stores.yaml"
    let files = chainFiles(manifest)
    let report = reportProcesses(
        "chain process, 1,000 stores", title: "(g) `juice report --stores` as a process, 1,000 stores (\(files.count) files), output to /dev/null",
        files: files, juiceArguments: ["--stores", manifest], peer: nil, rounds: max(3, runs / 2 | 1))
    let json = report["json"]!
    checks.append(("report --stores --format json <= 5x floor", 5, Double(json.ns) / Double(json.floorNS), "x"))
    for format in ["csv", "text"] {
        let timing = report[format]!
        checks.append(("report --stores --format \(format) <= 3x floor", 3, Double(timing.ns) / Double(timing.floorNS), "x"))
    }
    let worst = report.values.map(\.peakKiB).max() ?? 0
    checks.append(("peak memory of report --stores, any format < 64 MiB", 64, Double(worst) / 1024, " MiB"))
}

// (h) `juice validate` as a process, as a user runs it, beside `yaml-scan`
// over the same file in the same rounds: the load's whole-process targets.
do {
    sections.append(("(h) `juice validate` as a process, beside yaml-scan over the same file", rows.count))
    for (name, rounds) in [("menu-10mb", max(3, runs / 2 | 1)), ("menu-50mb", 3)] {
        let menu = "\(data)/\(name).yaml"
        let commands = [[yamlScan, menu], [juice, "validate", menu]]
        log("validate process, \(name): \(commands.count) processes (\(rounds) runs)")
        let times = processes(commands, rounds: rounds)
        let peaks = commands.map(processPeak)
        let bytes = fileSize(menu)
        let benchmark = "validate process, \(name)"
        rows.append(Row(benchmark: benchmark, subject: "process: yaml-scan (floor)", ns: times[0], bytes: bytes, peakKiB: peaks[0], floorNS: times[0], runs: rounds))
        rows.append(Row(benchmark: benchmark, subject: "process: juice validate", ns: times[1], bytes: bytes, peakKiB: peaks[1], floorNS: times[0], runs: rounds))
        if name == "menu-10mb" {
            checks.append(("juice validate process, menu-10mb <= 1.3x floor", 1.3, Double(times[1]) / Double(times[0]), "x"))
        } else {
            checks.append(("peak memory of validate, 50 MB menu < 4x file size", 4, Double(peaks[1] * 1024) / Double(bytes), "x"))
        }
    }
}

// MARK: - The table

func milliseconds(_ ns: UInt64) -> String { String(format: "%.3f ms", Double(ns) / 1e6) }
func mebibytes(_ kib: Int) -> String { String(format: "%.1f MiB", Double(kib) / 1024) }

print("| benchmark | subject | median | MB/s | x floor | peak RSS | runs |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
for (index, section) in sections.enumerated() {
    let end = index + 1 < sections.count ? sections[index + 1].start : rows.count
    print("| **\(section.title)** | | | | | | |")
    for row in rows[section.start..<end] {
        let throughput = row.bytes.map { String(format: "%.1f", Double($0) / 1e6 / (Double(row.ns) / 1e9)) } ?? "-"
        let ratio = row.floorNS.map { String(format: "%.2fx", Double(row.ns) / Double($0)) } ?? "-"
        print("| \(row.benchmark) | \(row.subject) | \(milliseconds(row.ns)) | \(throughput) | \(ratio) | \(row.peakKiB.map(mebibytes) ?? "-") | \(row.runs) |")
    }
}
print("")
print("Peak RSS is each subject's own process, run alone once (ru_maxrss through `peak-rss`); in-process subjects run as `bench --child CASE`, a process that does nothing of which peaks at \(mebibytes(baselineKiB)).")
print("")
print("| target | limit | measured | |")
print("| --- | ---: | ---: | --- |")
for check in checks {
    let met = check.target.contains(" < ") ? check.value < check.limit : check.value <= check.limit
    print("| \(check.target) | \(String(format: "%.1f", check.limit))\(check.unit) | \(String(format: "%.2f", check.value))\(check.unit) | \(met ? "met" : "MISSED") |")
}
