// swift-tools-version: 6.0
// The fuzzer: a separate package, so that the main build and tests are
// untouched by -sanitize=fuzzer. Build and run it with Fuzz/run.sh.
import PackageDescription

let package = Package(
    name: "JuiceFuzz",
    dependencies: [.package(name: "JuiceMaker", path: "..")],
    targets: [
        .executableTarget(
            name: "JuiceFuzz",
            dependencies: [.product(name: "JuiceMaker", package: "JuiceMaker")]
        )
    ],
    swiftLanguageModes: [.v6]
)
