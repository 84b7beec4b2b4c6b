#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// True when the two strings have the same UTF-8 bytes (`==` goes by canonical
    /// equivalence, so two spellings of "é" are equal to it, and costs more).
    func hasSameBytes(as other: String) -> Bool {
        var a = self
        var b = other
        return a.withUTF8 { p in
            b.withUTF8 { q in p.count == q.count && (p.count == 0 || memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0) }
        }
    }
}
