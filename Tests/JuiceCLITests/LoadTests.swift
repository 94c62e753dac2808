import Foundation
import TestSupport
import Testing

/// A hundred processes at once, mixing make and adjust on one inventory.
@Suite struct LoadTests {
    @Test func aHundredConcurrentMakesAndAdjustsEndAtExactlyTheStockTheirSuccessesImply() async throws {
        try await Sandbox.with { sandbox in
            // 60 bananas: 50 makes of 2 would need 100, so some are refused,
            // while 50 adjusts add 1 each as they go.
            #expect(try await sandbox.juice("adjust", "banana=60", "strawberry=0").exitCode == 0)
            var processes: [(isMake: Bool, process: RunningProcess)] = []
            for index in 0..<100 {
                let isMake = index.isMultiple(of: 2)
                let arguments = isMake ? ["make", "banana"] : ["adjust", "banana=+1", "strawberry=+2"]
                processes.append(
                    (
                        isMake,
                        try JuiceProcess.launch(arguments, in: sandbox.url, environment: ["JUICE_LOCK_TIMEOUT": "60"])
                    ))
            }
            var made = 0
            var adjusted = 0
            for (isMake, process) in processes {
                let result = await process.result()
                switch (isMake, result.exitCode) {
                case (true, 0): made += 1
                case (true, 1): #expect(result.stderr.contains("not enough fruit"))
                case (false, 0): adjusted += 1
                default:
                    Issue.record("unexpected outcome: \(result.exitCode.map(String.init) ?? "signal") \(result.stderr)")
                }
            }
            #expect(adjusted == 50)
            #expect(made > 0)
            #expect(
                try sandbox.stock() == originalStock(["banana": 60 + adjusted - 2 * made, "strawberry": 2 * adjusted]))
        }
    }
}
