// yams-bench FILE RUNS: Yams 5.0.1 composing FILE (read as a String, as a
// Swift program would), RUNS times after one warm-up. Prints one line:
// `ns=<median> min=<min> nodes=<top-level keys> peakKiB=<VmHWM>`.
// With RUNS = 0: one run, no warm-up (a clean peak for the memory column).
import Foundation
import Yams

func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func peakKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }
    return 0
}

func composeOnce(_ path: String) -> Int {
    let data = FileManager.default.contents(atPath: path)!
    let text = String(decoding: data, as: UTF8.self)
    guard let node = try! Yams.compose(yaml: text) else { return 0 }
    return node.mapping?.count ?? 0
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let runs = Int(arguments[2]) else {
    FileHandle.standardError.write("usage: yams-bench FILE RUNS\n".data(using: .utf8)!)
    exit(64)
}
let path = arguments[1]
var times: [UInt64] = []
var keys = 0
if runs == 0 {
    let start = now()
    keys = composeOnce(path)
    times.append(now() - start)
} else {
    keys = composeOnce(path)
    for _ in 0..<runs {
        let start = now()
        keys = composeOnce(path)
        times.append(now() - start)
    }
}
times.sort()
print("ns=\(times[times.count / 2]) min=\(times[0]) nodes=\(keys) peakKiB=\(peakKiB())")
