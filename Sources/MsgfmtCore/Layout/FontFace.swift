internal import CHarfBuzz

/// One font file opened for shaping at the library's size. Immutable, so any thread
/// may shape with it.
final class FontFace: @unchecked Sendable {
    /// The file and the face within it.
    let path: String
    let index: Int32
    /// Ascender and descender (both positive) in layout units (1/64 px).
    let ascent: Int
    let descent: Int
    /// True for a color (emoji) font.
    let isColor: Bool
    /// The family its name table gives ("Noto Sans"); empty when it gives none.
    let family: String
    fileprivate let handle: OpaquePointer

    /// Opens `path` at `size` pixels, or nil when it is not a readable font.
    init?(path: String, index: Int32, size: Double, isColor: Bool) {
        guard let handle = msgfmt_hb_font_open(path, index, size) else { return nil }
        self.handle = handle
        self.path = path
        self.index = index
        self.isColor = isColor
        var ascender: Int32 = 0
        var descender: Int32 = 0
        msgfmt_hb_font_extents(handle, &ascender, &descender)
        ascent = Int(ascender)
        descent = Int(descender)
        family = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
            let n = Int(msgfmt_hb_font_family(handle, buffer.baseAddress, Int32(buffer.count)))
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: max(0, n)), as: UTF8.self)
        }
    }

    deinit { msgfmt_hb_font_close(handle) }

    /// True when the font has a glyph of its own for `scalar`.
    func has(_ scalar: UInt32) -> Bool { msgfmt_hb_font_has(handle, scalar) != 0 }

    /// Shapes `units[range]` with the whole of `units` as context: glyphs in visual order
    /// with their clusters (offsets into `units`), advances and offsets in layout units.
    func shape(_ units: [UInt16], _ range: Range<Int>, direction: Int32) -> ShapedGlyphs {
        var capacity = range.count + 8
        while true {
            var out = ShapedGlyphs(capacity: capacity)
            let n = units.withUnsafeBufferPointer { u in
                msgfmt_hb_shape(
                    handle, u.baseAddress, Int32(u.count), Int32(range.lowerBound), Int32(range.count), direction,
                    &out.glyphs, &out.clusters, &out.advances, &out.xOffsets, &out.yOffsets, Int32(capacity))
            }
            if n < 0 { return ShapedGlyphs(capacity: 0) }
            if Int(n) <= capacity {
                out.truncate(Int(n))
                return out
            }
            capacity = Int(n)
        }
    }
}
