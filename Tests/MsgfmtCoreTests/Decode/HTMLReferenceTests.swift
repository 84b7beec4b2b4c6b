import Testing

@testable import MsgfmtCore

/// `--from html` decodes numeric character references exactly as tdlib's
/// `parseTextEntities` with `textParseModeHTML` does (each expected result was read from
/// tdjson 1.8.69): literal when out of range or too long, refused for surrogates.
@Suite struct HTMLReferenceTests {
    static let surrogateError =
        "Text contains invalid Unicode characters after decoding HTML entities, check for unmatched surrogate code units"

    /// HTML source and tdlib's text, or nil where tdlib refuses it with `surrogateError`.
    static let table: [(source: String, text: String?)] = [
        // Surrogates, lone or paired, decimal or hex: refused.
        ("&#57311;", nil), ("a&#55357;&#56832;b", nil), ("&#xD83D;&#xDE00;", nil), ("&#55296;", nil), ("&#57343;", nil),
        ("&#XDFFF;", nil), ("<b>&#57311;</b>", nil), ("&#xD7FF;", "\u{D7FF}"), ("&#xE000;", "\u{E000}"),
        // Zero: literal.
        ("&#0;", "&#0;"), ("&#x0;", "&#x0;"), ("&#X0;", "&#X0;"), ("&#0000000;", "&#0000000;"),
        // Past 0x10FFFE (0x10FFFF itself included): literal, however large, without wrapping.
        ("&#1114110;", "\u{10FFFE}"), ("&#1114111;", "&#1114111;"), ("&#x10FFFE;", "\u{10FFFE}"), ("&#X10FFFE;", "\u{10FFFE}"),
        ("&#x10FFFF;", "&#x10FFFF;"), ("&#x110000;", "&#x110000;"), ("&#9999999;", "&#9999999;"),
        ("&#4294967361;", "&#4294967361;"), ("&#18446744073709551681;", "&#18446744073709551681;"),
        ("&#x100000041;", "&#x100000041;"), ("&#xFFFFFFFF41;", "&#xFFFFFFFF41;"),
        // Leading zeros count: at most 7 decimal or 6 hex digits.
        ("&#0000065;", "A"), ("&#00000065;", "&#00000065;"), ("&#x000041;", "A"), ("&#x0000041;", "&#x0000041;"),
        ("&#X000041;", "A"), ("&#X0000041;", "&#X0000041;"),
        // Hex marker and digits in either case.
        ("&#x41;", "A"), ("&#X41;", "A"), ("&#xaB;", "«"), ("&#XaB;", "«"), ("&#x1F600;", "😀"), ("&#128512;", "😀"),
        // The semicolon is optional, and only one is taken.
        ("&#65", "A"), ("&#65abc", "Aabc"), ("&#x41g", "Ag"), ("&#X41g", "Ag"), ("&#x41x;", "Ax;"), ("&#65;&#66", "AB"),
        ("&#65;;", "A;"), ("&#65 ;", "A ;"), ("&#1f;", "\u{1}f;"),
        // No digits: literal.
        ("&#;", "&#;"), ("&#x;", "&#x;"), ("&#X;", "&#X;"), ("&#", "&#"), ("&#x", "&#x"), ("&#X", "&#X"), ("&#-5;", "&#-5;"),
        ("&#+5;", "&#+5;"), ("&# 65;", "&# 65;"), ("&#x 41;", "&#x 41;"), ("&#xx41;", "&#xx41;"),
        // Controls decode; names are case-sensitive.
        ("&#13;", "\r"), ("&#9;", "\t"), ("&#127;", "\u{7F}"), ("&lt", "<"), ("&ltx;", "&ltx;"), ("&LT;", "&LT;"),
        ("&amp;#65;", "&#65;"), ("&#38;#65;", "&#65;"),
    ]

    @Test func numericReferencesMatchTdlib() {
        for (source, text) in Self.table {
            do throws(ParseModeError) {
                let message = try TelegramHTMLParser.parse(Array(source.utf8))
                #expect(message.text == text, "\(source)")
            } catch {
                #expect(text == nil, "\(source): \(error.message)")
                #expect(error.message == Self.surrogateError, "\(source)")
            }
        }
    }

    @Test func surrogateErrorPointsAtTheFirstSurrogateAfterOtherErrors() {
        #expect(throws: ParseModeError.unmatchedSurrogate(byteOffset: 4)) {
            try TelegramHTMLParser.parse(Array("<b>x&#xD800;</b>&#56320;".utf8))
        }
        // An unclosed tag is reported first, as tdlib checks the text only at the end.
        #expect(throws: ParseModeError.unclosedTag("b", byteOffset: 0)) { try TelegramHTMLParser.parse(Array("<b>&#57311;".utf8)) }
    }

    @Test func astralReferencesCountTwoUTF16Units() throws {
        let message = try TelegramHTMLParser.parse(Array("&#128512;<b>x</b>".utf8))
        #expect(message.entities == [MessageEntity(kind: .bold, offset: 2, length: 1)])
    }

    @Test func attributesDecodeTheSameReferences() throws {
        let links = try TelegramHTMLParser.parse(Array(#"<a href="http://x.com/&#X41;">a</a><a href="http://x.com/&#0;">b</a>"#.utf8))
        #expect(links.entities.map(\.url) == ["http://x.com/A", "http://x.com/&#0;"])
    }
}
