import CByteScan
import TestSupport
import Testing

@testable import MsgfmtCore

/// The export's byte-level fast path for previews gives exactly what the general string code gives.
@Suite struct PreviewFastPathTests {
    /// `TranscriptMessage.preview`'s first-line rule, character by character.
    private func reference(_ text: String) -> String? {
        if let newline = text.firstIndex(where: { $0 == "\n" || $0 == "\r" }) {
            let first = text[..<newline]
            return first.contains(where: { !$0.isWhitespace }) ? String(first.prefix(200)) : nil
        }
        return text.isEmpty ? nil : String(text.prefix(200))
    }

    @Test func previewFirstLineMatchesTheCharacterRule() {
        let texts = [
            "", "x", "hello\nworld", "a\r\nb\nc", "\r\nfirst\nsecond", "x\ry", "\n\nblank", "   \nspaces",
            "\u{A0}\u{3000}\nnbsp", " \u{301}\ncombining", String(repeating: "e\u{301} ", count: 150) + "\nnext",
            String(repeating: "A", count: 250), String(repeating: "日本語", count: 100) + "\nrest", "\u{85}\nnel",
            "\t\n\t", "\u{200B}\nzero width", String(repeating: "🔥", count: 210), String(repeating: "a\u{308}", count: 230) + "\r",
            "\r", "\n", "\r\n", "\u{0B}\nvt", "\u{1C}\nfs", "\u{600}a\nprepend", "#\u{20E3}\nkeycap", "👨‍👩‍👧\nfamily",
            String(repeating: "b", count: 199) + "\u{301}\u{301}\nx", String(repeating: "c", count: 200) + "é\nx",
            // Around the limit in two-byte letters: 200 scalars fit whole, more are cut by
            // characters (201 scalars may still be 200 characters).
            String(repeating: "ж", count: 200), String(repeating: "ж", count: 201), String(repeating: "ж", count: 200) + "\nx",
            String(repeating: "ж", count: 201) + "\nx", String(repeating: "ж", count: 199) + "e\u{301}",
            String(repeating: "ж", count: 100) + "\r\n" + String(repeating: "ж", count: 99),
            String(repeating: "ж", count: 100) + "\r\n" + String(repeating: "ж", count: 100) + "\nx",
        ]
        for text in texts {
            #expect(PreviewScan.firstLine(of: text) == reference(text), "\(text.debugDescription)")
        }
    }

    @Test func randomTextsAcrossTheScansVectorsMatchTheCharacterRule() {
        // Pieces that end the line, hide in CR LF, are blank, ink, or span several bytes,
        // in texts long enough for several sixteen-byte vectors and the 200-scalar limit.
        let pieces = ["a", "Z", " ", "\t", "\u{0B}", "\u{0C}", "\n", "\r", "\r\n", "ж", "日", "🔥", "\u{301}", "\u{85}", "\u{A0}", "\u{7F}"]
        var rng = SeededGenerator(seed: 0xF1257)
        for _ in 0..<3_000 {
            let count = rng.below(260)
            // Most texts lean on letters and blanks so long lines and long blank runs form.
            let text = (0..<count).map { _ in rng.below(4) == 0 ? pieces[rng.below(pieces.count)] : pieces[rng.below(5)] }.joined()
            #expect(PreviewScan.firstLine(of: text) == reference(text), "\(text.debugDescription)")
        }
    }

    @Test func firstLineSummaryMatchesAByteByByteWalkOnAnyBytes() {
        // Every byte value, at every offset of a run of letters or of blanks.
        var rng = SeededGenerator(seed: 0xB7E5)
        for round in 0..<20_000 {
            // Half the rounds without ASCII ink in the filler, so one stray byte decides it.
            let filler: [UInt8] = round % 2 == 0 ? [0x61, 0x20, 0x09, 0xD0, 0xB6] : [0x20, 0x09, 0xD0, 0xB6]
            var bytes = (0..<rng.below(70)).map { _ in filler[rng.below(filler.count)] }
            for _ in 0..<rng.below(4) where !bytes.isEmpty { bytes[rng.below(bytes.count)] = UInt8(rng.below(256)) }
            if round % 3 == 0, bytes.count > 1 {
                // A CR LF, which the walk passes over.
                let k = rng.below(bytes.count - 1)
                bytes[k] = 0x0D
                bytes[k + 1] = 0x0A
            }
            // The walk the scan replaces.
            var cut = -1
            var continuations = 0
            var ink = false
            var nonASCII = false
            var i = 0
            walk: while i < bytes.count {
                let b = bytes[i]
                switch b {
                case 0x0A:
                    cut = i
                    break walk
                case 0x0D:
                    if i + 1 < bytes.count, bytes[i + 1] == 0x0A {
                        i += 2
                        continue
                    }
                    cut = i
                    break walk
                case 0x80...: nonASCII = true; if b < 0xC0 { continuations += 1 }
                case 0x20, 0x09...0x0D: break
                default: ink = true
                }
                i += 1
            }
            let line = bytes.withUnsafeBufferPointer {
                msgfmt_byte_scan_first_line_of($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count)
            }
            let same =
                line.cut == cut && line.continuations == continuations && (line.ascii_ink != 0) == ink && (line.non_ascii != 0) == nonASCII
            if !same {
                Issue.record("\(bytes): \(line), expected cut \(cut), \(continuations) continuations, ink \(ink), non-ASCII \(nonASCII)")
                return
            }
        }
    }

    /// The whole preview rule as first written: the first line when it is not blank,
    /// else (for a message without media that is not a service message) the first line
    /// of the rest that is not, found by splitting every line.
    private func wholeReference(_ text: String) -> String {
        if let first = reference(text) { return first }
        let rest = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first { $0.contains { !$0.isWhitespace } }
        return rest.map { String($0.prefix(200)) } ?? ""
    }

    @Test func previewOfABlankFirstLineIsTheFirstLineWithInk() {
        let texts = [
            "", "\n", "\n\nsecond", " \n \t\nthird line\nfourth", "\r\n\r\nafter crlf", "\u{A0}\n\u{3000}\r\nwide",
            "\n" + String(repeating: "ж", count: 250) + "\nnext", "   ", "\n \n ", "\r\rx\ry", "\n\u{301}\nmark",
        ]
        for text in texts {
            let message = ExportMessage(id: 1, date: 0, body: Message(text: text))
            #expect(TranscriptMessage.preview(of: message) == wholeReference(text), "\(text.debugDescription)")
        }
    }
}
