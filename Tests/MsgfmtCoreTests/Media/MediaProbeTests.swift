import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

/// Image sizes read from file headers, and their use for photos the export gives no size.
@Suite struct MediaProbeTests {
    static func size(_ bytes: [UInt8]) -> [Int64]? {
        MediaProbe.dimensions(of: bytes[...]).map { [$0.width, $0.height] }
    }

    @Test func readsEachFormat() {
        #expect(Self.size(TinyPNG.solid(width: 40, height: 30, rgb: (1, 2, 3))) == [40, 30])
        #expect(Self.size(Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00, 0, 0]) == [320, 240])
        // JPEG: SOI, an APP0 segment, then SOF0 (height 480, width 640).
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03]
        #expect(Self.size(jpeg + [UInt8](repeating: 0, count: 16)) == [640, 480])
        let riff = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
        // VP8X: canvas 512×256 stored minus one in 24 bits.
        let vp8x = riff + Array("VP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0] + [0xFF, 0x01, 0x00, 0xFF, 0x00, 0x00] + [0, 0]
        #expect(Self.size(vp8x) == [512, 256])
        // VP8L: signature 0x2F, then 14-bit width-1 and height-1 (100×50).
        let bits: UInt32 = 99 | 49 << 14
        let vp8l =
            riff + Array("VP8L".utf8) + [0, 0, 0, 0, 0x2F] + [
                UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24),
            ] + [0, 0, 0, 0, 0]
        #expect(Self.size(vp8l) == [100, 50])
        // VP8: frame tag, start code, then 14-bit sizes (64×32).
        let vp8 = riff + Array("VP8 ".utf8) + [0, 0, 0, 0] + [0, 0, 0, 0x9D, 0x01, 0x2A] + [64, 0, 32, 0] + [0, 0]
        #expect(Self.size(vp8) == [64, 32])
    }

    @Test func refusesWhatItDoesNotKnow() {
        #expect(Self.size([]) == nil)
        #expect(Self.size(Array("%PDF-1.4".utf8)) == nil)
        #expect(Self.size([0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF]) == nil)
        #expect(Self.size(TinyPNG.solid(width: 1, height: 1, rgb: (0, 0, 0)).prefix(20).map { $0 }) == nil)
    }

    /// A photo the export gives no size gets the one its file holds.
    @Test func photosWithoutSizeAreProbed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("photos"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(TinyPNG.solid(width: 12, height: 7, rgb: (9, 9, 9))).write(to: dir.appendingPathComponent("photos/p.jpg"))
        var options = MediaOptions()
        options.mode = .link
        options.exportFolder = try #require(MediaResolver.realPath(dir.path))
        let media = MediaResolver.resolve(MediaFile(kind: .photo, path: "photos/p.jpg"), options: options)
        #expect(media.available && media.file.width == 12 && media.file.height == 7)
        var given = MediaFile(kind: .photo, path: "photos/p.jpg")
        given.width = 1280
        given.height = 720
        #expect(MediaResolver.resolve(given, options: options).file.width == 1280)
    }
}
