import Foundation
@testable import MsgfmtCore

/// Runs an emitter into a temporary file and returns what it wrote.
enum EmitCapture {
    static func output(_ emitter: inout some MessageEmitter, _ messages: [RenderedMessage]) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-emit-\(UUID().uuidString)").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { unlink(path) }
        do {
            let sink = OutputSink(fd: fd)
            emitter.begin(into: sink)
            for m in messages { emitter.emit(m, into: sink) }
            emitter.end(into: sink)
            sink.flush()
        }
        close(fd)
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    static func ansi(_ messages: [RenderedMessage], _ options: StyleOptions) -> String {
        var e = ANSIEmitter(options: options)
        return output(&e, messages)
    }

    static func html(_ messages: [RenderedMessage], _ options: StyleOptions, layout: LayoutConstraints = LayoutConstraints()) -> String {
        var e = HTMLEmitter(options: options, layout: layout)
        return output(&e, messages)
    }
}

extension Style {
    /// A style with just `attributes` (and a link).
    static func with(_ attributes: StyleAttributes, link: String? = nil) -> Style {
        Style(attributes: attributes, link: link)
    }
}

extension StyleOptions {
    /// Colors, attributes and hyperlinks on.
    static var full: StyleOptions {
        var o = StyleOptions()
        o.color = true
        o.attributes = true
        o.hyperlinks = true
        return o
    }
}
