/// Measures grapheme clusters for layout.
///
/// Layout asks a measurer for the width of every grapheme cluster once and then works on
/// the numbers only, so a measurer for another medium (font metrics, say) can replace the
/// terminal-cell measurer without touching the algorithm. A cluster that is one unsafe
/// control character (see `DisplaySafety`) must be measured as its placeholder, because
/// that is what emitters draw.
public protocol TextMeasurer {
    /// The width of the grapheme cluster at `range` of `text`.
    func width(of range: Range<Int>, in text: UTF16Text) -> Int
}

extension TextMeasurer {
    /// The width of a whole string (its unsafe characters shown as placeholders).
    public func width(of string: String) -> Int {
        MeasuredString(string, measurer: self).width
    }
}
