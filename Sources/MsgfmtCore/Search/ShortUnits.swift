#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies and comparisons of the few UTF-16 units a search term holds, inline.
///
/// Search terms are words of a handful of units, copied and compared tens of times a
/// message; a call to `memcpy` or `memcmp` costs more than the work at that size. Up to
/// 16 units these load and store the first and last 2, 4, 8 or 16 bytes (overlapping when
/// the length is between two sizes), with no loop the compiler could turn back into a
/// library call; longer runs go to the C library.
enum ShortUnits {
    /// Copies `count` units from `source` to `target` (the two must not overlap).
    @inline(__always)
    static func copy(to target: UnsafeMutablePointer<UInt16>, from source: UnsafePointer<UInt16>, count: Int) {
        let bytes = count &* 2
        let to = UnsafeMutableRawPointer(target)
        let from = UnsafeRawPointer(source)
        if bytes > 32 {
            memcpy(to, from, bytes)
        } else if bytes > 16 {
            let a = from.loadUnaligned(as: UInt64.self)
            let b = from.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            let c = from.loadUnaligned(fromByteOffset: bytes &- 16, as: UInt64.self)
            let d = from.loadUnaligned(fromByteOffset: bytes &- 8, as: UInt64.self)
            to.storeBytes(of: a, as: UInt64.self)
            to.storeBytes(of: b, toByteOffset: 8, as: UInt64.self)
            to.storeBytes(of: c, toByteOffset: bytes &- 16, as: UInt64.self)
            to.storeBytes(of: d, toByteOffset: bytes &- 8, as: UInt64.self)
        } else if bytes >= 8 {
            let a = from.loadUnaligned(as: UInt64.self)
            let b = from.loadUnaligned(fromByteOffset: bytes &- 8, as: UInt64.self)
            to.storeBytes(of: a, as: UInt64.self)
            to.storeBytes(of: b, toByteOffset: bytes &- 8, as: UInt64.self)
        } else if bytes >= 4 {
            let a = from.loadUnaligned(as: UInt32.self)
            let b = from.loadUnaligned(fromByteOffset: bytes &- 4, as: UInt32.self)
            to.storeBytes(of: a, as: UInt32.self)
            to.storeBytes(of: b, toByteOffset: bytes &- 4, as: UInt32.self)
        } else if bytes == 2 {
            target[0] = source[0]
        }
    }

    /// True when the `count` units at `a` and at `b` are the same.
    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt16>, _ b: UnsafePointer<UInt16>, count: Int) -> Bool {
        let bytes = count &* 2
        let x = UnsafeRawPointer(a)
        let y = UnsafeRawPointer(b)
        if bytes > 32 { return memcmp(x, y, bytes) == 0 }
        if bytes > 16 {
            return (x.loadUnaligned(as: UInt64.self) ^ y.loadUnaligned(as: UInt64.self))
                | (x.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ y.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                | (x.loadUnaligned(fromByteOffset: bytes &- 16, as: UInt64.self)
                    ^ y.loadUnaligned(fromByteOffset: bytes &- 16, as: UInt64.self))
                | (x.loadUnaligned(fromByteOffset: bytes &- 8, as: UInt64.self)
                    ^ y.loadUnaligned(fromByteOffset: bytes &- 8, as: UInt64.self)) == 0
        }
        if bytes >= 8 {
            return (x.loadUnaligned(as: UInt64.self) ^ y.loadUnaligned(as: UInt64.self))
                | (x.loadUnaligned(fromByteOffset: bytes &- 8, as: UInt64.self)
                    ^ y.loadUnaligned(fromByteOffset: bytes &- 8, as: UInt64.self)) == 0
        }
        if bytes >= 4 {
            return (x.loadUnaligned(as: UInt32.self) ^ y.loadUnaligned(as: UInt32.self))
                | (x.loadUnaligned(fromByteOffset: bytes &- 4, as: UInt32.self)
                    ^ y.loadUnaligned(fromByteOffset: bytes &- 4, as: UInt32.self)) == 0
        }
        return bytes == 0 || a[0] == b[0]
    }
}
