/// A short string shown by layout but not part of the message (the ellipsis, a pre
/// block's language title), sanitized and measured cluster by cluster.
struct MeasuredString {
    /// The sanitized text.
    let text: UTF16Text
    /// End offset and width of each grapheme cluster.
    let ends: [Int]
    let widths: [Int]
    /// The total width.
    let width: Int

    /// Sanitizes `string` (unsafe controls become placeholders) and measures it.
    init(_ string: String, measurer: some TextMeasurer) {
        let text = UTF16Text(DisplaySafety.sanitize(string))
        self.text = text
        // One scalar (the usual "…") is one cluster: skip the segmenter.
        let ends = text.string.unicodeScalars.count == 1 ? [text.count] : GraphemeSegmenter.boundaries(in: text)
        var widths: [Int] = []
        widths.reserveCapacity(ends.count)
        var start = 0
        var total = 0
        for end in ends {
            let w = max(0, min(measurer.width(of: start..<end, in: text), 1 << 20))
            widths.append(w)
            total += w
            start = end
        }
        self.ends = ends
        self.widths = widths
        self.width = total
    }

    /// The longest prefix of whole clusters at most `limit` wide, with its width.
    func prefix(fitting limit: Int) -> (display: String, width: Int) {
        if width <= limit { return (text.string, width) }
        var used = 0
        var end = 0
        for (i, w) in widths.enumerated() {
            if used + w > limit { break }
            used += w
            end = ends[i]
        }
        return (text.substring(0..<end), used)
    }
}
