/// Reading the generated table: one property word per code point.
///
/// A word holds the UAX #14 line-break class in bits 0–5 and the UAX #29 grapheme-break
/// property in bits 6–10 (both numbered as ICU's enums), whether the East Asian width is
/// F, W or H in bit 11 (rule LB30), the `ScalarFlags` bits from bit 12, in bit 22 whether
/// the code point is an unassigned Extended_Pictographic one (rule LB30b) and in bit 23
/// whether it is a virama (Indic_Syllabic_Category Virama or Invisible_Stacker: ICU 72
/// keeps consonant–virama–consonant conjuncts in one cluster, which the fused pass leaves
/// to ICU). The
/// packed strings are decoded once, on first use, into memory kept for the process.
extension CodePointTable {
    /// The decoded stages, shared by all threads.
    final class Stages: @unchecked Sendable {
        let stage1: UnsafePointer<UInt16>
        let stage2: UnsafePointer<UInt8>
        let words: UnsafePointer<UInt32>

        init() {
            stage1 = UnsafeRawPointer(Stages.decode(CodePointTable.stage1, bytes: CodePointTable.counts.stage1 * 2))
                .assumingMemoryBound(to: UInt16.self)
            stage2 = UnsafeRawPointer(Stages.decode(CodePointTable.stage2, bytes: CodePointTable.counts.stage2))
                .assumingMemoryBound(to: UInt8.self)
            words = UnsafeRawPointer(Stages.decode(CodePointTable.words, bytes: CodePointTable.counts.words * 4))
                .assumingMemoryBound(to: UInt32.self)
        }

        /// The first `bytes` bytes that base64 `text` encodes (line breaks skipped); readers
        /// convert its little-endian entries to the host's order.
        private static func decode(_ text: StaticString, bytes: Int) -> UnsafeMutableRawPointer {
            let out = UnsafeMutableRawPointer.allocate(byteCount: max(bytes, 4), alignment: 4)
            out.initializeMemory(as: UInt8.self, repeating: 0, count: max(bytes, 4))
            var written = 0
            var accumulator: UInt32 = 0
            var bits = 0
            text.withUTF8Buffer { source in
                for c in source {
                    let value: UInt32
                    switch c {
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(c - UInt8(ascii: "A"))
                    case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(c - UInt8(ascii: "a")) + 26
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(c - UInt8(ascii: "0")) + 52
                    case UInt8(ascii: "+"): value = 62
                    case UInt8(ascii: "/"): value = 63
                    default: continue
                    }
                    accumulator = accumulator << 6 | value
                    bits += 6
                    if bits >= 8 {
                        bits -= 8
                        if written < bytes {
                            out.storeBytes(
                                of: UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)), toByteOffset: written, as: UInt8.self)
                        }
                        written += 1
                    }
                }
            }
            return out
        }
    }

    /// The stages, decoded on first use.
    static let stages = Stages()

    /// The property word of `value` (values above U+10FFFF read as U+10FFFF, a noncharacter).
    @inline(__always)
    static func word(_ value: UInt32, _ stages: Stages) -> UInt32 {
        let v = Int(min(value, 0x10FFFF))
        let block = Int(UInt16(littleEndian: stages.stage1[v &>> blockShift]))
        let index = Int(stages.stage2[block &<< blockShift | (v & (1 << blockShift - 1))])
        return UInt32(littleEndian: stages.words[index])
    }

    /// The property word of `value`.
    static func word(_ value: UInt32) -> UInt32 { word(value, stages) }
}
