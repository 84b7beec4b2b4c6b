import CCairo
import Foundation
import TestSupport
import Testing

/// The PNG writer of CCairo: libdeflate (the one msgfmt uses when installed) and zlib (the
/// fallback) write files that decode to the same pixels, straight (not premultiplied)
/// colors equal to what was painted, for a small canvas and for one whose rows are larger
/// than a thread keeps between pictures.
@Suite struct PNGWriterTests {
    /// The PNG of a `width` × `height` canvas with a half-transparent and an opaque
    /// rectangle, compressed by `compressor`.
    static func png(width: Double, height: Double, compressor: Int32) throws -> Data {
        #expect(msgfmt_cairo_load() == nil)
        let canvas = try #require(msgfmt_cairo_canvas_create(width, height, 1))
        defer { msgfmt_cairo_canvas_destroy(canvas) }
        msgfmt_cairo_rectangle(canvas, 2, 2, width / 2, height / 2)
        msgfmt_cairo_fill(canvas, 0x3366_9980)
        msgfmt_cairo_rectangle(canvas, width / 2, height / 2, width / 3, height / 3)
        msgfmt_cairo_fill(canvas, 0xCC22_11FF)
        var bytes: UnsafeMutablePointer<UInt8>? = nil
        let count = msgfmt_cairo_png(canvas, compressor, &bytes)
        let written = try #require(bytes)
        defer { msgfmt_cairo_free(written) }
        return Data(bytes: written, count: Int(count))
    }

    @Test(arguments: [(40.0, 30.0), (1200.0, 1000.0)])
    func bothCompressorsWriteThePaintedPixels(_ width: Double, _ height: Double) throws {
        let fastest = try Self.png(width: width, height: height, compressor: Int32(MSGFMT_CAIRO_PNG_FASTEST))
        let zlib = try Self.png(width: width, height: height, compressor: Int32(MSGFMT_CAIRO_PNG_ZLIB))
        #expect(fastest.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        if dlopen("libdeflate.so.0", RTLD_LAZY) != nil {
            #expect(fastest != zlib, "libdeflate, installed here, compresses other bytes than zlib")
        }
        let a = try #require(RGBAImage(png: fastest))
        let b = try #require(RGBAImage(png: zlib))
        #expect(a == b)
        #expect(a.width == Int(width) && a.height == Int(height))
        if height > 500 { #expect(a.width * a.height * 4 > 4 << 20, "larger than the rows a thread keeps") }
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(a.pixels[(y * a.width + x) * 4..<(y * a.width + x) * 4 + 4]) }
        #expect(pixel(0, 0) == [0, 0, 0, 0])
        let half = pixel(4, 4)
        #expect(half[3] == 0x80, "\(half)")
        for (got, painted) in zip(half.prefix(3), [0x33, 0x66, 0x99]) {
            #expect(abs(Int(got) - painted) <= 2, "\(half): premultiplied by cairo (255 / 128 levels lost), then taken out")
        }
        #expect(pixel(Int(width) * 3 / 4, Int(height) * 3 / 4) == [0xCC, 0x22, 0x11, 0xFF])
    }
}
