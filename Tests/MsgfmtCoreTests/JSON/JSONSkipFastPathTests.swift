import CByteScan
import TestSupport
import Testing

@testable import MsgfmtCore

/// `JSONParser.skipValue` passes over a value with one byte scan
/// (`msgfmt_byte_scan_json_value_end`) and reads it on the checked path only when the scan
/// gives up. The scan must never accept what the checked path rejects, must end where it
/// ends, and must accept the valid values readers skip (else the fast path is dead).
@Suite struct JSONSkipFastPathTests {
    /// How `checkedSkipValue` and `skipValue` end on `bytes` from offset 0: the offset
    /// after the value, or the error.
    static func outcomes(_ bytes: [UInt8], options: JSONParser.Options = .init()) -> (
        checked: Result<Int, JSONParseError>, skipped: Result<Int, JSONParseError>, scan: Int
    ) {
        bytes.withUnsafeBufferPointer { buffer in
            func run(_ body: (inout JSONParser) throws(JSONParseError) -> Void) -> Result<Int, JSONParseError> {
                var parser = JSONParser(bytes: buffer, options: options)
                do throws(JSONParseError) {
                    try body(&parser)
                    return .success(parser.pos)
                } catch {
                    return .failure(error)
                }
            }
            let scan = msgfmt_byte_scan_json_value_end(
                buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, 0, buffer.count, options.maxDepth)
            return (
                run { p throws(JSONParseError) in try p.checkedSkipValue() }, run { p throws(JSONParseError) in try p.skipValue() }, scan
            )
        }
    }

    /// Code points on either side of every boundary the UTF-8 check draws (lengths, E0's
    /// and F0's shortest forms, the surrogates ED keeps out, F4's ceiling), and the
    /// characters JSON strings escape.
    static let scalars: [Unicode.Scalar] = [
        "a", "Z", "0", " ", "\u{7F}", "\u{80}", "é", "\u{7FF}", "\u{800}", "\u{E00}", "\u{FFF}", "\u{1000}", "\u{D7FF}",
        "\u{E000}", "я", "天", "\u{FFFD}", "\u{FFFF}", "\u{10000}", "🎉", "\u{3FFFF}", "\u{40000}", "\u{10FFFF}",
    ]

    /// A random valid JSON value of at most `depth` levels, in the spellings the parser
    /// reads: white space of the four kinds, every escape, numbers with fractions and
    /// exponents, leading zeros (which the parser accepts).
    static func value(_ rng: inout SeededGenerator, depth: Int) -> String {
        func space() -> String { ["", "", " ", "\n  ", "\t", "\r\n", "    "][rng.below(7)] }
        func string() -> String {
            var s = "\""
            for _ in 0..<rng.below(30) {
                switch rng.below(10) {
                case 0:
                    s += ["\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u00e9", "\\uD83D\\uDE00", "\\udc00"][rng.below(11)]
                case 1, 2, 3: s.unicodeScalars.append(scalars[rng.below(scalars.count)])
                default: s += String(UnicodeScalar(UInt8(0x61 + rng.below(26))))
                }
            }
            return s + "\""
        }
        switch depth > 0 ? rng.below(8) : 2 + rng.below(6) {
        case 0:
            let members = (0..<rng.below(4)).map { _ in
                space() + string() + space() + ":" + space() + value(&rng, depth: depth - 1) + space()
            }
            return "{" + (members.isEmpty ? space() : members.joined(separator: ",")) + "}"
        case 1:
            let elements = (0..<rng.below(5)).map { _ in space() + value(&rng, depth: depth - 1) + space() }
            return "[" + (elements.isEmpty ? space() : elements.joined(separator: ",")) + "]"
        case 2, 3: return string()
        case 4: return ["true", "false", "null"][rng.below(3)]
        default:
            return ["0", "-7", "12.5", "1e9", "-0.25E-3", "6E+2", "007", "123456789012345678901234567890"][rng.below(8)]
        }
    }

    @Test func validValuesPassInOneScanAndEndWhereTheCheckedPathDoes() {
        var rng = SeededGenerator(seed: 0x5C1B)
        for n in 0..<5_000 {
            // Something after the value, so an end past it would show.
            let bytes = Array((Self.value(&rng, depth: 4) + [" ,", "]", "}x", ""][n % 4]).utf8)
            let (checked, skipped, scan) = Self.outcomes(bytes)
            guard case .success(let end) = checked else {
                Issue.record("generated value rejected: \(checked) in \(String(decoding: bytes, as: UTF8.self))")
                return
            }
            #expect(scan == end, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(skipped == checked)
        }
    }

    @Test func mutatedValuesFailOrPassAlike() {
        var rng = SeededGenerator(seed: 0xB17E)
        // Bytes that break or bend the grammar: brackets, quotes, separators, escapes,
        // digits and signs, a control, invalid and boundary UTF-8 bytes.
        let replacements =
            Array("{}[]\",:\\/ 0-+.eEuxtn".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF]
        var rejected = 0
        var scanned = 0
        for _ in 0..<30_000 {
            var bytes = Array(Self.value(&rng, depth: 3).utf8)
            for _ in 0..<(1 + rng.below(3)) where !bytes.isEmpty {
                switch rng.below(4) {
                case 0: bytes.insert(replacements[rng.below(replacements.count)], at: rng.below(bytes.count + 1))
                case 1: bytes.remove(at: rng.below(bytes.count))
                case 2: bytes.removeLast(rng.below(bytes.count) / 4)
                default: bytes[rng.below(bytes.count)] = replacements[rng.below(replacements.count)]
                }
            }
            let (checked, skipped, scan) = Self.outcomes(bytes)
            #expect(skipped == checked, "\(bytes)")
            switch checked {
            case .success(let end):
                // The scan may give up on a valid value, never end elsewhere.
                #expect(scan == end || scan == -1, "\(bytes)")
                if scan == end { scanned += 1 }
            case .failure:
                #expect(scan == -1, "scan accepted \(bytes)")
                rejected += 1
            }
        }
        // Both kinds occur often enough for the comparison to mean something.
        #expect(rejected > 5_000)
        #expect(scanned > 5_000)
    }

    /// Each lead byte with each second byte and none to two continuation bytes after it, in
    /// a string between `before` and `after`, judged by the scan as the checked path judges
    /// it; how many strings were valid.
    static func leadAndSecondBytesJudgedAlike(before: [UInt8] = [], after: [UInt8] = []) -> Int {
        var accepted = 0
        for lead in UInt8(0x80)...0xFF {
            for second in UInt8(0x00)...0xFF {
                for more in 0...2 {
                    let bytes: [UInt8] = [0x22] + before + [lead, second] + Array(repeating: 0x80, count: more) + after + [0x22]
                    let (checked, _, scan) = outcomes(bytes)
                    switch checked {
                    case .success(let end):
                        #expect(scan == end, "\(bytes)")
                        accepted += 1
                    case .failure: #expect(scan == -1, "\(bytes)")
                    }
                }
            }
        }
        return accepted
    }

    /// Valid two-, three- and four-byte sequences among those: C2-DF with 64 second bytes,
    /// E0-EF with 32 (E0, ED) or 64, F0-F4 with 48 (F0), 64 or 16 (F4), each with exactly the
    /// continuation bytes it needs.
    static let validLeadAndSecondBytes = 30 * 64 + (2 * 32 + 14 * 64) + (48 + 3 * 64 + 16)

    @Test func everyUTF8LeadAndSecondByteIsJudgedAsTheCheckedPathJudgesIt() {
        // Every sequence length ends right before the closing quote once.
        #expect(Self.leadAndSecondBytesJudgedAlike() == Self.validLeadAndSecondBytes)
    }

    /// The same inside long strings, which the scan checks sixteen bytes at a time: each
    /// lead and second byte placed so the sequence crosses from one block into the next
    /// (or ends the first), after ASCII or after two-byte letters, with more after it.
    @Test func everyUTF8LeadAndSecondByteIsJudgedAlikeAcrossVectorBlocks() {
        let after = Array("\u{44F} и ещё немного текста".utf8)
        for before in [
            [UInt8](repeating: 0x61, count: 14), [UInt8](repeating: 0x61, count: 15), [0xD1, 0x8F] + [UInt8](repeating: 0x61, count: 11),
        ] {
            // The letters after a sequence start with a lead byte: only the sequences valid
            // alone are valid here too.
            #expect(Self.leadAndSecondBytesJudgedAlike(before: before, after: after) == Self.validLeadAndSecondBytes)
        }
    }

    @Test func nestingBeyondTheLimitOrTheScansDepthGoesToTheCheckedPath() {
        var options = JSONParser.Options()
        options.maxDepth = 512
        // Deeper than the scan keeps (256) but within the limit: valid, read checked.
        let deep = Array((String(repeating: "[", count: 300) + String(repeating: "]", count: 300)).utf8)
        let (checked, skipped, scan) = Self.outcomes(deep, options: options)
        #expect(scan == -1)
        #expect(checked == .success(600))
        #expect(skipped == .success(600))
        // Beyond the limit: the checked path's error, from skipValue too.
        options.maxDepth = 8
        let tooDeep = Array((String(repeating: "[", count: 9) + String(repeating: "]", count: 9)).utf8)
        let outcome = Self.outcomes(tooDeep, options: options)
        #expect(outcome.scan == -1)
        #expect(outcome.skipped == outcome.checked)
        guard case .failure(let error) = outcome.skipped else {
            Issue.record("nine levels passed a limit of eight")
            return
        }
        #expect(error.reason == "nesting deeper than 8 levels")
        // Exactly at the limit: the scan takes it.
        let atLimit = Array((String(repeating: "[", count: 8) + String(repeating: "]", count: 8)).utf8)
        #expect(Self.outcomes(atLimit, options: options).scan == 16)
    }

    @Test func hexEscapesAreLeftToTheCheckedPath() {
        var options = JSONParser.Options()
        options.allowHexEscapes = true
        // Four hex digits after the x: a scan that read \x as \u would take them.
        let bytes = Array(#""a\x4142b""#.utf8)
        let (checked, skipped, scan) = Self.outcomes(bytes, options: options)
        #expect(scan == -1)
        #expect(checked == .success(bytes.count))
        #expect(skipped == checked)
    }
}
