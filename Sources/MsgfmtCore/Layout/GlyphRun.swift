/// Glyphs of one face placed along a line, for drawing: positions in layout units (1/64
/// px) from the start of the shaped text, y down from the baseline.
struct GlyphRun: Sendable {
    /// The face, as `FontLibrary.face(_:)` numbers it.
    let face: Int
    let glyphs: [UInt32]
    let xs: [Int32]
    let ys: [Int32]
}
