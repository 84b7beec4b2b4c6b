import CICU
import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

@Suite struct CodePointTableTests {
    @Test func everyCodePointAgreesWithICU() {
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            let word = CodePointTable.word(value)
            let breaks = msgfmt_icu_break_properties(value)
            // The table holds the ten low flags (not `MSGFMT_ICU_WORD`, which only search asks for).
            let flags = value >= 0xD800 && value <= 0xDFFF ? nil : Optional(msgfmt_icu_scalar_flags(value) & 0x3FF)
            let tableBreaks = word & (0x3F | 0x1F << 6 | 1 << 11 | 1 << 22 | 1 << 23)
            if tableBreaks != breaks || (flags != nil && (word >> 12) & 0x3FF != flags!) {
                mismatches.append(String(format: "U+%04X table %08X ICU %08X/%03X", value, word, breaks, flags ?? 0))
                if mismatches.count > 20 { break }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    /// Bits 26-30 hold the Bidi_Class and bit 31 whether the code point is a paired
    /// bracket, which msgfmt's bidi pass (`msgfmt_bidi_levels`) reads instead of ICU.
    @Test func everyCodePointHasICUsBidiClassAndBracketType() {
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            let word = CodePointTable.word(value)
            var pair: UInt32 = 0
            let bracket = msgfmt_icu_bidi_bracket(value, &pair) != 0
            if (word >> 26) & 0x1F != msgfmt_icu_bidi_class(value) || (word >> 31 == 1) != bracket {
                mismatches.append(String(format: "U+%04X table %08X ICU class %d", value, word, msgfmt_icu_bidi_class(value)))
                if mismatches.count > 20 { break }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    /// The bracket rows: sorted, each pair and type ICU's, and every bracket ICU knows.
    @Test func bracketRowsAreICUs() {
        let rows = msgfmt_bidi_brackets()!
        var listed: Set<UInt32> = []
        for r in 0..<CodePointTable.bracketRows {
            let code = UInt32(rows[3 * r])
            let pair = UInt32(rows[3 * r + 1])
            let kind = UInt32(rows[3 * r + 2])
            if r > 0 { #expect(rows[3 * (r - 1)] < rows[3 * r]) }
            var icuPair: UInt32 = 0
            #expect(msgfmt_icu_bidi_bracket(code, &icuPair) == kind, "U+\(String(code, radix: 16))")
            #expect(icuPair == pair, "U+\(String(code, radix: 16))")
            listed.insert(code)
        }
        #expect(Int(msgfmt_bidi_bracket_rows()) == CodePointTable.bracketRows)
        for value in UInt32(0)...0xFFFF where !listed.contains(value) {
            var pair: UInt32 = 0
            #expect(msgfmt_icu_bidi_bracket(value, &pair) == 0, "U+\(String(value, radix: 16))")
        }
    }

    /// The C bidi pass reads the stages with CICU's own block shift.
    @Test func cAndSwiftShareTheBlockShift() {
        #expect(Int(MSGFMT_CODE_POINT_BLOCK_SHIFT) == CodePointTable.blockShift)
    }

    @Test func surrogateCodePointsHoldTheirFlags() {
        // ICU computes flags for surrogate code points too; the table must agree where
        // msgfmt could ask (lone surrogates reach ScalarFlags only as U+FFFD, but check).
        for value in UInt32(0xD800)...0xDFFF {
            #expect((CodePointTable.word(value) >> 12) & 0x3FF == msgfmt_icu_scalar_flags(value) & 0x3FF)
        }
    }

    @Test func regeneratingTheTableGivesTheCommittedFiles() throws {
        try #require(
            FileManager.default.fileExists(atPath: "/usr/share/unicode/LineBreak.txt"),
            "install Debian's unicode-data package for /usr/share/unicode")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", PackagePaths.root.appendingPathComponent("scripts/gen-unicode-table").path, "--check"]
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        let complaint = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "run scripts/gen-unicode-table and commit the result: \(complaint)")
    }

    @Test func tableIsForTheLinkedICUsUnicodeVersion() throws {
        let source = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("Sources/MsgfmtCore/Unicode/CodePointTable.swift"),
            encoding: .utf8)
        // u_getUnicodeVersion drops trailing zeros ("15.0"); the file names "15.0.0".
        #expect(source.contains("Unicode \(String(cString: msgfmt_icu_unicode_version())).0 data files"))
    }
}
