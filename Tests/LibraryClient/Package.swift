// swift-tools-version: 6.0
// A user's package: it depends on the repository by path, as an app's
// would, and so sees only JuiceMaker's public API (the one door). CI builds
// it and runs it on a copy of the example chain (`.ci/run`); its output is
// expected.txt.
import PackageDescription

let package = Package(
    name: "LibraryClient",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "JuiceMaker", path: "../..")],
    targets: [
        .executableTarget(
            name: "LibraryClient",
            dependencies: [.product(name: "JuiceMaker", package: "JuiceMaker")]
        )
    ],
    swiftLanguageModes: [.v6]
)
