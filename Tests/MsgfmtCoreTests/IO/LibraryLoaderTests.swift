import CLoader
import Foundation
import Testing

/// The run-time loader's reasons: what a user reads when a library a command needs is
/// missing or too old.
@Suite struct LibraryLoaderTests {
    /// Calls `body` with a 320-byte error buffer; returns its result and the reason.
    static func withError<T>(_ body: (UnsafeMutablePointer<CChar>) -> T) -> (T, String) {
        var buffer = [CChar](repeating: 0, count: 320)
        let result = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
        return (result, String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Opens the first name of `names` that loads.
    static func open(_ names: [String]) -> (UnsafeMutableRawPointer?, String) {
        let copies = names.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        var list: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
        return list.withUnsafeMutableBufferPointer { names in
            withError { msgfmt_loader_open(names.baseAddress, $0, 320) }
        }
    }

    @Test func aMissingLibraryIsNamedInTheReason() {
        let (handle, reason) = Self.open(["libmsgfmt-missing.so.9", "libmsgfmt-also-missing.so"])
        #expect(handle == nil)
        // The first name's reason: the library msgfmt was built against.
        #expect(reason.contains("libmsgfmt-missing.so.9"))
        #expect(!reason.contains("also-missing"))
    }

    #if os(Linux)
        @Test func laterNamesAreTriedAndAMissingFunctionIsNamed() {
            let (handle, reason) = Self.open(["libmsgfmt-missing.so.9", "libm.so.6"])
            #expect(handle != nil)
            #expect(!reason.isEmpty)  // the first attempt's reason stays, unused
            guard let handle else { return }
            let (found, _) = Self.withError { msgfmt_loader_symbol(handle, "libm.so.6", "cos", $0, 320) }
            #expect(found != nil)
            let (missing, why) = Self.withError { msgfmt_loader_symbol(handle, "libm.so.6", "msgfmt_no_such_function", $0, 320) }
            #expect(missing == nil)
            #expect(why == "libm.so.6 has no function msgfmt_no_such_function (too old a version)")
        }
    #endif
}
