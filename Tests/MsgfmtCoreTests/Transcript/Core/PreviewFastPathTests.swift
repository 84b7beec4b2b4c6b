import CByteScan
import TestSupport
import Testing

@_spi(Testing) @testable import MsgfmtCore

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
        for round in 0..<4_000 {
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

    @Test func previewOfABlankFirstLineIsTheFirstLineWithInk() {
        let texts = [
            "", "\n", "\n\nsecond", " \n \t\nthird line\nfourth", "\r\n\r\nafter crlf", "\u{A0}\n\u{3000}\r\nwide",
            "\n" + String(repeating: "ж", count: 250) + "\nnext", "   ", "\n \n ", "\r\rx\ry", "\n\u{301}\nmark",
        ]
        for text in texts {
            let message = ExportMessage(id: 1, date: 0, body: Message(text: text))
            #expect(TranscriptMessage.preview(of: message) == PreviewCheck.reference(text), "\(text.debugDescription)")
        }
    }
}

/// `PreviewScan.prefix` cuts where Swift's characters do, through every kind of scalar
/// `CharacterCut` tells apart and the ones it hands over on.
@Suite struct PreviewCharacterCutTests {
    /// Scalars of each of the walk's kinds and of what stops it: plain letters, symbols
    /// and emoji; marks, variation selectors, modifiers and the joiner; and regional
    /// indicators, jamo, Prepend, SpacingMark, controls, CR and LF, a ZWNJ.
    private static let pieces: [String] = [
        "a", "Z", " ", "7", "~", "é", "\u{AD}", "©", "ж", "Ω", "日", "ア", "한", "Ａ", "‼", "☀", "♀", "🔥", "😀", "🚀", "🤖",
        "\u{301}", "\u{36F}", "\u{FE0F}", "\u{FE0E}", "\u{1F3FB}", "\u{1F3FF}", "\u{200D}",
        "\u{1F1FA}", "\u{1F1F8}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{600}", "\u{903}", "\u{915}", "\u{94D}", "\t", "\r",
        "\n", "\u{200C}", "\u{85}", "\u{E0020}", "👨‍👩‍👧", "#\u{20E3}",
    ]

    @Test func cutsWhereSwiftsCharactersDo() {
        var rng = SeededGenerator(seed: 0xC07C)
        for round in 0..<4_000 {
            // Mostly plain scalars, so long fast walks end at a handed-over pair.
            let count = rng.below(60)
            let text = (0..<count).map { _ in
                rng.below(3) == 0 ? Self.pieces[rng.below(Self.pieces.count)] : Self.pieces[rng.below(21)]
            }.joined()
            // A substring starting at a scalar the base text may join to what is before it.
            let scalars = text.unicodeScalars
            let skip = round % 4 == 0 ? rng.below(max(1, min(3, scalars.count))) : 0
            let slice = text[scalars.index(scalars.startIndex, offsetBy: skip)...]
            let characters = slice.count
            for n in [0, 1, 2, rng.below(characters + 2), characters - 1, characters, characters + 1] where n >= 0 {
                let fast = PreviewScan.prefix(slice, n)
                let expected = String(slice.prefix(n))
                if fast != expected {
                    Issue.record(
                        "\(String(slice).debugDescription) cut to \(n): \(fast.debugDescription), expected \(expected.debugDescription)")
                    return
                }
            }
        }
    }

    @Test func everyScalarOfTheWalksRangesBehavesAsItsKindSays() {
        // Swift's own grapheme data, scalar by scalar: a plain scalar stands alone between
        // plain ones and takes marks and joiners; an extending one joins what is before it.
        var plain = 0
        var extending = 0
        for value in UInt32(0x20)...0x1F9FF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let s = String(scalar)
            let name = "U+" + String(value, radix: 16)
            let bytes = Array(("a" + s + "a").utf8)
            switch bytes.withUnsafeBufferPointer({ CharacterCut.find(in: $0, characters: 1) }) {
            case .end(1):
                plain += 1
                #expect(("a" + s + "a").count == 3, "\(name) between letters")
                #expect((s + "\u{301}").count == 1 && (s + "\u{200D}").count == 1, "\(name) before a mark")
                #expect(("\u{1F3FB}" + s).count == 2 && ("\u{301}" + s).count == 2, "\(name) after a mark")
            case .end(bytes.count - 1):
                extending += 1
                #expect(("a" + s).count == 1 && (s + "a").count == 2 && ("a" + s + "a").count == 2, "\(name)")
                #expect(("日" + s + "\u{301}🔥").count == 2, "\(name) after an ideograph")
            default:
                continue
            }
        }
        #expect(plain > 30_000 && extending > 100)
    }

    @Test func walksPlainTextToTheEndAndHandsOverAtJoiners() {
        let text = String(repeating: "ж日🔥a", count: 60)
        var bytes = Array(text.utf8)
        let found = bytes.withUnsafeBufferPointer { CharacterCut.find(in: $0, characters: 200) }
        #expect(found == .end(Array(String(text.prefix(200)).utf8).count))
        #expect(bytes.withUnsafeBufferPointer { CharacterCut.find(in: $0, characters: 240) } == .whole)
        // An emoji joined to another: handed over at the boundary before the first, stopped
        // at the second (after 2 + 4 + 3 bytes).
        bytes = Array("ab👨‍👩‍👧".utf8)
        #expect(bytes.withUnsafeBufferPointer { CharacterCut.find(in: $0, characters: 3) } == .handOver(boundary: 2, before: 2, stop: 9))
        // A flag: regional indicators always go to Swift.
        bytes = Array("x🇺🇸yz".utf8)
        #expect(bytes.withUnsafeBufferPointer { CharacterCut.find(in: $0, characters: 2) } == .handOver(boundary: 0, before: 0, stop: 1))
        // From a later boundary (after the flag, at byte 9): y and z.
        #expect(bytes.withUnsafeBufferPointer { CharacterCut.find(in: $0, from: 9, characters: 2) } == .whole)
        #expect(bytes.withUnsafeBufferPointer { CharacterCut.find(in: $0, from: 9, characters: 1) } == .end(10))
    }
}

/// The fuzz target's check of previews passes texts of every kind the scans meet.
@Suite struct PreviewCheckTests {
    @Test func passesTextsOfEveryKind() {
        for text in ["", "a", "héllo wörld", "日本語のテキスト", "👨‍👩‍👧 family 🇺🇦 flag", "e\u{301}\u{302}x", "\u{AD}\u{301}", "a\r\nb"] {
            #expect(PreviewCheck.agrees(text), "\(text.debugDescription)")
        }
    }

    @Test func blankFirstLinesOfRandomTextsGiveTheFirstLineWithInk() {
        // Line breaks of every kind, blanks of ASCII and beyond, marks that may follow a
        // break, and long lines of letters and emoji for the cut.
        let pieces = [
            "\n", "\r", "\r\n", " ", "\t", "\u{0B}", "\u{A0}", "\u{3000}", "\u{85}", "\u{2028}", "\u{301}", "a", "ж", "🔥",
            "👨‍👩‍👧", "\u{1F1FA}\u{1F1F8}", "日本",
        ]
        var rng = SeededGenerator(seed: 0x1A7E)
        for _ in 0..<5_000 {
            // Blank lines first, then anything; some lines long enough to be cut.
            var text = (0..<rng.below(6)).map { _ in pieces[rng.below(10)] }.joined()
            for _ in 0..<rng.below(4) {
                let piece = pieces[rng.below(pieces.count)]
                text += rng.below(5) == 0 ? String(repeating: piece, count: 60 + rng.below(200)) : piece
            }
            #expect(PreviewCheck.agrees(text), "\(text.debugDescription)")
        }
    }
}
