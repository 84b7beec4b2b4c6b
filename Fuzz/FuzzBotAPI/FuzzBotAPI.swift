import FuzzDriver
import FuzzSupport

/// libFuzzer entry for `FuzzTarget.botAPI` (see there).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBotAPI(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzDriver.test(.botAPI, data, size)
}

/// The entry point SwiftPM links as `main`: hands over to libFuzzer.
@_cdecl("FuzzBotAPI_main")
public func fuzzBotAPIMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, fuzzBotAPI)
}
