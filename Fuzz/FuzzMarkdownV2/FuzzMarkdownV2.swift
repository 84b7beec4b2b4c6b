import FuzzDriver
import FuzzSupport

/// libFuzzer entry for `FuzzTarget.markdownV2` (see there).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdownV2(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzDriver.test(.markdownV2, data, size)
}

/// The entry point SwiftPM links as `main`: hands over to libFuzzer.
@_cdecl("FuzzMarkdownV2_main")
public func fuzzMarkdownV2Main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, fuzzMarkdownV2)
}
