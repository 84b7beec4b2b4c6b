import FuzzDriver
import FuzzSupport

/// libFuzzer entry for `FuzzTarget.transcript` (see there).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTranscript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzDriver.test(.transcript, data, size)
}

/// The entry point SwiftPM links as `main`: hands over to libFuzzer.
@_cdecl("FuzzTranscript_main")
public func fuzzTranscriptMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, fuzzTranscript)
}
