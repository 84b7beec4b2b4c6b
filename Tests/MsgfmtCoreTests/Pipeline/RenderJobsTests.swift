import TestSupport
import Testing

@testable import MsgfmtCore

/// `render --jobs N`: messages laid out on several threads come out byte for byte as one
/// thread writes them, with the same diagnostics in the same order and the same counts,
/// whether the input arrives whole or a few bytes at a time (a pipe, drained before each
/// read).
@Suite struct RenderJobsTests {
    /// What one run wrote: output, diagnostics in order, counts.
    struct Run: Equatable {
        var output: [UInt8]
        var diagnostics: [Diagnostic]
        var stats: Renderer.Stats
    }

    /// Renders `input` read `chunkSize` bytes at a time with `options` on `jobs` threads.
    static func run(_ input: [UInt8], options: RenderOptions, jobs: Int, chunkSize: Int) throws -> Run {
        var options = options
        options.jobs = jobs
        let renderer = Renderer(options: options)
        var emitter = renderer.makeEmitter()
        let sink = OutputSink.memory()
        let reader = InputReader(name: "t", bytes: input, chunkSize: chunkSize)
        var stats = Renderer.Stats()
        var diagnostics: [Diagnostic] = []
        emitter.begin(into: sink)
        try renderer.render(reader, emitter: &emitter, into: sink, stats: &stats) { diagnostics.append($0) }
        emitter.end(into: sink)
        return Run(output: sink.takeBytes(), diagnostics: diagnostics, stats: stats)
    }

    /// Texts from several scripts, some with entities that need repair.
    static let lines: [String] = [
        #"{"message_id":%d,"text":"plain words that wrap across the narrow width of this test run","entities":[{"type":"bold","offset":6,"length":5}]}"#,
        #"{"message_id":%d,"text":"שלום עולם مرحبا بالعالم mixed with English","entities":[{"type":"italic","offset":0,"length":4}]}"#,
        #"{"message_id":%d,"text":"中文文本和日本語のテキスト 👩‍👩‍👧 emoji","entities":[{"type":"text_link","offset":0,"length":4,"url":"https://example.org"}]}"#,
        #"{"message_id":%d,"text":"broken entity","entities":[{"type":"bold","offset":9,"length":40}]}"#,
        #"{"message_id":%d,"photo":[{"file_id":"x","width":90,"height":90}],"caption":"a caption with a link https://x.org"}"#,
        #"{"message_id":%d,"voice":{"file_id":"v","duration":3}}"#,
        #"{"text":5}"#,
        #"{"message_id":%d,"text":"#,
        #"{"update_id":%d,"inline_query":{"id":"q"}}"#,
        #"[{"message_id":%d,"text":"first of two"},{"message_id":2,"text":"second of two\n> not a quote"}]"#,
        #"{"update_id":%d,"message":{"message_id":7,"text":"an update's message","entities":[{"type":"spoiler","offset":3,"length":6}]}}"#,
        #"{"message_id":%d,"text":"```\ncode block\n```","entities":[{"type":"pre","offset":0,"length":18,"language":"swift"}]}"#,
    ]

    /// `count` JSON Lines drawn from `lines` with `seed`.
    static func input(count: Int, seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        var text = ""
        for k in 0..<count {
            let line = lines[random.below(lines.count)].replacingOccurrences(of: "%d", with: "\(k)")
            text += line + "\n"
        }
        return Array(text.utf8)
    }

    static let formats: [OutputFormat] = [.ansi, .text, .json, .html, .botAPI, .markdownV2, .telegramHTML]

    /// Colour and hyperlinks on, `format` at `width` cells.
    static func options(_ format: OutputFormat, width: Int) -> RenderOptions {
        var options = RenderOptions()
        options.to = format
        options.layout.width = width
        options.style.color = true
        options.style.hyperlinks = true
        return options
    }

    @Test(arguments: formats)
    func severalThreadsWriteWhatOneWrites(to format: OutputFormat) throws {
        let options = Self.options(format, width: 24)
        let input = Self.input(count: 700, seed: 19)
        let one = try Self.run(input, options: options, jobs: 1, chunkSize: 1 << 20)
        #expect(one.stats.rendered > 400)
        #expect(one.stats.failed > 0)
        #expect(one.stats.skipped.count > 0)
        #expect(!one.diagnostics.isEmpty)
        for (jobs, chunkSize) in [(2, 1 << 20), (3, 1 << 20), (4, 97), (2, 4096)] {
            let many = try Self.run(input, options: options, jobs: jobs, chunkSize: chunkSize)
            #expect(many == one, "--jobs \(jobs), \(chunkSize)-byte reads")
        }
    }

    /// The workers prepare each message's bytes themselves (`ParallelEmitter`), HTML pages,
    /// pixel-free JSON and ANSI hyperlinks (whose ids number a message by its place in
    /// the input) included: the output is still what one thread writes, with media
    /// lines, spoilers and the blank line between messages.
    @Test(arguments: [OutputFormat.ansi, .text, .html, .json])
    func preparedOnWorkersWritesWhatOneThreadWrites(to format: OutputFormat) throws {
        for hyperlinks in [false, true] {
            var options = RenderOptions()
            options.to = format
            options.layout.width = 17
            options.layout.maxLines = 3
            options.style.color = true
            options.style.hyperlinks = hyperlinks
            options.style.standalone = format == .html
            let input = Self.input(count: 600, seed: 23)
            let one = try Self.run(input, options: options, jobs: 1, chunkSize: 1 << 20)
            #expect(one.stats.rendered > 300)
            for jobs in [2, 4] {
                let many = try Self.run(input, options: options, jobs: jobs, chunkSize: 1 << 20)
                #expect(many == one, "--jobs \(jobs), hyperlinks \(hyperlinks)")
            }
        }
    }

    /// JSON Lines go to the workers undecoded, each numbered as one message (failures and
    /// entities that need repair, whose diagnostics carry that number, included). A line
    /// that holds something else, an update without a message or two messages, turning up
    /// only after batches of them (the first of a batch, its last, in the middle of the
    /// batch being written or of the one started beside it) is decoded again with every
    /// line numbered before that was known: hyperlink ids, diagnostics and counts are
    /// what one thread makes, read whole or from a pipe.
    @Test(arguments: [OutputFormat.ansi, .json])
    func aLateLineOfAnotherKindIsNumberedAsOneThreadNumbersIt(to format: OutputFormat) throws {
        let options = Self.options(format, width: 30)
        let batch = RenderBatches.defaultBatchSize
        for (position, late) in [(batch, 8), (2 * batch - 1, 9), (3 * batch + 100, 8), (4 * batch + 7, 9)] {
            var text = ""
            for k in 0..<(5 * batch) {
                let kind = k == position ? late : k % 97 == 5 ? 7 : k % 7 == 3 ? 3 : k % 3 == 0 ? 2 : 0
                text += Self.lines[kind].replacingOccurrences(of: "%d", with: "\(k)") + "\n"
            }
            let input = Array(text.utf8)
            let one = try Self.run(input, options: options, jobs: 1, chunkSize: 1 << 20)
            #expect(one.stats.failed > 0 && !one.diagnostics.isEmpty)
            for (jobs, chunkSize) in [(2, 1 << 20), (3, 1 << 20), (2, 5000)] {
                let many = try Self.run(input, options: options, jobs: jobs, chunkSize: chunkSize)
                #expect(many == one, "line \(position): --jobs \(jobs), \(chunkSize)-byte reads")
            }
        }
    }

    /// `--strict` fails a message with a warning in its place, as on one thread.
    @Test func strictFailsTheSameMessages() throws {
        var options = RenderOptions()
        options.to = .text
        options.strict = true
        let input = Self.input(count: 300, seed: 7)
        let one = try Self.run(input, options: options, jobs: 1, chunkSize: 1 << 20)
        let many = try Self.run(input, options: options, jobs: 3, chunkSize: 1 << 20)
        #expect(many == one)
        #expect(one.stats.failed > 0)
    }

    /// A filter leaves out the same messages.
    @Test func filterLeavesOutTheSameMessages() throws {
        var options = RenderOptions()
        options.to = .text
        options.filter = try MessageFilter(parsing: "has:link | has:photo", clock: ExportClock(timeZone: "UTC")!)
        let input = Self.input(count: 300, seed: 3)
        let one = try Self.run(input, options: options, jobs: 1, chunkSize: 1 << 20)
        let many = try Self.run(input, options: options, jobs: 2, chunkSize: 1 << 20)
        #expect(many == one)
        #expect(one.stats.filtered > 0)
    }

    /// Read a few bytes at a time, each message is written before the next read: what has
    /// arrived from a pipe is not held back waiting for a full batch.
    @Test func aPipeIsWrittenBeforeEachRead() throws {
        var options = RenderOptions()
        options.to = .text
        options.jobs = 2
        let renderer = Renderer(options: options)
        var emitter = renderer.makeEmitter()
        let sink = OutputSink.memory()
        let lines = (1...5).map { #"{"message_id":\#($0),"text":"message \#($0)"}"# + "\n" }
        let reader = InputReader(name: "t", bytes: Array(lines.joined().utf8), chunkSize: lines[0].utf8.count)
        var written: [String] = []
        reader.willRead = {
            written.append(String(decoding: sink.takeBytes(), as: UTF8.self))
            return true
        }
        var stats = Renderer.Stats()
        try renderer.render(reader, emitter: &emitter, into: sink, stats: &stats) { _ in }
        let rest = String(decoding: sink.takeBytes(), as: UTF8.self)
        #expect(stats.rendered == 5)
        #expect(written.filter { !$0.isEmpty } == (1...5).map { ($0 == 1 ? "" : "\n") + "message \($0)\n" })
        #expect(rest.isEmpty)
    }

    /// A message long enough to be laid out in stretches (`LayoutPieces`) among ordinary
    /// ones is written by the writing thread a stretch at a time: the bytes are those of
    /// the whole layout on one thread, whatever the number of threads, with the blank
    /// lines between messages where they were.
    @Test(arguments: [OutputFormat.ansi, .text, .json])
    func aLongMessageAmongOthersComesOutAsLaidOutWhole(to format: OutputFormat) throws {
        var random = SeededGenerator(seed: 23)
        var long = ""
        let words = ["alpha", "שלום", "中文文本", "👩‍👩‍👧", "wrap", "\\t", "беta"]
        while long.utf16.count < 150_000 {
            long += words[random.below(words.count)] + (random.below(4) == 0 ? "\\n" : " ")
        }
        var text = ""
        for k in 0..<60 {
            let line = Self.lines[random.below(Self.lines.count)].replacingOccurrences(of: "%d", with: "\(k)")
            text += line + "\n"
            if k % 20 == 7 {
                text += #"{"message_id":\#(k),"text":"\#(long)","entities":[{"type":"bold","offset":5,"length":70000}]}"# + "\n"
            }
        }
        let input = Array(text.utf8)
        var whole = Self.options(format, width: 31)
        whole.laysOutInPieces = false
        var pieces = whole
        pieces.laysOutInPieces = true
        let one = try Self.run(input, options: whole, jobs: 1, chunkSize: 1 << 20)
        #expect(one.stats.rendered > 40)
        #expect(one.output.count > 3 * 150_000)
        for jobs in [1, 2, 3] {
            let run = try Self.run(input, options: pieces, jobs: jobs, chunkSize: 4_096)
            // Where the bytes first differ, not the whole megabyte, when they do.
            let common = min(run.output.count, one.output.count)
            let first = (0..<common).first { run.output[$0] != one.output[$0] } ?? (run.output.count == one.output.count ? nil : common)
            #expect(first == nil, "\(jobs) jobs: the output differs from byte \(first ?? 0) of \(one.output.count)")
            #expect(run.diagnostics == one.diagnostics)
            #expect(run.stats == one.stats)
        }
    }

    /// The batches ask an emitter `asParallel` instead of casting it: every format's
    /// emitter answers as the cast would (all of them are parallel), and one that is only
    /// a `MessageEmitter` answers nil.
    @Test(arguments: OutputFormat.allCases)
    func everyEmitterSaysWhetherItIsParallel(_ format: OutputFormat) {
        var options = RenderOptions()
        options.to = format
        let emitter = Renderer(options: options).makeEmitter()
        #expect(emitter is any ParallelEmitter)
        #expect(emitter.asParallel != nil)
        let serialOnly: any MessageEmitter = SerialOnlyEmitter()
        #expect(serialOnly.asParallel == nil)
    }

    /// An emitter that writes nothing and is not parallel.
    struct SerialOnlyEmitter: MessageEmitter {
        mutating func emit(_ message: RenderedMessage, into sink: OutputSink) {}
    }
}
