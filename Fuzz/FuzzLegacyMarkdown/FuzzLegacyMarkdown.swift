import FuzzDriver
import FuzzSupport

/// libFuzzer entry for `FuzzTarget.legacyMarkdown` (see there).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLegacyMarkdown(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzDriver.test(.legacyMarkdown, data, size)
}

/// The entry point SwiftPM links as `main`: hands over to libFuzzer.
@_cdecl("FuzzLegacyMarkdown_main")
public func fuzzLegacyMarkdownMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, fuzzLegacyMarkdown)
}
