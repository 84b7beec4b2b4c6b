/// Writes a message's lines for `PlainTextEmitter` as layout plans them: a plain line
/// (`LineBuilder.plainLine`) straight from the message's units, run by run, any other
/// built and written as `PlainTextEmitter.append` writes a built line. The bytes are the
/// same either way; a plain line just never becomes fragments.
struct PlainTextLineSink: LineSink {
    /// Whether spoilers are masked.
    let spoilers: SpoilerMode
    /// The bytes written so far.
    var out: [UInt8] = []

    mutating func take(_ plan: LinePlan, builder: LineBuilder, y: Int) {
        guard let plain = builder.plainLine(plan) else {
            take(builder.build(plan, y: y))
            return
        }
        if plain.x > 0 { out.append(contentsOf: repeatElement(0x20, count: plain.x)) }
        plain.appendBar(to: &out)
        let table = builder.table
        let hide = spoilers == .hide
        table.text.units.withUnsafeBufferPointer { units in
            builder.forEachRun(plan, of: plain) { clusters, width, rtl, apart in
                if hide, table.style(clusters.lowerBound).attributes.contains(.spoiler) {
                    SpoilerMask.appendCells(width, to: &out)
                } else if apart {
                    LineBuilder.appendClusterSeparator(to: &out)
                    builder.appendDisplay(clusters, rtl: rtl, to: &out)
                } else if rtl {
                    // Reversed, shaped and mirrored as a built line's fragment draws it.
                    builder.appendDisplay(clusters, rtl: true, to: &out)
                } else {
                    let start = table.start(clusters.lowerBound)
                    UTF16Text.appendUTF8(UnsafeBufferPointer(rebasing: units[start..<table.ends[clusters.upperBound &- 1]]), to: &out)
                }
            }
        }
        out.append(0x0A)
    }

    mutating func take(_ line: LayoutLine) {
        PlainTextEmitter.append(line, spoilers: spoilers, into: &out)
        out.append(0x0A)
    }
}
