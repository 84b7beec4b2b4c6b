import Testing

@testable import MsgfmtCore

/// `-o` patterns: parsing, the errors that say why one cannot be used, and the paths.
@Suite struct OutputPatternTests {
    @Test func pathsFillThePlaceholders() throws {
        let pattern = try OutputPattern(parsing: "out/{chat}/{chat_id}/{year}-{month}-{day}.md", format: .markdown)
        let chat = ExportChatInfo(name: "Release crew: 2024 / Q1!", id: 42)
        let day = ExportClock.days(year: 2024, month: 3, day: 5)
        #expect(pattern.path(chat: chat, day: day) == "out/release-crew-2024-q1/42/2024-03-05.md")
        #expect(pattern.dated)
        let byChat = try OutputPattern(parsing: "{chat}.jsonl", format: .json)
        #expect(!byChat.dated)
        #expect(byChat.path(chat: ExportChatInfo(name: "Привет, Мир 🌍", id: 1), day: 0) == "привет-мир.jsonl")
        #expect(byChat.path(chat: ExportChatInfo(name: "🌍 ../..", id: 7), day: 0) == "chat-7.jsonl")
        #expect(byChat.path(chat: ExportChatInfo(name: nil, id: nil, ordinal: 2), day: 0) == "chat-3.jsonl")
        let year = try OutputPattern(parsing: "y/{year}.txt", format: .text)
        #expect(year.path(chat: chat, day: ExportClock.days(year: 987, month: 1, day: 1)) == "y/0987.txt")
        #expect(year.path(chat: chat, day: ExportClock.days(year: -44, month: 3, day: 15)) == "y/-0044.txt")
    }

    @Test func slugsAreShortAndSafe() {
        let long = ExportChatInfo(name: String(repeating: "ab ", count: 100), id: 1)
        let slug = OutputPattern.slug(long)
        #expect(slug.count <= 60 && !slug.hasSuffix("-") && !slug.contains(" "))
        #expect(OutputPattern.slug(ExportChatInfo(name: "a\u{200B}b/c\\d\0e", id: 1)) == "ab-c-d-e")
    }

    @Test(arguments: [
        ("out/{chat}.html", ExportFormat.html, OutputPatternError.notAStreamFormat),
        ("out/{name}.md", .markdown, .unknown("name")),
        ("out/{chat.md", .markdown, .unclosed(column: 5)),
        ("out/{day}.md", .markdown, .skipsALevel("{day}", "{month}")),
        ("out/{month}.md", .markdown, .skipsALevel("{month}", "{year}")),
        ("out/{chat}/", .markdown, .endsInAFolder),
    ])
    func unusablePatternsSayWhy(_ path: String, _ format: ExportFormat, _ expected: OutputPatternError) {
        #expect(throws: expected) { try OutputPattern(parsing: path, format: format) }
        #expect(expected.message.hasPrefix("-o"))
    }
}
