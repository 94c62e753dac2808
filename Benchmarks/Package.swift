// swift-tools-version: 6.0
// The benchmarks of JuiceMaker: a separate package, so that the main build and
// CI never fetch or compile any of this. Run `Benchmarks/run.sh`.
import PackageDescription

let package = Package(
    name: "JuiceMakerBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "JuiceMaker", path: ".."),
        // The Swift peer: Yams composes the same files (it vendors its own
        // libyaml, so it lives in its own executable, away from the system one).
        .package(url: "https://github.com/jpsim/Yams", exact: "5.0.1"),
    ],
    targets: [
        // The floor: libyaml's event loop over a file's bytes, nothing else.
        .target(name: "CScan", linkerSettings: [.linkedLibrary("yaml")]),
        // The floor as a whole process: `yaml-scan FILE...`.
        .executableTarget(name: "yaml-scan", dependencies: ["CScan"]),
        // `peak-rss OUT CMD ARGS...`: a child's own peak resident memory.
        .executableTarget(name: "peak-rss"),
        // SplitMix64, shared by the data generator and the mix benchmark.
        .target(name: "Seeded"),
        // The deterministic, seeded data generator: `bench-data DIR`.
        .executableTarget(name: "bench-data", dependencies: ["Seeded"]),
        // The driver: runs every benchmark and prints the table.
        .executableTarget(
            name: "bench",
            dependencies: ["CScan", .product(name: "JuiceMaker", package: "JuiceMaker")]
        ),
        // The best mix against the greedy one: `mix-bench DIR` (after bench-data).
        .executableTarget(
            name: "mix-bench",
            dependencies: [
                "Seeded", .product(name: "JuiceMaker", package: "JuiceMaker"),
                .product(name: "JuiceMix", package: "JuiceMaker"),
            ]
        ),
        // Yams composing a file, timed in its own process: `yams-bench FILE RUNS`.
        .executableTarget(name: "yams-bench", dependencies: [.product(name: "Yams", package: "Yams")]),
    ],
    // Swift 5 mode: top-level scripts with globals, no concurrency here.
    swiftLanguageModes: [.v5]
)
