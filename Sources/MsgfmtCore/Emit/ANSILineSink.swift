/// Writes a message's lines for `ANSIEmitter` as layout plans them: a plain line
/// (`LineBuilder.plainLine`) straight from the message's units, run by run, any other
/// built and written as `ANSIEmitter.write` writes a built line. The bytes are the same
/// either way; a plain line just never becomes fragments. A plain line's text is not
/// checked for unsafe scalars: its table has none (they are clusters of their own, of kind
/// `unsafe`), and its runs hold no line separator (segments end before them).
struct ANSILineSink: LineSink {
    /// The emitter whose styles, palette and spoiler mode the lines are written in.
    let emitter: ANSIEmitter
    /// The message's link spans, when hyperlinks are written.
    let links: ANSIHyperlink?
    /// The bytes written so far.
    var out: [UInt8] = []

    mutating func take(_ plan: LinePlan, builder: LineBuilder, y: Int) {
        guard let plain = builder.plainLine(plan) else {
            emitter.write(builder.build(plan, y: y), links: links, into: &out)
            return
        }
        emitter.appendBlanks(plain.x, into: &out)
        var pen = ANSIEmitter.Pen()
        var x = plain.x
        if plain.barCells > 0 {
            emitter.draw(
                x: 0, width: plain.barCells, start: plain.barStart, role: .quoteBar, attributes: [], linked: false, links: links,
                placeholder: false, safe: true, pen: &pen, into: &out, appendDisplay: { plain.appendBar(to: &$0) },
                display: { LineBuilder.barDisplay(spaces: plain.barSpaces) })
            x = plain.barCells
        }
        let table = builder.table
        let emitter = self.emitter
        let links = self.links
        table.text.units.withUnsafeBufferPointer { units in
            builder.forEachRun(plan, of: plain) { clusters, width, rtl, apart in
                let start = table.start(clusters.lowerBound)
                let style = table.style(clusters.lowerBound)
                let slice = UnsafeBufferPointer(rebasing: units[start..<table.ends[clusters.upperBound &- 1]])
                // A right-to-left run reversed, shaped and mirrored as a built line's fragment
                // draws it; any other as it is.
                emitter.draw(
                    x: x, width: width, start: start, role: .text, attributes: style.attributes, linked: style.link != nil,
                    links: links, placeholder: false, safe: true, pen: &pen, into: &out,
                    appendDisplay: {
                        if apart { LineBuilder.appendClusterSeparator(to: &$0) }
                        if rtl { builder.appendDisplay(clusters, rtl: true, to: &$0) } else { UTF16Text.appendUTF8(slice, to: &$0) }
                    },
                    display: {
                        var ascii = true
                        let drawn = rtl ? builder.display(clusters, rtl: true, extras: [:]) : UTF16Text.makeString(slice, ascii: &ascii)
                        return apart ? String(decoding: CollectionOfOne(LineBuilder.clusterSeparator), as: UTF16.self) + drawn : drawn
                    })
                x &+= width
            }
        }
        emitter.finish(&pen, into: &out)
    }

    mutating func take(_ line: LayoutLine) {
        emitter.write(line, links: links, into: &out)
    }
}
