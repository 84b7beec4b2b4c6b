import MsgfmtCore
import OutputSafety

extension FuzzTarget {
    /// The whole render pipeline into the terminal and HTML emitters. The
    /// first byte chooses the input format and emitter options, the second the width; the
    /// rest is the input. Checks that terminal output holds no escape sequence but msgfmt's
    /// own SGR and OSC 8 ones, and HTML output no script, event handler or unsafe link;
    /// then, for one more format chosen by the same two bytes, `checkPrepared`, and for the
    /// ANSI or the text emitter (the width's parity), `checkDeferred`.
    static func checkEmit(_ bytes: [UInt8]) -> [String] {
        var choices = FuzzBytes(bytes)
        let mode = choices.byte()
        let width = Int(choices.byte())
        var options = RenderOptions()
        options.from = [.markdownV2, .html, .markdown, .botAPI][Int(mode & 3)]
        options.to = mode & 4 == 0 ? .ansi : .html
        options.detect = mode & 8 != 0
        options.style.color = true
        options.style.hyperlinks = true
        options.style.spoilers = mode & 16 == 0 ? .hide : .reveal
        options.style.standalone = mode & 32 != 0
        options.layout.width = width
        options.layout.maxLines = Int(mode >> 6)
        let renderer = Renderer(options: options)
        let input = InputFile(name: "fuzz", bytes: Array(choices.rest))
        let output = CapturedOutput.capture { sink in
            var emitter = renderer.makeEmitter()
            emitter.begin(into: sink)
            _ = renderer.render(input, emitter: &emitter, into: sink, report: { _ in })
            emitter.end(into: sink)
        }
        let problems =
            options.to == .ansi
            ? TerminalOutputScan.violations(output)
            : HTMLOutputScan.violations(output, allowedScripts: options.style.standalone ? 1 : 0)
        let formats = OutputFormat.allCases.filter { $0 != .svg && $0 != .png }
        let format = formats[(Int(mode) + width) % formats.count]
        return problems.map { "\(options.to) output: \($0)" } + checkPrepared(input, options: options, format: format)
            + checkDeferred(input, options: options, format: width & 1 == 0 ? .ansi : .text)
    }

    /// Each message written by the ANSI or text emitter (`format`) as `render` lays it out —
    /// line by line as layout plans it, plain lines straight from the cluster table
    /// (`RenderOptions.laysOutInPieces`), styled only as far as the emitter shows
    /// (`MessageEmitter.styleScope`: plain text's spoilers, pre blocks and quotes) —
    /// against the same message fully styled, laid out whole first and then written: the
    /// bytes must be the same (a line split into fewer fragments gets the separators
    /// between clusters that would fuse where the fully styled line's fragments meet:
    /// `LineBuilder.keepApart`). The width's next bits choose the alignment.
    static func checkDeferred(_ input: InputFile, options: RenderOptions, format: OutputFormat) -> [String] {
        var whole = options
        whole.to = format
        whole.layout.align = LineAlignment.allCases[(options.layout.width >> 1) % LineAlignment.allCases.count]
        whole.laysOutInPieces = false
        var asWritten = whole
        asWritten.laysOutInPieces = true
        let reference = Renderer(options: whole)
        let renderer = Renderer(options: asWritten)
        var problems: [String] = []
        var index = 0
        MessageDecoder.decode(input, options: DecodeOptions(format: options.from, filter: nil)) { item in
            guard case .message(let message, let diagnostics) = item else { return }
            var first = reference.makeEmitter()
            var second = renderer.makeEmitter()
            let laidOut = reference.process(message, index: index, diagnostics: diagnostics)
            let deferred = renderer.process(message, index: index, diagnostics: diagnostics, scope: second.styleScope)
            index += 1
            let expected = CapturedOutput.capture { first.emit(laidOut, into: $0) }
            let written = CapturedOutput.capture { second.emit(deferred, into: $0) }
            if written != expected {
                problems.append(
                    "\(format) output: message \(index) written as layout plans it, styled as far as shown, differs from its whole layout")
            }
        }
        return problems
    }

    /// Each message written as `--jobs` writes it — bytes a worker thread prepared
    /// (`ParallelEmitter.prepare`), then written in order by the reading thread's emitter
    /// (`emit(prepared:)`, which adds what depends on the place in the output) — against
    /// what one thread's `emit` writes, in `format`; every line of `--to json` and
    /// `--to bot-api` output must also parse as JSON, and every message written as
    /// MarkdownV2 and as Telegram HTML must parse back.
    static func checkPrepared(_ input: InputFile, options: RenderOptions, format: OutputFormat) -> [String] {
        var options = options
        options.to = format
        options.style.hyperlinks = false  // ANSI hyperlink numbers depend on earlier messages: no worker copy
        let renderer = Renderer(options: options)
        guard var serial = renderer.makeEmitter() as? any ParallelEmitter, var worker = serial.makeWorkerCopy(),
            var ordered = renderer.makeEmitter() as? any ParallelEmitter
        else {
            return ["\(format) output: no emitter for worker threads"]
        }
        var problems: [String] = []
        var index = 0
        MessageDecoder.decode(input, options: DecodeOptions(format: options.from, filter: nil)) { item in
            guard case .message(let message, let diagnostics) = item else { return }
            let rendered = renderer.process(message, index: index, diagnostics: diagnostics)
            index += 1
            let emitted = CapturedOutput.capture { serial.emit(rendered, into: $0) }
            var bytes: [UInt8] = []
            worker.prepare(rendered, into: &bytes)
            let prepared = CapturedOutput.capture { sink in
                bytes.withUnsafeBufferPointer { ordered.emit(prepared: $0, into: sink) }
            }
            if emitted != prepared {
                problems.append("\(format) output: message \(index) prepared on a worker differs from the emitted bytes")
            }
            // Every message's MarkdownV2 (written by the encoder's byte scans) parses back.
            if (try? MarkdownV2Parser.parse(Array(MarkdownV2Encoder.encode(rendered.message).utf8))) == nil {
                problems.append("markdown-v2 output: message \(index) does not parse back")
            }
            // And its Telegram HTML (written as bytes from the text's units).
            if (try? TelegramHTMLParser.parse(Array(TelegramHTMLEncoder.encode(rendered.message).utf8))) == nil {
                problems.append("telegram-html output: message \(index) does not parse back")
            }
            guard format == .json || format == .botAPI else { return }
            for line in emitted.split(separator: 0x0A) where (try? JSONParser.parse(line)) == nil {
                problems.append("\(format) output: message \(index) wrote a line that is not JSON")
            }
        }
        return problems
    }
}
