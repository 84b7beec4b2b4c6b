import Glibc

extension AtomicOutput {
    /// The C signature of glibc's `renameat2(2)` wrapper.
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32

    /// `RENAME_EXCHANGE` from `<linux/fs.h>`: swap the two names in one step.
    private static let renameExchangeFlag: UInt32 = 1 << 1

    /// glibc's `renameat2`, looked up once at run time: Swift's Glibc module does not declare
    /// it (it is a GNU extension), and an older C library may not have it at all.
    private static let renameAt2: RenameAt2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()

    /// Swaps what the names `first` and `second` refer to in one atomic step
    /// (`renameat2(RENAME_EXCHANGE)`), so that neither name is ever missing.
    ///
    /// Returns false, changing nothing, when the C library, the kernel or the file system
    /// cannot exchange (or either name does not exist); the caller then falls back to renames.
    static func exchange(_ first: String, _ second: String) -> Bool {
        guard let renameAt2 else { return false }
        return renameAt2(AT_FDCWD, first, AT_FDCWD, second, renameExchangeFlag) == 0
    }
}
