import Testing

@testable import MsgfmtCore

/// The render pipeline with Bot API media and Updates: placeholders laid out for the
/// terminal formats, counts that add up, and the notes a run leaves.
@Suite struct RendererMediaTests {
    /// What rendering `input` as `to` writes, with its counts and diagnostics.
    func render(_ input: String, to: OutputFormat, width: Int = 40, maxLines: Int = 0, style: StyleOptions = StyleOptions()) -> (
        output: String, stats: Renderer.Stats, notes: [String]
    ) {
        var options = RenderOptions()
        options.to = to
        options.layout.width = width
        options.layout.maxLines = maxLines
        options.style = style
        let renderer = Renderer(options: options)
        var emitter = renderer.makeEmitter()
        let sink = OutputSink.memory()
        let stats = renderer.render(InputFile(name: "t", bytes: Array(input.utf8)), emitter: &emitter, into: sink) { _ in }
        return (String(decoding: sink.takeBytes(), as: UTF8.self), stats, renderer.notes(stats))
    }

    static let updates = """
        {"update_id":1,"callback_query":{"id":"c","message":{"message_id":9,"date":1,"text":"Pick one"},"data":"a"}}
        {"update_id":2,"inline_query":{"id":"q"}}
        {"update_id":3,"poll":{"id":"p"}}
        {"update_id":4,"inline_query":{"id":"q"}}
        {"text":5}
        """

    @Test func skippedUpdatesAreCountedAndNoted() {
        let run = render(Self.updates, to: .text)
        #expect(run.output == "Pick one\n")
        #expect(run.stats.read == 5)
        #expect(run.stats.rendered == 1)
        #expect(run.stats.failed == 1)
        #expect(run.stats.skipped.count == 3)
        #expect(run.stats.read == run.stats.rendered + run.stats.failed + run.stats.skipped.count)
        #expect(run.notes == ["skipped 3 updates without a message (2 inline_query, 1 poll)"])
    }

    @Test func statsAddUpAcrossFiles() {
        var total = Renderer.Stats()
        total.add(render(Self.updates, to: .json).stats)
        total.add(render(Self.updates, to: .json).stats)
        #expect(total.read == 10 && total.rendered == 2 && total.failed == 2 && total.skipped.count == 6)
        #expect(total.skipped.kinds == ["inline_query": 4, "poll": 2])
    }

    static let photo = #"{"message_id":5,"photo":[{"width":90,"height":90,"file_size":1000}]}"#
    static let poll =
        #"{"message_id":6,"caption":"Vote","poll":{"question":"Lunch?","options":[{"text":"Pizza","voter_count":2},{"text":"Salad","voter_count":1}],"total_voter_count":3}}"#

    /// `--max-lines` counts a message's lines, its placeholder's among them: the placeholder
    /// leaves the text a line when there is room for both, its details take what the
    /// summary leaves, and whatever is cut ends with the ellipsis.
    @Test func placeholdersCountTowardsTheLineLimit() {
        let lunch =
            #"{"message_id":7,"poll":{"question":"Lunch?","options":[{"text":"Pizza","voter_count":2},{"text":"Salad","voter_count":1}],"total_voter_count":3}}"#
        #expect(render(lunch, to: .text, maxLines: 1).output == "[Poll: Lunch? · 3 votes]…\n")
        #expect(render(lunch, to: .text, maxLines: 2).output == "[Poll: Lunch? · 3 votes]\n  • Pizza — 2 votes…\n")
        #expect(render(lunch, to: .text, maxLines: 3).output == "[Poll: Lunch? · 3 votes]\n  • Pizza — 2 votes\n  • Salad — 1 vote\n")
        #expect(render(Self.poll, to: .text, maxLines: 2).output == "[Poll: Lunch? · 3 votes]…\nVote\n")
        #expect(render(Self.poll, to: .text, maxLines: 3).output == "[Poll: Lunch? · 3 votes]\n  • Pizza — 2 votes…\nVote\n")
        let captioned = #"{"message_id":8,"caption":"one\ntwo\nthree","photo":[{"width":90,"height":90}]}"#
        #expect(render(captioned, to: .text, maxLines: 1).output == "[Photo 90×90]…\n")
        #expect(render(captioned, to: .text, maxLines: 2).output == "[Photo 90×90]\none…\n")
        #expect(render(captioned, to: .text, maxLines: 4).output == "[Photo 90×90]\none\ntwo\nthree\n")
        // The JSON layout's lines are the caption's: the placeholder is its own member.
        #expect(render(captioned, to: .json, maxLines: 1).output.contains(#""height":1,"truncated":true"#))
    }

    @Test func placeholdersComeFirstInTheTerminalFormats() {
        #expect(render(Self.photo, to: .text).output == "[Photo 90×90 · 1000 B]\n")
        #expect(render(Self.poll, to: .text).output == "[Poll: Lunch? · 3 votes]\n  • Pizza — 2 votes\n  • Salad — 1 vote\nVote\n")
        var style = StyleOptions()
        style.attributes = true
        #expect(render(Self.photo, to: .ansi, style: style).output == "\u{1B}[2;3m[Photo 90×90 · 1000 B]\u{1B}[0m\n")
        #expect(render(Self.photo, to: .ansi).output == "[Photo 90×90 · 1000 B]\n")
    }

    @Test func htmlAndJSONDescribeTheMedia() {
        #expect(
            render(Self.photo, to: .html).output == """
                <div class="msgfmt-message" data-message-id="5">
                <div class="msgfmt-media" data-kind="photo" dir="auto"><i>[Photo 90×90 · 1000 B]</i></div>
                </div>

                """)
        #expect(
            render(Self.photo, to: .json).output.hasPrefix(
                #"{"id":5,"index":0,"media":{"kind":"photo","title":"Photo 90×90","status":"1000 B","details":[]},"text":"","width":0,"height":0,"truncated":false,"lines":[]"#
            ))
        #expect(!render(#"{"text":"a"}"#, to: .json).output.contains("media"))
    }

    @Test(arguments: [OutputFormat.botAPI, .markdownV2, .telegramHTML])
    func telegramFormatsWriteTheCaptionAndSaySo(_ to: OutputFormat) {
        let run = render(Self.poll + "\n" + Self.photo, to: to)
        #expect(run.output.hasPrefix(to == .botAPI ? #"{"message_id":6,"text":"Vote""# : "Vote\n"))
        #expect(!run.output.contains("Lunch"))
        #expect(run.notes == ["2 messages have media, which --to \(to.rawValue) does not re-encode; only the text or caption is written"])
        #expect(render(Self.photo, to: .text).notes.isEmpty)
    }

    @Test func longPlaceholdersWrapToThreeLinesAtMost() {
        let placeholder = MediaPlaceholder(kind: "file", title: "File " + String(repeating: "long name ", count: 20), status: "1 KB")
        var constraints = LayoutConstraints()
        constraints.width = 20
        let lines = placeholder.lines(constraints)
        #expect(lines.count == 3)
        #expect(lines.map(\.y) == [0, 1, 2])
        #expect(lines.allSatisfy { $0.width <= 20 })
        #expect(lines.last?.fragments.last?.role == .ellipsis)
        // Under a line limit, no more than it.
        constraints.maxLines = 2
        #expect(placeholder.lines(constraints).count == 2)
        #expect(placeholder.lines(constraints, textBelow: true).count == 1)
    }

    @Test func controlsInNamesCannotReorderOrBreakThePlaceholder() {
        let placeholder = MediaPlaceholder(kind: "file", title: "File a\u{202E}fdp.exe\nb\u{1B}[2J")
        let text = placeholder.lines(LayoutConstraints()).map { PlainTextEmitter.text(of: $0, spoilers: .reveal) }
        #expect(text == ["[File a\u{FFFD}fdp.exe b\u{241B}[2J]"])
    }
}
