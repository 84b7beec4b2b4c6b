import MsgfmtCore
import OutputSafety

extension FuzzTarget {
    /// The whole render pipeline into the terminal and HTML emitters. The
    /// first byte chooses the input format and emitter options, the second the width; the
    /// rest is the input. Checks that terminal output holds no escape sequence but msgfmt's
    /// own SGR and OSC 8 ones, and HTML output no script, event handler or unsafe link.
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
        return problems.map { "\(options.to) output: \($0)" }
    }
}
