// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "JuiceMaker",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "JuiceMaker", targets: ["JuiceMaker"]),
        .library(name: "JuiceMix", targets: ["JuiceMix"]),
        .executable(name: "juice", targets: ["juice"]),
        .executable(name: "juice-server", targets: ["juice-server"]),
        .executable(name: "juice-sync", targets: ["juice-sync"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        // The head office's database: juice-sync ships journals to PostgreSQL.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // `swift package generate-documentation --target JuiceMaker` builds the
        // DocC catalog in Sources/JuiceMaker/Documentation.docc; nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Tills' CSV exports (`juice import`): fields read by a CSV library.
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // The counter's metrics (swift-metrics, which Hummingbird's
        // middleware records to), written in Prometheus' text format, and its
        // log (swift-log): juice-server's alone, never `juice`'s.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // libyaml, found through pkg-config; the module map is all there is.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // YAML nodes with source marks, built from libyaml's events. Knows nothing of fruit.
        .target(name: "MarkedYAML", dependencies: ["CYAML"]),
        // Every text a person reads, one table per language (Resources/en.strings,
        // ko.strings), embedded in the code so that a binary carries its words.
        .target(
            name: "JuiceWords",
            resources: [.embedInCode("Resources/en.strings"), .embedInCode("Resources/ko.strings")]
        ),
        // Menus, inventories, validation, transactions and reports.
        .target(name: "JuiceMaker", dependencies: ["MarkedYAML", "JuiceWords"]),
        // COIN-OR CBC, the integer-program solver: its C header, from the
        // system's include path (Debian's /usr/include/coin), and a loader
        // of its functions. Not linked (no pkg-config, whose flags would
        // link it): JuiceMix loads it when it first solves a mix, so that
        // no other command pays for mapping its libraries at start-up.
        .systemLibrary(
            name: "CCbc",
            providers: [.apt(["coinor-libcbc-dev"]), .brew(["cbc"])]
        ),
        // The best mix: the integer program over a menu and a stock, solved
        // by CBC. Kept apart so that the engine needs no solver.
        .target(name: "JuiceMix", dependencies: ["JuiceMaker", "CCbc"]),
        // Tills' sales exports (Square, Toast, any CSV) read as rows, a block
        // at a time; the fields by yaslab/CSV.swift.
        .target(name: "JuiceTill", dependencies: ["JuiceMaker", .product(name: "CSV", package: "CSV.swift")]),
        // What both front ends say, and how: the catalogue of texts in each
        // language, the JSON results, each failure's exit status, JSON error
        // name and HTTP status, and the renderers of every output. Every
        // setting (the language, quietness, where output goes) is passed in.
        .target(name: "JuicePresentation", dependencies: ["JuiceWords", "JuiceMaker", "JuiceMix"]),
        // The command line as a library: commands, options, the session a
        // command works in over the store service, stdout and stderr, and the
        // one place where a failure becomes an exit status.
        .target(
            name: "JuiceCLI",
            dependencies: [
                "JuiceWords",
                "JuiceMaker",
                "JuiceMix",
                "JuicePresentation",
                "JuiceLanguageServer",
                "JuiceTill",
                "JuiceToolOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // JSON-RPC 2.0 with the base protocol's framing, and the few types
        // of the Language Server Protocol 3.17 a server needs. Knows
        // nothing of juice.
        .target(name: "LanguageServerProtocol"),
        // `juice lsp`: the open documents over the store service, checked
        // by the same validator as `juice validate`.
        .target(
            name: "JuiceLanguageServer",
            dependencies: ["JuiceMaker", "JuicePresentation", "MarkedYAML", "LanguageServerProtocol"]
        ),
        // The `juice` executable: a call into JuiceCLI.
        .executableTarget(name: "juice", dependencies: ["JuiceCLI"]),
        // The counter: the HTTP API and the page over the same files, on
        // Hummingbird. A library so that tests build the app in process;
        // `juice` does not depend on it.
        .target(
            name: "JuiceServer",
            dependencies: [
                "JuiceWords",
                "JuicePresentation",
                "JuiceMaker",
                // The till's exports a `POST .../import` sends.
                "JuiceTill",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // IOError: the errno of a failure to listen, said in one line.
                .product(name: "NIOCore", package: "swift-nio"),
                // A request's HTTP version, before Hummingbird's request drops it.
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // `/metrics` and the log (SPEC 19).
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The page's files, embedded in the code so that the binary
            // runs with nothing beside it.
            resources: [
                .embedInCode("Public/index.html"), .embedInCode("Public/chain.html"),
                .embedInCode("Public/page.js"), .embedInCode("Public/app.js"), .embedInCode("Public/chain.js"),
                .embedInCode("Public/app.css"), .embedInCode("Public/openapi.yaml"),
            ]
        ),
        // The `juice-server` executable: options, then a call into JuiceServer.
        .target(
            name: "JuiceToolOptions",
            dependencies: [
                "JuiceWords", "JuiceMaker", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "juice-server",
            dependencies: [
                "JuiceWords",
                "JuiceServer",
                "JuiceMaker",
                "JuiceSync",
                "JuiceToolOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A store's journal shipped to the head office's PostgreSQL: the
        // schema and its migrations, and the syncer. `juice` does not depend
        // on it, so that it needs no database driver.
        .target(
            name: "JuiceSync",
            dependencies: [
                "JuiceWords",
                "JuiceMaker",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        // The `juice-sync` executable: options, then a call into JuiceSync.
        .executableTarget(
            name: "juice-sync",
            dependencies: [
                "JuiceWords",
                "JuiceSync",
                "JuiceMaker",
                "JuiceToolOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "MarkedYAMLTests", dependencies: ["MarkedYAML", "TestSupport"]),
        // The word tables: every key in every language, used by code, with
        // the English placeholders.
        .testTarget(
            name: "JuiceWordsTests",
            dependencies: [
                "JuiceWords", "JuiceMaker", "JuicePresentation", "JuiceCLI", "JuiceServer", "JuiceSync",
                "JuiceToolOptions",
                "TestSupport",
            ]
        ),
        .testTarget(name: "LanguageServerProtocolTests", dependencies: ["LanguageServerProtocol"]),
        // The tests' seeded random numbers, so that a failure can be replayed.
        .target(name: "SeededRandom", path: "Tests/SeededRandom"),
        .testTarget(name: "JuiceMakerTests", dependencies: ["JuiceMaker", "SeededRandom", "TestSupport"]),
        // What every test suite shares: a temporary folder, the repository's
        // files, the built products run as processes, and a JSON value the
        // tests compare whole.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The enumeration that proves mixes exact, shared by the library's
        // tests and the command line's.
        .target(name: "MixTestSupport", dependencies: ["JuiceMix", "SeededRandom"], path: "Tests/MixTestSupport"),
        .testTarget(name: "JuiceMixTests", dependencies: ["JuiceMix", "MixTestSupport", "SeededRandom"]),
        .testTarget(name: "JuiceTillTests", dependencies: ["JuiceMaker", "JuiceTill", "SeededRandom", "TestSupport"]),
        .testTarget(
            name: "JuiceCLITests",
            dependencies: [
                "juice", "JuiceCLI", "JuicePresentation", "TestSupport", "MixTestSupport", "SeededRandom",
                "LanguageServerProtocol",
            ],
            exclude: ["Golden"]),
        .testTarget(
            name: "JuiceServerTests",
            dependencies: [
                "JuiceServer", "juice-server", "juice",
                // The OpenAPI document read with the project's own YAML,
                // and the journal's reasons it lists.
                "MarkedYAML", "JuiceMaker", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "JuiceSyncTests",
            dependencies: [
                "JuiceSync", "juice-sync", "juice", "juice-server", "JuiceMaker", "TestSupport", "SeededRandom",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
