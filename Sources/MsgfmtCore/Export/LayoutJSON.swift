/// The layout-box members of a message (CLI.md §JSON layout boxes), written into an
/// enclosing object: `"text"`, `"width"`, `"height"`, `"truncated"`, `"lines"`,
/// `"diagnostics"`.
enum LayoutJSON {
    static func write(_ rendered: RenderedMessage, into w: inout JSONWriter) {
        let layout = rendered.layout
        w.key("text"); w.string(rendered.styled.text.string)
        w.comma(); w.key("width"); w.number(layout?.width ?? 0)
        w.comma(); w.key("height"); w.number(layout?.height ?? 0)
        w.comma(); w.key("truncated"); w.bool(layout?.truncated ?? false)
        w.comma(); w.key("lines"); w.raw("[")
        for (i, line) in (layout?.lines ?? []).enumerated() {
            if i > 0 { w.comma() }
            w.raw("{"); w.key("y"); w.number(line.y)
            w.comma(); w.key("x"); w.number(line.x)
            w.comma(); w.key("width"); w.number(line.width)
            w.comma(); w.key("start"); w.number(line.start)
            w.comma(); w.key("end"); w.number(line.end)
            w.comma(); w.key("block"); w.string(line.block)
            w.comma(); w.key("rtl"); w.bool(line.rtl)
            w.comma(); w.key("fragments"); w.raw("[")
            for (j, f) in line.fragments.enumerated() {
                if j > 0 { w.comma() }
                w.raw("{"); w.key("x"); w.number(f.x)
                w.comma(); w.key("width"); w.number(f.width)
                w.comma(); w.key("start"); w.number(f.start)
                w.comma(); w.key("end"); w.number(f.end)
                w.comma(); w.key("text"); w.string(f.text)
                w.comma(); w.key("styles"); w.raw("[")
                for (k, name) in f.style.attributes.names.enumerated() {
                    if k > 0 { w.comma() }
                    w.string(name)
                }
                w.raw("]")
                w.comma(); w.key("link"); if let link = f.style.link { w.string(link) } else { w.null() }
                if f.role != .text { w.comma(); w.key("role"); w.string(f.role.rawValue) }
                w.raw("}")
            }
            w.raw("]}")
        }
        w.raw("]")
        w.comma(); w.key("diagnostics"); w.raw("[")
        for (i, d) in rendered.diagnostics.enumerated() {
            if i > 0 { w.comma() }
            w.raw("{"); w.key("severity"); w.string(d.severity.rawValue)
            w.comma(); w.key("message"); w.string(d.message)
            if let e = d.location.entityIndex { w.comma(); w.key("entity"); w.number(e) }
            w.raw("}")
        }
        w.raw("]")
    }
}
