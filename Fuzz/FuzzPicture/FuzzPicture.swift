import FuzzDriver
import FuzzSupport

/// libFuzzer entry for `FuzzTarget.picture` (see there).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPicture(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzDriver.test(.picture, data, size)
}

/// The entry point SwiftPM links as `main`: hands over to libFuzzer.
@_cdecl("FuzzPicture_main")
public func fuzzPictureMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, fuzzPicture)
}
