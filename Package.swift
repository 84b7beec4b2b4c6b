// swift-tools-version: 6.1
import PackageDescription

/// Release builds of msgfmt's own Swift code reach a generic type's metadata through its
/// accessor, which is handed the conformances the type needs, rather than by its mangled
/// name, which the run time decodes and whose conformances it finds by searching every
/// conformance record in the binary (about 0.25 M instructions for each new one): a
/// one-message export started 1.25 M instructions slower for them. The code is the same
/// once the metadata is made.
let directMetadata: [String] = ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]

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
        // Run-time loading of the libraries below: they are opened on first use, so a start
        // of msgfmt does not map and relocate libraries only some commands need.
        .target(
            name: "CLoader",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // Fonts and pictures (--measure font, --to svg|png): each system library through a
        // small C target of prefixed functions, like CICU, opened through CLoader (its
        // headers are needed to build, the library only when a command uses it).
        .target(name: "CHarfBuzz", dependencies: ["CLoader"]),
        .target(name: "CFontconfig", dependencies: ["CLoader"]),
        // cairo, FreeType and zlib (PNG compression).
        .target(
            name: "CCairo",
            dependencies: ["CLoader"],
            cSettings: [.unsafeFlags(["-I/usr/include/freetype2"])]
        ),
        // Pictures in terminal transcripts (export --images): PNG, JPEG and WebP decoding and
        // PNG encoding through libpng, libjpeg and libwebp.
        .target(name: "CImage", dependencies: ["CLoader"]),
        // The SHA-256 digests of the HTML pages' Content-Security-Policy and of messages for
        // `--update`, through Nettle.
        .target(name: "CCrypto", dependencies: ["CLoader"]),
        // What Swift's Glibc module leaves out (CPU affinity for --jobs' default).
        .target(name: "CSystem"),
        // jemalloc's settings, and the arenas render's workers take (looked up at run time:
        // MsgfmtCore, its tests and its fuzz builds run without jemalloc; only the
        // executable links it, below).
        .target(name: "CJemalloc"),
        // The byte scans of JSON reading, sixteen bytes at a time with SSE2 (static inline:
        // Swift inlines them).
        .target(name: "CByteScan"),
        .target(
            name: "MsgfmtCore",
            dependencies: ["CICU", "CByteScan", "CHarfBuzz", "CFontconfig", "CCairo", "CImage", "CCrypto", "CJemalloc"],
            // Fuzz builds (release, so `assert` is off) keep the checks that guard unchecked
            // fast paths, such as the UTF-8 of `ValidUTF8`'s strings, and the run-time
            // exclusivity checks. Other release builds leave those out: the readers', batches'
            // and output's class properties cost a check (about 100 instructions) several
            // times a message; debug builds, and so the tests, keep them.
            swiftSettings: Context.environment["MSGFMT_FUZZ"] != nil
                ? [.define("MSGFMT_FUZZ_CHECKS")]
                : [.unsafeFlags(["-enforce-exclusivity=unchecked"] + directMetadata, .when(configuration: .release))]
        ),
        // jemalloc as the executable's allocator on Linux (Debian's libjemalloc2), with the
        // settings in CJemalloc. Linked as a shared library, so that it takes every
        // allocation of the process, the system libraries' included: the static archive's
        // symbols would stay inside the executable (`--exclude-libs ALL`), and memory glibc
        // allocated would be freed by jemalloc.
        .executableTarget(
            name: "msgfmt",
            dependencies: [
                "MsgfmtCore",
                "CSystem",
                "CJemalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.unsafeFlags(directMetadata, .when(configuration: .release))],
            linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]
        ),
        .testTarget(
            name: "MsgfmtCoreTests",
            dependencies: [
                "MsgfmtCore",
                "CByteScan",
                "CCairo",
                "CImage",
                "CLoader",
                "FuzzSupport",
                "OutputSafety",
                "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // What both test targets share: golden files with one record switch, the package's
        // paths, the seeded random generator. Not part of any product.
        .target(
            name: "TestSupport",
            dependencies: ["CCairo"],
            path: "Tests/TestSupport"
        ),
        // Scanners for injected escapes and markup, shared by the black-box tests and the
        // fuzz targets.
        .target(
            name: "OutputSafety",
            path: "Fuzz/OutputSafety"
        ),
        // What each fuzz target checks, as a library: the libFuzzer executables (below)
        // and FuzzRegressionTests share it.
        .target(
            name: "FuzzSupport",
            dependencies: ["MsgfmtCore", "OutputSafety"],
            path: "Fuzz/FuzzSupport"
        ),
        .testTarget(
            name: "msgfmtTests",
            dependencies: ["msgfmt", "OutputSafety", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets (libFuzzer), declared only when MSGFMT_FUZZ is set so plain `swift build`
// and `swift test` never see them. Build them with scripts/fuzz, which runs
// `MSGFMT_FUZZ=1 swift build --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address`.
if Context.environment["MSGFMT_FUZZ"] != nil {
    package.targets.append(.target(name: "FuzzDriver", dependencies: ["FuzzSupport"], path: "Fuzz/FuzzDriver"))
    for name in [
        "FuzzBotAPI", "FuzzExport", "FuzzMarkdownV2", "FuzzTelegramHTML", "FuzzLegacyMarkdown", "FuzzLayout", "FuzzEmit", "FuzzPicture",
        "FuzzImage", "FuzzTranscript",
    ] {
        package.targets.append(
            .executableTarget(
                name: name,
                dependencies: ["FuzzDriver", "FuzzSupport"],
                path: "Fuzz/\(name)",
                swiftSettings: [.unsafeFlags(["-parse-as-library"])]
            ))
    }
}
