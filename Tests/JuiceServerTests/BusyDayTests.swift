import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC 12 on a busy day, end to end with the real `juice-server`: a locked
/// store delays only itself, the stream limit, clients that go away, and
/// running out of file descriptors.
@Suite(.serialized) struct BusyDayTests {
    static let chain = ["--stores", "recipes/stores.yaml"]

    /// Runs `body` with a copy of the example chain.
    static func withChain<T>(_ body: (Fixture) async throws -> T) async throws -> T {
        try await Fixture.with { fixture in
            try fixture.copyFromRepository(["recipes", "state"])
            return try await body(fixture)
        }
    }

    @Test func aLockedStoreDelaysOnlyItsOwnRequests() async throws {
        try await Self.withChain { fixture in
            // The lock's wait is long enough that the locked store's requests
            // still wait when the other store answers, however slow the
            // machine; with one pool for all stores (Dispatch's, which grows
            // by a thread a second), the other store's requests waited
            // behind them until they timed out.
            let server = try ServerProcess(
                in: fixture.folder, arguments: Self.chain, environment: ["JUICE_LOCK_TIMEOUT": "20"])
            let lock = try HeldLock(path: fixture.folder.appendingPathComponent("state/gangnam.yaml.lock").path)
            var waiting: [LoopbackClient] = []
            for _ in 0..<64 {
                let client = try LoopbackClient(port: server.port)
                try client.send("POST", "/api/stores/gangnam/adjust", body: #"{"changes": ["kiwi=+1"]}"#)
                waiting.append(client)
            }
            let report = try LoopbackClient(port: server.port)
            try report.send("GET", "/api/stores/hongdae/report")
            #expect(try report.status() == 200)
            #expect(report.rest().contains("\"inventory\""))
            let adjust = try LoopbackClient(port: server.port)
            try adjust.send("POST", "/api/stores/hongdae/adjust", body: #"{"changes": ["kiwi=+1"]}"#)
            #expect(try adjust.status() == 200)
            _ = adjust.rest()
            // The other store answered while every change of the locked one waits.
            #expect(waiting.filter { $0.hasAnswer() }.isEmpty)
            lock.release()
            // Then the locked store's changes go through, in turn.
            var statuses: [Int] = []
            for client in waiting {
                statuses.append(try client.status())
                _ = client.rest()
            }
            #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 })
            #expect(statuses.contains(200))
            #expect(server.stop() == 0)
        }
    }

    @Test func theStreamPastTheLimitIsRefusedWith503() async throws {
        try await Self.withChain { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.chain + ["--max-streams", "2"])
            let first = try LoopbackClient(port: server.port)
            let second = try LoopbackClient(port: server.port)
            for (client, store) in [(first, "gangnam"), (second, "hongdae")] {
                try client.send("GET", "/api/stores/\(store)/events")
                #expect(try client.status() == 200)
                #expect(client.event()?.name == "inventory")
            }
            let third = try LoopbackClient(port: server.port)
            try third.send("GET", "/api/stores/gangnam/events")
            #expect(try third.status() == 503)
            #expect(third.rest().contains("\"error\" : \"busy\""))
            // HEAD says what GET would.
            let head = try LoopbackClient(port: server.port)
            try head.send("HEAD", "/api/stores/gangnam/events")
            #expect(try head.status() == 503)
            // Once a stream's client goes, there is room again.
            first.close()
            try await eventually {
                let again = try LoopbackClient(port: server.port)
                try again.send("GET", "/api/stores/gangnam/events")
                return try again.status() == 200
            }
            #expect(server.stop() == 0)
        }
    }

    @Test func aStreamWhoseClientWentAwayIsClosedWithinFiveSeconds() async throws {
        try await Self.withChain { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.chain)
            let check = try LoopbackClient(port: server.port)
            try check.send("GET", "/api/stores")
            #expect(try check.status() == 200)
            _ = check.rest()
            check.close()
            try await Task.sleep(for: .milliseconds(500))
            let before = server.openDescriptors
            var streams: [LoopbackClient] = []
            for _ in 0..<20 {
                let client = try LoopbackClient(port: server.port)
                try client.send("GET", "/api/stores/hongdae/events")
                #expect(try client.status() == 200)
                #expect(client.event()?.name == "inventory")
                streams.append(client)
            }
            #expect(server.openDescriptors >= before + 20)
            let gone = ContinuousClock.now
            for client in streams { client.close() }
            while server.openDescriptors > before + 2, ContinuousClock.now - gone < .seconds(30) {
                try await Task.sleep(for: .milliseconds(100))
            }
            let took = ContinuousClock.now - gone
            #expect(took < .seconds(5), "the streams' descriptors were closed after \(took)")
            #expect(server.stop() == 0)
        }
    }

    @Test func aGoneStreamsPlaceIsFreeWithinFiveSeconds() async throws {
        try await Self.withChain { fixture in
            // One place. Each stream is closed within a second of its
            // start, and its store's first comment comes 10 s after it: only
            // the connection's end can free the place in time.
            let server = try ServerProcess(in: fixture.folder, arguments: Self.chain + ["--max-streams", "1"])
            var stream = try LoopbackClient(port: server.port)
            try stream.send("GET", "/api/stores/gangnam/events")
            #expect(try stream.status() == 200)
            #expect(stream.event()?.name == "inventory")
            // A client that closes its connection, then one that resets it.
            for resets in [false, true, false, true] {
                let refused = try LoopbackClient(port: server.port)
                try refused.send("GET", "/api/stores/hongdae/events")
                #expect(try refused.status() == 503)
                _ = refused.rest()
                if resets { stream.reset() } else { stream.close() }
                let gone = ContinuousClock.now
                var next: LoopbackClient?
                while next == nil, ContinuousClock.now - gone < .seconds(30) {
                    let client = try LoopbackClient(port: server.port)
                    try client.send("GET", "/api/stores/hongdae/events")
                    if try client.status() == 200 {
                        next = client
                    } else {
                        _ = client.rest()
                        try await Task.sleep(for: .milliseconds(50))
                    }
                }
                let took = ContinuousClock.now - gone
                #expect(took < .seconds(5), "the place was free again after \(took) (reset: \(resets))")
                guard let next else { return }
                #expect(next.event()?.name == "inventory")
                stream = next
            }
            #expect(server.stop() == 0)
        }
    }

    @Test func churningEventStreamsUnderALowDescriptorLimitLeaveTheServerUp() async throws {
        try await Self.withChain { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.chain, descriptors: 256)
            let port = server.port
            let stop = ContinuousClock.now + .seconds(10)
            // 20 clients that each open a stream, read its first event and
            // close, again and again; and 4 that change the stock.
            let done = DispatchGroup()
            for index in 0..<24 {
                done.enter()
                Thread {
                    defer { done.leave() }
                    while ContinuousClock.now < stop {
                        guard let client = try? LoopbackClient(port: port, timeout: 5, checksAnswers: false) else {
                            continue
                        }
                        if index < 20 {
                            try? client.send("GET", "/api/stores/\(index % 2 == 0 ? "gangnam" : "hongdae")/events")
                            _ = try? client.status()
                            _ = client.event()
                        } else {
                            try? client.send("POST", "/api/stores/gangnam/adjust", body: #"{"changes": ["kiwi=+1"]}"#)
                            _ = try? client.status()
                            _ = client.rest()
                        }
                    }
                }.start()
            }
            while done.wait(timeout: .now()) == .timedOut {
                try await Task.sleep(for: .milliseconds(200))
                guard server.process.isRunning else {
                    Issue.record("the server stopped: status \(server.process.terminationStatus)")
                    return
                }
            }
            let report = try LoopbackClient(port: port)
            try report.send("GET", "/api/stores/hongdae/report")
            #expect(try report.status() == 200)
            _ = report.rest()
            #expect(server.stop() == 0)
        }
    }

    /// 40 hand edits saved (as an editor saves: a new file renamed into
    /// place) while 4 clients keep changing the stock: each is kept and
    /// recorded as an `edit`, and the journal still adds up to the stock.
    /// 22 of 40 used to be written over by a change that read the file
    /// before the edit.
    @Test func handEditsSavedWhileTheServerWritesAreNeverWrittenOver() async throws {
        try await Fixture.with { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: EndToEndTests.files)
            let port = server.port
            #expect(try Self.oneMoreKiwi(port) == 200)
            let stop = SharedCount()
            let done = DispatchGroup()
            for _ in 0..<4 {
                done.enter()
                Thread {
                    defer { done.leave() }
                    while stop.value == 0 { _ = try? Self.oneMoreKiwi(port) }
                }.start()
            }
            var lost: [Int] = []
            for edit in 0..<40 {
                try await Task.sleep(for: .milliseconds(Int.random(in: 0..<20)))
                let text = try #require(fixture.inventoryText())
                let edited = text.split(separator: "\n").map { $0.hasPrefix("banana:") ? "banana: \(1000 + edit)" : $0 }
                try Data((edited.joined(separator: "\n") + "\n").utf8).write(
                    to: URL(fileURLWithPath: fixture.inventoryPath), options: .atomic)
                // A change that starts after the edit was saved.
                #expect(try Self.oneMoreKiwi(port) == 200)
                if fixture.stock()?.hasPrefix("banana: \(1000 + edit)\n") != true { lost.append(edit) }
            }
            stop.increment()
            while done.wait(timeout: .now()) == .timedOut { try await Task.sleep(for: .milliseconds(50)) }
            #expect(lost.isEmpty, "hand edits written over: \(lost)")
            let lines = try fixture.journalLines()
            #expect(lines.filter { $0.contains(#""kind":"edit""#) && $0.contains(#""banana":"#) }.count == 40)
            // The menu's stock changed by every entry is the inventory.
            var counts = ["banana": 10, "kiwi": 3]
            for line in lines {
                let entry = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                for (fruit, change) in entry["changes"] as? [String: Int] ?? [:] { counts[fruit, default: 0] += change }
            }
            #expect(fixture.stock() == "banana: \(counts["banana"]!)\nkiwi: \(counts["kiwi"]!)\n")
            #expect(server.stop() == 0)
        }
    }

    /// `adjust kiwi=+1` of the store `main` on the server at `port`; the
    /// answer's status.
    private static func oneMoreKiwi(_ port: Int) throws -> Int {
        let client = try LoopbackClient(port: port, checksAnswers: false)
        try client.send("POST", "/api/stores/main/adjust", body: #"{"changes": ["kiwi=+1"]}"#)
        defer { _ = client.rest() }
        return try client.status()
    }

    @Test func aMenuEditAndAnInvalidInventoryArriveAsEvents() async throws {
        try await Fixture.with { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: EndToEndTests.files)
            let events = try LoopbackClient(port: server.port)
            try events.send("GET", "/api/stores/main/events")
            #expect(try events.status() == 200)
            #expect(events.event()?.name == "inventory")

            let kiwi = "  kiwi:   { name: { en: Kiwi, ko: 키위 }, stock: 3 }\n"
            let mango = "  mango:  { name: { en: Mango, ko: 망고 }, stock: 4 }\n"
            let menu = Fixture.menu.replacingOccurrences(of: kiwi, with: kiwi + mango)
            try Data(menu.utf8).write(to: URL(fileURLWithPath: fixture.menuPath))
            let edited = events.event()
            #expect(edited?.name == "menu")
            #expect(edited?.data.contains("\"Mango\"") == true)
            let stock = events.event()
            #expect(stock?.name == "inventory")
            #expect(stock?.data.contains("\"mango\" : 4") == true)

            // SPEC 16: an invalid inventory is the last valid stock, stale.
            try fixture.writeInventory("banana: lots\n")
            let stale = events.event()
            #expect(stale?.name == "inventory")
            #expect(stale?.data.contains("\"stale\" : true") == true)
            #expect(stale?.data.contains("\"mango\" : 4") == true)
            #expect(server.stop() == 0)
        }
    }

    /// Waits until `condition` holds, 30 s at most: a guard against a hang.
    private func eventually(_ condition: () throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while try !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("the condition did not hold within 30 s")
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}

/// An exclusive `flock` on a file, held by this process until released, as
/// another process holding a store's lock.
final class HeldLock {
    private var descriptor: Int32

    init(path: String) throws {
        descriptor = open(path, O_RDWR | O_CREAT, 0o644)
        guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else { throw ClientError("lock \(path): \(errno)") }
    }

    /// Lets the lock go; a second call does nothing.
    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
