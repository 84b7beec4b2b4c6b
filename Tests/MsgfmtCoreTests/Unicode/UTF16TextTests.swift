import Testing

@testable import MsgfmtCore

@Suite struct UTF16TextTests {
    @Test func countsUTF16Units() {
        let text = UTF16Text("a👍b")
        #expect(text.count == 4)
        #expect(!text.isASCII)
        #expect(text.splitsSurrogatePair(at: 2))
        #expect(!text.splitsSurrogatePair(at: 1))
        #expect(text.substring(1..<3) == "👍")
        #expect(text.substring(-5..<99) == "a👍b")
    }

    @Test func decodesScalarsAndLoneSurrogates() {
        let text = UTF16Text(units: [0x61, 0xD83D, 0xDC4D, 0xD800, 0x62])
        #expect(text.scalar(at: 1).scalar == "👍" && text.scalar(at: 1).length == 2)
        #expect(text.scalar(at: 3).scalar == "\u{FFFD}" && text.scalar(at: 3).length == 1)
        #expect(text.string == "a👍\u{FFFD}b")
    }

    @Test func asciiSubstringFastPath() {
        let text = UTF16Text("hello world")
        #expect(text.isASCII)
        #expect(text.substring(6..<11) == "world")
    }
}
