/// Reading the generated table: one property word per code point.
///
/// A word holds the UAX #14 line-break class in bits 0–5 and the UAX #29 grapheme-break
/// property in bits 6–10 (both numbered as ICU's enums), whether the East Asian width is
/// F, W or H in bit 11 (rule LB30), the `ScalarFlags` bits from bit 12, in bit 22 whether
/// the code point is an unassigned Extended_Pictographic one (rule LB30b) and in bit 23
/// whether it is a virama (Indic_Syllabic_Category Virama or Invisible_Stacker: ICU 72
/// keeps consonant–virama–consonant conjuncts in one cluster, which the fused pass leaves
/// to ICU). Bit 24 is derived when the table is decoded (`plainLetterBit`). The
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
            let words = UnsafeRawPointer(Stages.decode(CodePointTable.words, bytes: CodePointTable.counts.words * 4))
                .assumingMemoryBound(to: UInt32.self)
            let mutable = UnsafeMutablePointer(mutating: words)
            for k in 0..<CodePointTable.counts.words {
                let word = UInt32(littleEndian: words[k])
                if CodePointTable.isPlainLetter(word) { mutable[k] = (word | CodePointTable.plainLetterBit).littleEndian }
            }
            self.words = words
        }

        /// The first `bytes` bytes that base64 `text` encodes (line breaks and padding
        /// skipped); readers convert its little-endian entries to the host's order. Runs at
        /// the first message of every process, so whole groups of four characters are
        /// decoded at once where they are all base64 (every line of the generated file).
        private static func decode(_ text: StaticString, bytes: Int) -> UnsafeMutableRawPointer {
            let out = UnsafeMutableRawPointer.allocate(byteCount: max(bytes, 4), alignment: 4)
            out.initializeMemory(as: UInt8.self, repeating: 0, count: max(bytes, 4))
            // The value of each base64 character; 0x80 for the characters skipped.
            var values = [UInt8](repeating: 0x80, count: 256)
            for (k, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
                values[Int(c)] = UInt8(k)
            }
            var written = 0
            var accumulator: UInt32 = 0
            var bits = 0
            text.withUTF8Buffer { source in
                values.withUnsafeBufferPointer { value in
                    let n = source.count
                    var i = 0
                    while i < n {
                        if bits == 0, i &+ 4 <= n, written &+ 3 <= bytes {
                            let a = value[Int(source[i])]
                            let b = value[Int(source[i &+ 1])]
                            let c = value[Int(source[i &+ 2])]
                            let d = value[Int(source[i &+ 3])]
                            if (a | b | c | d) & 0x80 == 0 {
                                let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                                out.storeBytes(of: UInt8(truncatingIfNeeded: group >> 16), toByteOffset: written, as: UInt8.self)
                                out.storeBytes(of: UInt8(truncatingIfNeeded: group >> 8), toByteOffset: written &+ 1, as: UInt8.self)
                                out.storeBytes(of: UInt8(truncatingIfNeeded: group), toByteOffset: written &+ 2, as: UInt8.self)
                                written &+= 3
                                i &+= 4
                                continue
                            }
                        }
                        // One character at a time: line breaks, padding, the last group.
                        let v = value[Int(source[i])]
                        i &+= 1
                        if v & 0x80 != 0 { continue }
                        accumulator = accumulator << 6 | UInt32(v)
                        bits &+= 6
                        if bits >= 8 {
                            bits &-= 8
                            if written < bytes {
                                out.storeBytes(
                                    of: UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)), toByteOffset: written,
                                    as: UInt8.self)
                            }
                            written &+= 1
                        }
                    }
                }
            }
            return out
        }
    }

    /// Bit 24, set when the words are decoded (the generated table leaves it clear): a
    /// letter of line-break class AL or HL (AI, SG and XX resolve to AL) that is grapheme
    /// property Other, one cell wide and no emoji, pictograph, regional indicator,
    /// East Asian wide character or virama. Between two of them neither UAX #29 nor
    /// UAX #14 looks further: a cluster boundary and no line break (LB28), which is
    /// `FusedSegmenter`'s fast path.
    static let plainLetterBit: UInt32 = 1 << 24

    /// True when `word` (as generated) describes a plain letter (see `plainLetterBit`).
    static func isPlainLetter(_ word: UInt32) -> Bool {
        let lineClass = LineBreakClass(word: word).resolved
        guard lineClass == .al || lineClass == .hl, (word >> 6) & 0x1F == 0 else { return false }
        let flags: ScalarFlags = [
            .wide, .emojiPresentation, .extendedPictographic, .zeroWidth, .regionalIndicator, .emoji, .control,
        ]
        let excluded: UInt32 = 1 << 11 | flags.rawValue << 12 | 1 << 22 | 1 << 23
        return word & excluded == 0
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
