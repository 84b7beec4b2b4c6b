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
    }

    @Test func mapsStringIndices() {
        let text = UTF16Text("é👍x")
        let index = text.index(atUTF16Offset: 3)!
        #expect(text.string[index...] == "x")
        #expect(text.utf16Offset(of: index) == 3)
        #expect(text.index(atUTF16Offset: 9) == nil)
    }
}
