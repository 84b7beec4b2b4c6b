import CImage
import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

/// Pictures for terminal transcripts: decoding each format through CImage, the size a
/// picture is given in cells, the kitty and sixel encodings, and the terminal's replies.
@Suite struct TerminalImageTests {
    /// A 16×8 JPEG of (200, 40, 40), written by libjpeg at quality 90.
    static let jpeg: [UInt8] = [
        0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x43, 0x00, 0x03, 0x02, 0x02, 0x03, 0x02, 0x02, 0x03, 0x03, 0x03,
        0x03, 0x04, 0x03, 0x03, 0x04, 0x05, 0x08, 0x05, 0x05, 0x04, 0x04, 0x05, 0x0A, 0x07, 0x07, 0x06,
        0x08, 0x0C, 0x0A, 0x0C, 0x0C, 0x0B, 0x0A, 0x0B, 0x0B, 0x0D, 0x0E, 0x12, 0x10, 0x0D, 0x0E, 0x11,
        0x0E, 0x0B, 0x0B, 0x10, 0x16, 0x10, 0x11, 0x13, 0x14, 0x15, 0x15, 0x15, 0x0C, 0x0F, 0x17, 0x18,
        0x16, 0x14, 0x18, 0x12, 0x14, 0x15, 0x14, 0xFF, 0xDB, 0x00, 0x43, 0x01, 0x03, 0x04, 0x04, 0x05,
        0x04, 0x05, 0x09, 0x05, 0x05, 0x09, 0x14, 0x0D, 0x0B, 0x0D, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14,
        0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14,
        0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14,
        0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0x14, 0xFF, 0xC0, 0x00, 0x11,
        0x08, 0x00, 0x08, 0x00, 0x10, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF,
        0xC4, 0x00, 0x15, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0xFF, 0xC4, 0x00, 0x14, 0x10, 0x01, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xC4, 0x00, 0x15,
        0x01, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x07, 0x08, 0xFF, 0xC4, 0x00, 0x14, 0x11, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00,
        0x02, 0x11, 0x03, 0x11, 0x00, 0x3F, 0x00, 0x8A, 0x00, 0x37, 0x5A, 0xAF, 0xFF, 0xD9,
    ]
    /// A 16×8 lossless WebP of (40, 40, 200), written by libwebp.
    static let webp: [UInt8] = [
        0x52, 0x49, 0x46, 0x46, 0x1E, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4C,
        0x11, 0x00, 0x00, 0x00, 0x2F, 0x0F, 0xC0, 0x01, 0x00, 0x07, 0x50, 0x94, 0xA2, 0x14, 0xB9, 0xFF,
        0x81, 0x88, 0xE8, 0x7F, 0x00, 0x00,
    ]

    static func decode(_ bytes: [UInt8]) throws -> MediaPixels {
        try MediaPixels.decode(bytes, minWidth: 1000, maxPixels: 1 << 20).get()
    }

    /// The first pixel's colour.
    static func first(_ pixels: MediaPixels) -> [Int] { pixels.rgba.prefix(4).map(Int.init) }

    static func close(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 6 } }

    @Test func decodesEachFormat() throws {
        let png = try Self.decode(TinyPNG.solid(width: 40, height: 30, rgb: (220, 30, 40)))
        #expect(png.width == 40 && png.height == 30)
        #expect(Self.first(png) == [220, 30, 40, 255])
        let jpeg = try Self.decode(Self.jpeg)
        #expect(jpeg.width == 16 && jpeg.height == 8)
        #expect(Self.close(Self.first(jpeg), [200, 40, 40, 255]), "\(Self.first(jpeg))")
        let webp = try Self.decode(Self.webp)
        #expect(webp.width == 16 && webp.height == 8)
        #expect(Self.first(webp) == [40, 40, 200, 255])
    }

    /// Damaged, cut short, unknown and oversized pictures are failures, never crashes.
    @Test func refusesDamagedAndHuge() throws {
        for bytes in [
            Self.jpeg.dropLast(40), Array(Self.webp.prefix(20)), Array(TinyPNG.solid(width: 4, height: 4, rgb: (1, 2, 3)).dropLast(20)),
        ] {
            #expect(MediaPixels.decode(Array(bytes), minWidth: 1, maxPixels: 1 << 20) == .failure(.undecodable))
        }
        #expect(MediaPixels.decode(Array("GIF89a".utf8), minWidth: 1, maxPixels: 1 << 20) == .failure(.undecodable))
        #expect(MediaPixels.decode([], minWidth: 1, maxPixels: 1 << 20) == .failure(.undecodable))
        // Refused from the header's size, before decoding.
        let photo = TinyPNG.solid(width: 40, height: 30, rgb: (1, 2, 3))
        #expect(MediaPixels.decode(photo, minWidth: 1, maxPixels: 1199) == .failure(.tooLarge))
        // JPEGs are decoded at 1/2, 1/4 or 1/8 of their size when that is still wide enough.
        let eighth = try MediaPixels.decode(Self.jpeg, minWidth: 1, maxPixels: 1 << 20).get()
        #expect(eighth.width == 2 && eighth.height == 1)
        let half = try MediaPixels.decode(Self.jpeg, minWidth: 7, maxPixels: 1 << 20).get()
        #expect(half.width == 8 && half.height == 4)
    }

    /// A PNG whose chunk says it is longer than what is left of the file is refused before
    /// libpng reads it (which would first allocate the chunk's length: 1.8 GB for the tEXt
    /// below, found by FuzzImage); chunks that fit, up to IEND or to the end, pass.
    @Test func pngChunksMustFitTheFile() {
        func fits(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { msgfmt_img_png_chunks_fit($0.baseAddress, $0.count) != 0 } }
        let png = TinyPNG.solid(width: 4, height: 4, rgb: (1, 2, 3))
        #expect(fits(png))
        #expect(fits(Array(png.dropLast(12))))  // IEND missing: libpng's to judge
        #expect(!fits(Array(png.dropLast(14))))  // the IDAT chunk cut short
        let header = Array(png.prefix(8 + 25))  // the signature and IHDR
        let bomb = header + [0x6F, 0x6E, 0x61, 0x6C] + Array("tEXt".utf8) + Array("date:create".utf8) + [0, 0, 0, 0]
        #expect(!fits(bomb))
        #expect(MediaPixels.decode(bomb, minWidth: 1, maxPixels: 1 << 20) == .failure(.undecodable))
        #expect(!fits(Array(png.prefix(5))))
    }

    /// Fitted into the columns and rows allowed, never enlarged; kitty pictures are padded
    /// to whole cells.
    @Test func sizesInCells() throws {
        let photo = try Self.decode(TinyPNG.solid(width: 400, height: 300, rgb: (9, 9, 9)))
        var options = TerminalImageOptions(graphics: .kitty)
        options.maxColumns = 20
        let wide = TerminalImage.make(photo, options: options)
        #expect(wide.columns == 20 && wide.rows == 8)  // 200×150 px
        options.maxRows = 4
        let short = TerminalImage.make(photo, options: options)
        #expect(short.columns == 11 && short.rows == 4)  // 107×80 px
        let small = TerminalImage.make(try Self.decode(Self.webp), options: options)
        #expect(small.columns == 2 && small.rows == 1)
        #expect(String(decoding: small.bytes, as: UTF8.self).hasPrefix("\u{1B}_Ga=T,f=100,t=d,c=2,r=1,C=1,q=2,m=0;iVBORw0KGgo"))
    }

    @Test func kittyChunks() {
        let out = String(decoding: KittyGraphicsEncoder.encode(png: [UInt8](repeating: 7, count: 6000), columns: 3, rows: 2), as: UTF8.self)
        // 8000 base64 characters: a first chunk of 4096 and a last of 3904.
        let chunks = out.components(separatedBy: "\u{1B}\\").dropLast()
        #expect(chunks.count == 2)
        #expect(chunks.first?.hasPrefix("\u{1B}_Ga=T,f=100,t=d,c=3,r=2,C=1,q=2,m=1;") == true)
        #expect(chunks.last?.hasPrefix("\u{1B}_Gm=0;") == true)
    }

    /// A 2×7 picture: a red top row over six blue rows, the second column transparent in
    /// the second band.
    @Test func sixelEncoding() {
        var rgba: [UInt8] = []
        for y in 0..<7 {
            for x in 0..<2 {
                rgba += y == 0 ? [255, 0, 0, 255] : [0, 0, 255, (y == 6 && x == 1) ? 0 : 255]
            }
        }
        let out = String(decoding: SixelEncoder.encode(MediaPixels(width: 2, height: 7, rgba: rgba)), as: UTF8.self)
        // Palette 5 is blue (0, 0, 100 %), 180 red; first band: red bit 0, blue bits 1-5.
        #expect(out == "\u{1B}P0;1;0q\"1;1;2;7#5;2;0;0;100#180;2;100;0;0#180@@$#5}}-#5@\u{1B}\\")
    }

    @Test func terminalReplies() {
        #expect(TerminalGraphics.supported(replies: Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c".utf8)) == .kitty)
        #expect(TerminalGraphics.supported(replies: Array("\u{1B}[?62;4;22c".utf8)) == .sixel)
        #expect(TerminalGraphics.supported(replies: Array("\u{1B}[?64;1;2;6;9;15;18;21;22c".utf8)) == nil)
        #expect(TerminalGraphics.supported(replies: Array("\u{1B}_Gi=31;ENOTSUPPORTED\u{1B}\\\u{1B}[?62c".utf8)) == nil)
        #expect(TerminalGraphics.repliesComplete(Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)) == false)
        #expect(TerminalGraphics.repliesComplete(Array("\u{1B}[?1;2c".utf8)))
        #expect(TerminalGraphics.supported(replies: Array("\u{1B}[?44c".utf8)) == nil)
    }
}
