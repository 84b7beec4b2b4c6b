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
