/// Takes a message's lines one at a time, in order, as `LayoutEngine` plans them.
///
/// A sink that keeps the lines builds each one (`LineCollector`); an emitter that writes a
/// line as soon as it is planned may write a plain one straight from the cluster table
/// (`LineBuilder.plainLine`) and build only the others, so most lines never become
/// fragments.
protocol LineSink {
    /// Takes row `y`, planned as `plan`, which `builder` builds.
    mutating func take(_ plan: LinePlan, builder: LineBuilder, y: Int)
    /// Takes a line already built (a pre block's title).
    mutating func take(_ line: LayoutLine)
}

/// The sink that keeps every line, built: the lines of a `TextLayout`.
struct LineCollector: LineSink {
    /// The lines so far.
    var lines: [LayoutLine] = []

    mutating func take(_ plan: LinePlan, builder: LineBuilder, y: Int) {
        lines.append(builder.build(plan, y: y))
    }

    mutating func take(_ line: LayoutLine) {
        lines.append(line)
    }
}
