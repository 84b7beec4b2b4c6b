import FuzzSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Starts libFuzzer from a target's entry point and turns broken invariants into crashes.
/// SwiftPM links every executable with its `main` renamed to `<Target>_main`, so a fuzz
/// target defines that symbol itself and hands its test function to libFuzzer's driver.
public enum FuzzDriver {
    /// The libFuzzer callback type.
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

    /// Runs libFuzzer with the process arguments; returns its exit status.
    public static func run(
        _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ test: TestOneInput
    ) -> Int32 {
        var count = argc
        var arguments = argv
        return llvmFuzzerRunDriver(&count, &arguments, test)
    }

    /// Runs `target` on one input and aborts (a crash libFuzzer records) on any broken
    /// invariant, after printing them to stderr.
    public static func test(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        let problems = target.check(bytes)
        if !problems.isEmpty {
            var line = Array("msgfmt fuzz invariant broken: \(problems)\n".utf8)
            _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
            abort()
        }
        return 0
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: FuzzDriver.TestOneInput
) -> Int32
