import Testing

@testable import MsgfmtCore

@Suite struct TerminalTranscriptWriterTests {
    /// Two messages with links (one wrapped over two lines), a reply quoting the first and
    /// a service message, for both presentations.
    static let chat = Array(
        #"""
        {"name": "Links", "type": "private_group", "id": 5, "messages": [
        {"id": 1, "type": "message", "date_unixtime": "1709633100", "from": "Alice", "from_id": "user1", "text": ["see ", {"type": "text_link", "text": "the long documentation page of the project", "href": "https://example.com/docs"}, " now"]},
        {"id": 2, "type": "message", "date_unixtime": "1709633160", "from": "Bob", "from_id": "user2", "reply_to_message_id": 1, "text": ["and ", {"type": "link", "text": "https://t.me"}]},
        {"id": 3, "type": "service", "date_unixtime": "1709633220", "actor": "Bob", "actor_id": "user2", "action": "pin_message", "message_id": 1, "text": ""}]}
        """#.utf8)

    private func transcript(
        style: TranscriptStyle, to format: OutputFormat, jobs: Int, width: Int = 40, chat: [UInt8] = Self.chat
    ) throws -> String {
        var options = ExportOptions()
        options.format = format == .text ? .text : .ansi
        options.style = style
        options.jobs = jobs
        options.width = width
        options.render.to = format
        options.render.style.color = true
        options.render.style.hyperlinks = true
        options.render.layout.width = TerminalTranscriptWriter.bodyWidth(style: style, width: options.width)
        let sink = OutputSink.memory()
        let writer = TerminalTranscriptWriter(options: options, sink: sink)
        _ = try ExportConverter(options: options, writer: writer, report: { _ in }).run(ExportByteSource(bytes: chat, name: "t"))
        return String(decoding: sink.takeBytes(), as: UTF8.self)
    }

    /// Body links are OSC 8 hyperlinks numbered as the first message of their drawn piece,
    /// so every piece of output is drawn alike on any thread.
    @Test(arguments: [TranscriptStyle.list, .bubbles])
    func linksOfBodiesAreHyperlinksWhateverTheJobs(style: TranscriptStyle) throws {
        let one = try transcript(style: style, to: .ansi, jobs: 1)
        #expect(one == (try transcript(style: style, to: .ansi, jobs: 2)))
        let docs = "\u{1B}]8;id=msgfmt1-0;https://example.com/docs\u{1B}\\"
        #expect(one.components(separatedBy: docs).count == 3, "the wrapped link opens on both of its lines: \(one.debugDescription)")
        #expect(one.contains("\u{1B}]8;id=msgfmt1-0;https://t.me\u{1B}\\"))
        #expect(one.components(separatedBy: "\u{1B}]8;id=").count == 4, "decorations (quote, headers) are not links")
        #expect(one.contains("Alice"))
    }

    @Test(arguments: [TranscriptStyle.list, .bubbles])
    func plainTextHasNoEscapes(style: TranscriptStyle) throws {
        let one = try transcript(style: style, to: .text, jobs: 1)
        #expect(one == (try transcript(style: style, to: .text, jobs: 3)))
        #expect(!one.contains("\u{1B}"))
        #expect(one.contains("the long"))
        #expect(one.contains("Bob pinned a message"))
    }

    /// A sender with a post author, and a message with neither text nor media.
    static let narrow = Array(
        #"""
        {"name": "Narrow", "type": "public_channel", "id": 6, "messages": [
        {"id": 1, "type": "message", "date_unixtime": "1709633100", "from": "Deleted Account", "from_id": "user9", "author": "Editor of the week", "text": "hi"},
        {"id": 2, "type": "message", "date_unixtime": "1709633160", "from": "Bob", "from_id": "user2", "text": ""}]}
        """#.utf8)

    /// No line is wider than the transcript: a bubble's sender header (with its post
    /// author) is cut to the box, and the list's empty-message mark breaks onto two lines
    /// in the narrowest transcript (20 cells, whatever narrower width is asked for).
    @Test(arguments: [TranscriptStyle.list, .bubbles])
    func narrowTranscriptsKeepToTheirWidth(style: TranscriptStyle) throws {
        for width in [12, 20, 24, 33] {
            let text = try transcript(style: style, to: .text, jobs: 1, width: width, chat: Self.narrow)
            let room = max(TerminalTranscriptWriter.minimumWidth, width)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(CellMeasurer().width(of: String(line)) <= room, "\(style) at \(width): \(line.debugDescription)")
            }
            #expect(text.contains("Deleted Account"))
            if style == .list { #expect(text.contains(room - 7 >= 15 ? "(empty message)" : "(empty\n")) }
        }
    }
}
