import CByteScan
import TestSupport
import Testing

/// `msgfmt_byte_scan_valid_plain_end`, the JSON string scan that checks UTF-8 sixteen bytes
/// at a time, against what it must answer: the first quote, backslash or control character
/// from the start (or the end), when the bytes before it are valid UTF-8 as the standard
/// library judges it, else -1. Its byte-wise walk is held to the same answer.
@Suite struct ValidPlainEndTests {
    /// The reference: the first stop, if the bytes before it are valid UTF-8.
    static func expected(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
        let stop = (start..<end).first { bytes[$0] == 0x22 || bytes[$0] == 0x5C || bytes[$0] < 0x20 } ?? end
        return String(validating: bytes[start..<stop], as: UTF8.self) == nil ? -1 : stop
    }

    static func scans(_ bytes: [UInt8], _ start: Int, _ end: Int) -> (vector: Int, walk: Int) {
        bytes.withUnsafeBufferPointer { b in
            let base = b.baseAddress ?? UnsafePointer(bitPattern: 1)!
            return (msgfmt_byte_scan_valid_plain_end(base, start, end), msgfmt_byte_scan_valid_plain_end_walk(base, start, end))
        }
    }

    /// Pieces strings are made of: ASCII words, stops, valid sequences of each length and
    /// at each edge of the ranges, and each way a sequence can be wrong (lone and stray
    /// continuations, overlong forms, surrogates, values above U+10FFFF, cut sequences).
    static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("hello ".utf8), Array("abcdefghijklmnopq".utf8), [0x22], [0x5C], [0x0A], [0x01], [0x7F],
        Array("привет".utf8), Array("好我们".utf8), Array("🔥".utf8), Array("é".utf8), [0xC2, 0x80], [0xDF, 0xBF],
        [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
        [0xF4, 0x8F, 0xBF, 0xBF],
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
        [0xED, 0xBF, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
        [0xF5, 0x80, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80], [0xFF], [0xE4], [0xE4, 0xBD], [0xF0, 0x9F], [0xF0, 0x9F, 0x94],
    ]

    /// The pieces that are valid and hold no stop.
    static let plain = pieces.filter { piece in
        String(validating: piece, as: UTF8.self) != nil && !piece.contains { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }
    }

    @Test func randomStringsFromRandomStarts() {
        var rng = SeededGenerator(seed: 0x7A11D)
        var valid = 0
        var vectorLong = 0
        for round in 0..<40_000 {
            // Mostly valid text, so long valid runs (the vector path) form; now and then
            // any piece, or a byte overwritten.
            var bytes: [UInt8] = []
            let wild = rng.below(4) == 0
            for _ in 0..<rng.below(40) {
                let piece = wild || rng.below(12) == 0 ? Self.pieces.randomElement(using: &rng)! : Self.plain.randomElement(using: &rng)!
                bytes += piece
            }
            if !bytes.isEmpty, rng.below(8) == 0 { bytes[rng.below(bytes.count)] = UInt8(rng.below(256)) }
            let end = rng.below(2) == 0 ? bytes.count : rng.below(bytes.count + 1)
            let start = rng.below(2) == 0 ? 0 : rng.below(end + 1)
            let want = Self.expected(bytes, start, end)
            let (vector, walk) = Self.scans(bytes, start, end)
            if vector != want || walk != want {
                Issue.record("round \(round): \(bytes) from \(start) to \(end): \(vector) and \(walk), expected \(want)")
                return
            }
            if want >= 0 { valid += 1 }
            if want - start >= 32 { vectorLong += 1 }
        }
        // Both answers, and answers after whole vectors, are common.
        #expect(valid > 10_000 && valid < 35_000)
        #expect(vectorLong > 5_000)
    }

    /// Every pair of a byte at or above 0x80 and any byte, placed on either side of a
    /// vector's edge after valid text, and followed by continuations: each lead's and each
    /// second byte's verdict is the standard library's.
    @Test func everyPairAtEveryVectorEdge() {
        for lead in 0x80...0xFF {
            for second in 0...0xFF {
                for at in [0, 14, 15, 16, 17, 29, 30, 31] {
                    var bytes = Array("añb€c🔥d-".utf8)
                    while bytes.count < at { bytes.append(0x61) }
                    bytes = Array(bytes.prefix(at))
                    bytes += [UInt8(lead), UInt8(second), 0x80, 0xBF, 0x80]
                    bytes += Array("tail of the string\"".utf8)
                    let want = Self.expected(bytes, 0, bytes.count)
                    let (vector, walk) = Self.scans(bytes, 0, bytes.count)
                    if vector != want || walk != want {
                        Issue.record("\(bytes): \(vector) and \(walk), expected \(want)")
                        return
                    }
                }
            }
        }
    }
}
