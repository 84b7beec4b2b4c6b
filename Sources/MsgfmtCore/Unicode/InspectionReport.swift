/// What the Unicode layer sees in a text: grapheme clusters with cell widths, line-break
/// opportunities and bidi level runs. The payload of `msgfmt inspect`.
public struct InspectionReport: Sendable, Hashable {
    /// One grapheme cluster.
    public struct Grapheme: Sendable, Hashable {
        public var start: Int
        public var end: Int
        public var width: Int
    }

    /// The text inspected.
    public var text: String
    /// Grapheme clusters with their widths under the chosen model.
    public var graphemes: [Grapheme]
    /// Every UAX #14 opportunity after offset 0, the end of text included.
    public var breaks: [LineBreak]
    /// Bidi level runs of the text.
    public var bidi: [BidiRun]

    /// Inspects `string` under `model`.
    public init(_ string: String, model: WidthModel) {
        let text = UTF16Text(string)
        self.text = string
        self.graphemes = GraphemeSegmenter.clusters(in: text).map {
            Grapheme(start: $0.lowerBound, end: $0.upperBound, width: CellWidth.ofCluster(text, $0, model: model))
        }
        self.breaks = LineBreaker.breaks(in: text)
        self.bidi = BidiParagraph(text.units[...]).runs
    }

    /// The report as one line of JSON (CLI.md §inspect output), with `id` first when given.
    public func json(id: Int64? = nil) -> String {
        var w = JSONWriter()
        w.raw("{")
        if let id {
            w.key("id")
            w.number(id)
            w.comma()
        }
        w.key("text")
        w.string(text)
        w.comma()
        w.key("graphemes")
        w.raw("[")
        for (i, g) in graphemes.enumerated() {
            if i > 0 { w.comma() }
            w.raw("{\"start\":"); w.number(g.start)
            w.raw(",\"end\":"); w.number(g.end)
            w.raw(",\"width\":"); w.number(g.width)
            w.raw("}")
        }
        w.raw("],\"breaks\":[")
        for (i, b) in breaks.enumerated() {
            if i > 0 { w.comma() }
            w.raw("{\"offset\":"); w.number(b.offset)
            w.raw(",\"mandatory\":"); w.bool(b.mandatory)
            w.raw("}")
        }
        w.raw("],\"bidi\":[")
        for (i, r) in bidi.enumerated() {
            if i > 0 { w.comma() }
            w.raw("{\"start\":"); w.number(r.start)
            w.raw(",\"end\":"); w.number(r.end)
            w.raw(",\"level\":"); w.number(r.level)
            w.raw("}")
        }
        w.raw("]}")
        return w.string
    }
}
