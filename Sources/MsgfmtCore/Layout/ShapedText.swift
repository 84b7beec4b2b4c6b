/// One string shaped with the library's fonts: what measuring and drawing need of it.
struct ShapedText: Sendable {
    /// Advance of each UTF-16 unit of the string in logical order, in layout units: a
    /// glyph's advance counts at the first unit of its cluster, so the units of one
    /// cluster sum to its width.
    let advances: [Int32]
    /// The glyphs, run by run in visual order.
    let runs: [GlyphRun]
    /// The sum of `advances`.
    let width: Int

    /// About the bytes this takes in a cache: its arrays with their headers, and a
    /// dictionary slot.
    var cacheBytes: Int {
        var bytes = 64 + 32 + 4 * advances.count
        for run in runs { bytes += 3 * 32 + 4 * (run.glyphs.count + run.xs.count + run.ys.count) }
        return bytes
    }
}
