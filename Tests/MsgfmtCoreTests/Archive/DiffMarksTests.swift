import Testing

@testable import MsgfmtCore

/// Marks in edited bodies: brackets move the entities with their text and stay outside
/// them; formatting marks are entities over the changed words.
@Suite struct DiffMarksTests {
    @Test func bracketsMoveEntities() {
        // "Hello world again": bold "world", italic "again".
        let message = Message(
            text: "Hello world again",
            entities: [
                MessageEntity(kind: .bold, offset: 6, length: 5),
                MessageEntity(kind: .italic, offset: 12, length: 5),
            ])
        let marked = DiffMarks.mark(message, ranges: [6..<11], side: .removed, style: .brackets)
        #expect(marked.text == "Hello [-world-] again")
        #expect(marked.entities.map(\.range) == [8..<13, 16..<21])
        let inserted = DiffMarks.mark(message, ranges: [0..<5, 12..<17], side: .inserted, style: .brackets)
        #expect(inserted.text == "{+Hello+} world {+again+}")
        #expect(inserted.entities.map(\.range) == [10..<15, 18..<23])
    }

    /// An entity around the changed word and more keeps both marks inside.
    @Test func bracketsInsideAnEntity() {
        let message = Message(text: "a big dog", entities: [MessageEntity(kind: .bold, offset: 0, length: 9)])
        let marked = DiffMarks.mark(message, ranges: [2..<5], side: .removed, style: .brackets)
        #expect(marked.text == "a [-big-] dog")
        #expect(marked.entities.map(\.range) == [0..<13])
    }

    @Test func formattingMarksAreEntities() {
        let message = Message(text: "a big dog")
        let removed = DiffMarks.mark(message, ranges: [2..<5], side: .removed, style: .entities)
        #expect(removed.text == "a big dog")
        #expect(removed.entities == [MessageEntity(kind: .strikethrough, offset: 2, length: 3)])
        let inserted = DiffMarks.mark(message, ranges: [6..<9], side: .inserted, style: .entities)
        #expect(inserted.entities == [MessageEntity(kind: .underline, offset: 6, length: 3)])
    }

    /// UTF-16 offsets: an astral character before the mark counts two units.
    @Test func offsetsCountUTF16() {
        let message = Message(text: "😀 x y", entities: [MessageEntity(kind: .code, offset: 5, length: 1)])
        let marked = DiffMarks.mark(message, ranges: [3..<4], side: .inserted, style: .brackets)
        #expect(marked.text == "😀 {+x+} y")
        #expect(marked.entities.map(\.range) == [9..<10])
    }
}
