import Foundation

@testable import MsgfmtCore

/// Runs an emitter into a memory sink and returns what it wrote.
enum EmitCapture {
    /// The bytes `emitter` writes for `messages`, begin to end.
    static func bytes(_ emitter: inout some MessageEmitter, _ messages: [RenderedMessage]) -> [UInt8] {
        let sink = OutputSink.memory()
        emitter.begin(into: sink)
        for m in messages { emitter.emit(m, into: sink) }
        emitter.end(into: sink)
        return sink.takeBytes()
    }

    /// What `emitter` writes for `messages`, begin to end; empty when that is not UTF-8.
    static func output(_ emitter: inout some MessageEmitter, _ messages: [RenderedMessage]) -> String {
        String(bytes: bytes(&emitter, messages), encoding: .utf8) ?? ""
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
