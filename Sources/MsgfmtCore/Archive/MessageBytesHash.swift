/// A 64-bit hash of a message's bytes, read eight bytes at a time: what a merge's index
/// keeps of a message it does not decode (`ArchiveIndexer.bytesOnly`), where it only
/// breaks ties between exports (`ArchiveIndex.fingerprint`). The same in every run; not
/// collision-proof. Byte-at-a-time FNV-1a waited on one multiplication per byte, a fifth
/// of indexing an export for a merge.
enum MessageBytesHash {
    /// The hash of `bytes`.
    static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            let n = raw.count
            var h: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(n)
            var i = 0
            while i + 8 <= n {
                h = mix(h ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                i += 8
            }
            // The last bytes, as the low bytes of one more word.
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < n {
                tail |= UInt64(raw[i]) << shift
                shift += 8
                i += 1
            }
            return mix(h ^ tail)
        }
    }

    /// Spreads the bits of `value` over the word (a multiplication by the 64-bit golden
    /// ratio, its high half folded into the low).
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value &* 0x9E37_79B9_7F4A_7C15
        return product ^ (product >> 32)
    }
}
