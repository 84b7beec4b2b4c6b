import FuzzDriver
import FuzzSupport

/// libFuzzer entry for `FuzzTarget.emit` (see there).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEmit(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzDriver.test(.emit, data, size)
}

/// The entry point SwiftPM links as `main`: hands over to libFuzzer.
@_cdecl("FuzzEmit_main")
public func fuzzEmitMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, fuzzEmit)
}
