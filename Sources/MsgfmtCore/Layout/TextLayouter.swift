/// Lays out styled text into lines of positioned fragments. Pure: no I/O, no environment.
///
/// The stages, in order (after textwrap):
/// 1. break opportunities — UAX #14 through `LineBreaker`, per grapheme cluster;
/// 2. measure — grapheme clusters (`GraphemeSegmenter`) measured by a `TextMeasurer`
///    (terminal cells by default; unsafe controls as their 1-cell placeholder);
/// 3. split words wider than a line per `--overflow` (fold at grapheme boundaries, crop,
///    cut with the ellipsis, or leave visible);
/// 4. choose breaks from widths alone (`BreakChooser`, greedy or balanced);
/// 5. build lines — tabs expanded, style and bidi runs split into fragments, fragments
///    reordered for display, lines aligned, quote bars added (narrowed, then left out,
///    where a grapheme leaves them no room); `--max-lines` and collapsed quotes truncate
///    the last allowed line, which `--truncate start|middle` join with the end of the
///    message; the ellipsis is drawn next to the text it cuts, in that text's direction.
///
/// Blocks: paragraphs wrap; pre blocks keep their lines and fold (a language becomes a
/// title line); quoted blocks get a `▎` bar; an expandable quote shows 3 lines unless
/// `expandQuotes`. Greedy layout is O(n) in the text length.
///
/// ```swift
/// var constraints = LayoutConstraints()
/// constraints.width = 10
/// let layout = TextLayouter.layout(StyledText(plain: "Hello there, world"), constraints)
/// layout.lines.map { $0.fragments.map(\.display).joined() }  // ["Hello", "there,", "world"]
/// ```
///
/// Limitations: cell widths are what most terminals draw, not what every terminal draws
/// (see `--width-model`); a line's tab stops count from the start of its text, after any
/// quote bar. Right-to-left text is reversed for display with its brackets and other
/// mirrored characters drawn as their mirrors (rule L4 of UAX #9, `BidiMirroring`); a
/// mirrored character without a mirror glyph (such as ∑) is drawn as it is.
public enum TextLayouter {
    /// The layout of `styled` under `constraints`, measured in terminal cells under
    /// `constraints.widthModel`. Constraints out of range are clamped (see
    /// `LayoutConstraints.clamped`), so this never fails.
    public static func layout(_ styled: StyledText, _ constraints: LayoutConstraints) -> TextLayout {
        layout(PreparedText(styled, measurer: CellMeasurer(model: constraints.widthModel)), constraints)
    }

    /// The layout of `styled` under `constraints`, measured by `measurer` (which takes
    /// the place of `constraints.widthModel`).
    public static func layout(_ styled: StyledText, _ constraints: LayoutConstraints, measurer: some TextMeasurer) -> TextLayout {
        layout(PreparedText(styled, measurer: measurer), constraints)
    }

    /// The layout of `styled` under `constraints`, measured with `fonts` (`FontMeasurer`)
    /// when there are any, else in terminal cells: for the callers that lay out either way.
    @inline(__always)
    static func layout(_ styled: StyledText, _ constraints: LayoutConstraints, fonts: FontLibrary?) -> TextLayout {
        guard let fonts else { return layout(styled, constraints) }
        return layout(styled, constraints, measurer: FontMeasurer(styled, library: fonts))
    }

    /// The layout of an already measured message under `constraints`; its measurer takes
    /// the place of `constraints.widthModel`. Skips segmentation and measuring. The
    /// prepared text is consumed: the engine takes it over instead of copying it.
    public static func layout(_ prepared: consuming PreparedText, _ constraints: LayoutConstraints) -> TextLayout {
        LayoutEngine(prepared: prepared, constraints: constraints.clamped).run()
    }

    /// Lays `styled` out in terminal cells under `constraints` into `sink`, line by line
    /// (the lines `layout(_:_:)` makes); true when text is hidden (`TextLayout.truncated`).
    @discardableResult
    static func layout<Sink: LineSink>(_ styled: StyledText, _ constraints: LayoutConstraints, into sink: inout Sink) -> Bool {
        // Made in the call, so the engine takes the prepared text over rather than a copy.
        LayoutEngine(
            prepared: PreparedText(styled, measurer: CellMeasurer(model: constraints.widthModel)), constraints: constraints.clamped
        )
        .run(into: &sink)
    }
}
