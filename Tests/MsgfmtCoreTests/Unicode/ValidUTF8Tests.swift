import TestSupport
import Testing

@testable import MsgfmtCore

/// Strings made from bytes known to be valid, without the standard library's check, are
/// the strings the checking initializer makes: equal, hashed alike, ASCII told apart.
@Suite struct ValidUTF8Tests {
    static let pieces = ["a", "Zz ", "é", "ж", "中", "😀", "\u{301}", "\u{FFFD}", "\n", "\u{0}", "abcdefghijklmnop"]

    @Test func stringsEqualTheCheckedOnes() {
        var rng = SeededGenerator(seed: 0x7574_6638)
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &rng) { text += Self.pieces.randomElement(using: &rng)! }
            let bytes = Array(text.utf8)
            let made = bytes.withUnsafeBufferPointer(ValidUTF8.string)
            let checked = String(decoding: bytes, as: UTF8.self)
            #expect(made == checked && made.hashValue == checked.hashValue && Array(made.utf8) == bytes, "\(text.debugDescription)")
            #expect(bytes.withUnsafeBufferPointer(ValidUTF8.isASCII) == bytes.allSatisfy { $0 < 0x80 })
        }
    }

    /// The ASCII test looks at every byte, in the words and in the tail after them.
    @Test func asciiIsToldFromAnyByteAtOrAbove0x80() {
        for length in 0..<20 {
            let ascii = [UInt8](repeating: 0x61, count: length)
            #expect(ascii.withUnsafeBufferPointer(ValidUTF8.isASCII))
            for at in 0..<length {
                var bytes = ascii
                bytes[at] = 0x80
                #expect(!bytes.withUnsafeBufferPointer(ValidUTF8.isASCII), "\(length) \(at)")
            }
        }
    }

    /// Bytes written into the temporary buffer become the string, on the stack or not.
    @Test func writtenBytesBecomeTheString() {
        for count in [0, 1, 15, 16, 1000, 5000] {
            let made = ValidUTF8.string(count: count) { out in
                for i in out.indices { out[i] = UInt8(ascii: "a") + UInt8(i % 26) }
            }
            #expect(Array(made.utf8) == (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) })
        }
    }
}
