import FuzzDriver
import FuzzSupport

/// libFuzzer entry for `FuzzTarget.telegramHTML` (see there).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTelegramHTML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzDriver.test(.telegramHTML, data, size)
}

/// The entry point SwiftPM links as `main`: hands over to libFuzzer.
@_cdecl("FuzzTelegramHTML_main")
public func fuzzTelegramHTMLMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, fuzzTelegramHTML)
}
