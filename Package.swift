// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "msgfmt",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "msgfmt", targets: ["msgfmt"]),
        .library(name: "MsgfmtCore", targets: ["MsgfmtCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        .target(
            name: "MsgfmtCore",
            dependencies: ["CICU"]
        ),
        .executableTarget(
            name: "msgfmt",
            dependencies: [
                "MsgfmtCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "MsgfmtCoreTests",
            dependencies: [
                "MsgfmtCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "msgfmtTests",
            dependencies: ["msgfmt"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
