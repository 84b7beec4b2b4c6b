import FuzzDriver
import FuzzSupport

/// libFuzzer entry for `FuzzTarget.layout` (see there).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzDriver.test(.layout, data, size)
}

/// The entry point SwiftPM links as `main`: hands over to libFuzzer.
@_cdecl("FuzzLayout_main")
public func fuzzLayoutMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, fuzzLayout)
}
