import FuzzDriver
import FuzzSupport

/// libFuzzer entry for `FuzzTarget.image` (see there).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzDriver.test(.image, data, size)
}

/// The entry point SwiftPM links as `main`: hands over to libFuzzer.
@_cdecl("FuzzImage_main")
public func fuzzImageMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, fuzzImage)
}
