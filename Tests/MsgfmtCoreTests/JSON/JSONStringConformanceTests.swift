import TestSupport
import Testing

@testable import MsgfmtCore

/// JSON string parsing: the escape-free fast path, escapes mixed with raw UTF-8, and the
/// located errors, checked against strings built independently of the parser.
@Suite struct JSONStringConformanceTests {
    static let pieces: [(json: String, value: String)] = [
        ("a", "a"), (" ", " "), ("é", "é"), ("中", "中"), ("😀", "😀"), ("\\n", "\n"), ("\\\"", "\""),
        ("\\\\", "\\"), ("\\/", "/"), ("\\u00e9", "é"), ("\\u4e2d", "中"), ("\\ud83d\\ude00", "😀"),
        ("\\ud800x", "\u{FFFD}x"), ("\\udc00x", "\u{FFFD}x"), ("\\t", "\t"), ("\\u0000", "\u{0}"),
    ]

    @Test func randomStringsRoundTrip() throws {
        var rng = SeededGenerator(seed: 0x6a73_6f6e)
        for _ in 0..<3000 {
            var json = "\""
            var value = ""
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                let piece = Self.pieces.randomElement(using: &rng)!
                json += piece.json
                value += piece.value
            }
            json += "\""
            let parsed = try JSONParser.parse(Array(json.utf8))
            #expect(parsed == .string(value), "seed \(rng.seed) \(json)")
        }
    }

    @Test func hexEscapesWhenAllowed() throws {
        var options = JSONParser.Options()
        options.allowHexEscapes = true
        #expect(try JSONParser.parse(Array(#""é\x01ж""#.utf8), options: options) == .string("é\u{1}ж"))
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array(#""\x01""#.utf8)) }
    }

    @Test func invalidUTF8IsLocatedInBothPaths() {
        for (bytes, offset) in [
            ([0x22, 0x61, 0xC3, 0x28, 0x22], 2), ([0x22, 0x5C, 0x6E, 0xE2, 0x82, 0x22], 3),
            ([0x22, 0xD0, 0xB6, 0xED, 0xA0, 0x80, 0x22], 3), ([0x22, 0xF5, 0x22], 1),
        ] as [([UInt8], Int)] {
            do {
                _ = try JSONParser.parse(bytes)
                Issue.record("accepted \(bytes)")
            } catch {
                #expect(error.byteOffset == offset, "\(bytes): \(error.reason)")
            }
        }
    }

    @Test func controlCharactersAndUnterminatedStringsAreErrors() {
        for (text, offset) in [("\"ж\u{1}\"", 3), ("\"a\\n\u{9}\"", 4), ("\"abc", 0), ("\"жж\\", 5)] {
            do {
                _ = try JSONParser.parse(Array(text.utf8))
                Issue.record("accepted \(text.debugDescription)")
            } catch {
                #expect(error.byteOffset == offset, "\(text.debugDescription): \(error.reason)")
            }
        }
    }
}

/// Every two-, three- and four-byte sequence the inline UTF-8 check passes is one the
/// standard library accepts, and every one it rejects is located inside the string.
@Suite struct JSONStringUTF8ConformanceTests {
    @Test func everyTwoAndThreeByteSequenceAgreesWithTheStandardLibrary() {
        for b0 in UInt8(0x80)...0xFF {
            for b1 in stride(from: UInt8(0x70), through: 0xC8, by: 8) {
                for b2 in [UInt8(0x41), 0x80, 0xBF] { Self.expectAgreement([0x22, b0, b1, b2, 0x22]) }
            }
        }
    }

    /// Four bytes after every lead byte from E0, second bytes across the edges of F0's and
    /// F4's narrower ranges, ASCII or continuation bytes after.
    @Test func everyFourByteSequenceAgreesWithTheStandardLibrary() {
        for b0 in UInt8(0xE0)...0xFF {
            for b1 in stride(from: UInt8(0x70), through: 0xC8, by: 4) {
                for b2 in [UInt8(0x41), 0x80, 0xBF] {
                    for b3 in [UInt8(0x41), 0x80, 0xBF] { Self.expectAgreement([0x22, b0, b1, b2, b3, 0x22]) }
                }
            }
        }
    }

    /// Parses the quoted `bytes`: accepted, as a string of the bytes between the quotes,
    /// exactly when the standard library finds those valid UTF-8; else an error located
    /// inside them.
    static func expectAgreement(_ bytes: [UInt8]) {
        let inner = bytes[1..<(bytes.count - 1)]
        let valid = String(validating: inner, as: UTF8.self) != nil
        do {
            let value = try JSONParser.parse(bytes)
            #expect(valid, "accepted \(bytes)")
            #expect(value.stringValue?.utf8.elementsEqual(inner) == true)
        } catch {
            #expect(!valid, "rejected \(bytes): \(error.reason)")
            #expect(error.byteOffset >= 1 && error.byteOffset < bytes.count - 1)
        }
    }
}

/// `quickString`, the word-at-a-time path every string tries first, against
/// `scannedString`, the reference that validates as it scans: on random bytes of
/// everything a string may hold or must not (raw UTF-8, escapes good and bad, controls,
/// invalid and cut sequences, a missing quote), the quick path returns nothing or exactly
/// what the reference returns, and leaves the parser where the reference does.
@Suite struct JSONQuickStringTests {
    /// Pieces a string may hold, then (from `firstBad`) pieces that make it malformed or
    /// end it early (`\x01` is good only with hex escapes).
    static let pieces: [[UInt8]] = [
        Array("a".utf8), Array(" zebra".utf8), Array("é".utf8), Array("中".utf8), Array("😀".utf8), Array("\\n".utf8),
        Array("\\\"".utf8), Array("\\u00e9".utf8), Array("\\ud83d\\ude00".utf8), Array("\\ud800".utf8), [0x7F],
        Array("\\x01".utf8), Array("\\q".utf8), Array("\\u12".utf8), [0x01], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
        [0xED, 0xA0, 0x80], [0xC0, 0x80], [0xF5], [0x80], Array("\\".utf8), Array("\"".utf8),
    ]
    static let firstBad = 11

    @Test(arguments: [false, true])
    func quickPathAgreesWithTheScan(hexEscapes: Bool) {
        var rng = SeededGenerator(seed: 0x7175_6963)
        var options = JSONParser.Options()
        options.allowHexEscapes = hexEscapes
        var quick = 0
        for _ in 0..<20000 {
            var bytes: [UInt8] = [0x22]
            for _ in 0..<Int.random(in: 0...10, using: &rng) {
                bytes += Self.pieces[Int.random(in: 0..<Self.firstBad, using: &rng)]
                if Int.random(in: 0..<8, using: &rng) == 0 { bytes += Self.pieces.randomElement(using: &rng)! }
            }
            if Int.random(in: 0..<10, using: &rng) > 0 { bytes.append(0x22) }
            bytes += Array(#", "next""#.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                var fast = JSONParser(bytes: buffer, options: options)
                var reference = JSONParser(bytes: buffer, options: options)
                let expected = try? reference.scannedString()
                guard let value = fast.quickString() else {
                    #expect(fast.pos == 0, "\(bytes)")
                    return
                }
                quick += 1
                #expect(value == expected && fast.pos == reference.pos, "\(bytes)")
            }
        }
        // Most strings here are well-formed: the quick path must take them.
        #expect(quick > 5000)
    }
}
