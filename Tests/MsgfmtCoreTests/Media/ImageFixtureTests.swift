import Foundation
import TestSupport
import Testing

@_spi(Testing) @testable import MsgfmtCore

/// The picture files of fixtures/images decoded through CImage: every PNG colour type,
/// interlacing, progressive, grey, CMYK and YCCK JPEGs, lossy and lossless WebP, each to its size
/// and colours (fixtures/images/README.md says how each was made).
@Suite struct ImageFixtureTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: PackagePaths.fixture("images/\(name)")))
    }

    static func decode(_ name: String) throws -> MediaPixels {
        try MediaPixels.decode(try bytes(name), minWidth: 1_000, maxPixels: 1 << 20).get()
    }

    /// The colour at (`x`, `y`).
    static func pixel(_ p: MediaPixels, _ x: Int, _ y: Int) -> [Int] {
        let at = (y * p.width + x) * 4
        return p.rgba[at..<at + 4].map(Int.init)
    }

    /// Within `tolerance` of `expected` in every channel: lossy formats, and a gradient's
    /// first and last rows, which are a step inside its ends.
    static func near(_ got: [Int], _ expected: [Int], _ tolerance: Int = 10) -> Bool {
        got.count == expected.count && zip(got, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func pngColourTypes() throws {
        let rgb = try Self.decode("rgb.png")
        #expect((rgb.width, rgb.height) == (24, 16))
        #expect(Self.pixel(rgb, 0, 0) == [220, 30, 40, 255])
        #expect(Self.pixel(rgb, 5, 15) == [30, 40, 220, 255])
        // 16 bits a sample, grey: white to black, each grey the same in R, G and B.
        let grey = try Self.decode("gray16.png")
        #expect((grey.width, grey.height) == (20, 12))
        #expect(Self.pixel(grey, 3, 0) == [255, 255, 255, 255])
        #expect(Self.pixel(grey, 3, 11) == [0, 0, 0, 255])
        // A palette whose tRNS makes the top-left quarter transparent.
        let palette = try Self.decode("palette-trns.png")
        #expect(Self.pixel(palette, 0, 0)[3] == 0)
        #expect(Self.pixel(palette, 12, 12) == [40, 200, 40, 255])
        let greyAlpha = try Self.decode("gray-alpha.png")
        #expect(Self.pixel(greyAlpha, 0, 0) == [0, 0, 0, 255])
        #expect(Self.pixel(greyAlpha, 0, 9)[3] == 0)
    }

    @Test func interlacedPNGDecodesToTheSamePixels() throws {
        let interlaced = try Self.decode("interlaced.png")
        let plain = try Self.decode("not-interlaced.png")
        #expect((interlaced.width, interlaced.height) == (32, 20))
        #expect(interlaced == plain)
    }

    @Test func jpegVariants() throws {
        let baseline = try Self.decode("baseline.jpg")
        #expect((baseline.width, baseline.height) == (40, 24))
        #expect(Self.near(Self.pixel(baseline, 20, 0), [200, 40, 40, 255]), "\(Self.pixel(baseline, 20, 0))")
        #expect(Self.near(Self.pixel(baseline, 20, 23), [40, 40, 200, 255]), "\(Self.pixel(baseline, 20, 23))")
        // The same coefficients sent in several scans decode to the same pixels.
        #expect(try Self.decode("progressive.jpg") == baseline)
        let grey = try Self.decode("gray.jpg")
        let top = Self.pixel(grey, 10, 0)
        #expect(top[0] >= 249 && top[0] == top[1] && top[1] == top[2] && top[3] == 255, "\(top)")
        // CMYK with inverted inks (an Adobe marker), turned into RGB.
        let cmyk = try Self.decode("cmyk.jpg")
        #expect((cmyk.width, cmyk.height) == (16, 16))
        #expect(Self.near(Self.pixel(cmyk, 8, 8), [200, 40, 40, 255]), "\(Self.pixel(cmyk, 8, 8))")
        // Plain CMYK (no Adobe marker): the inks as they are, 0 meaning none.
        let plain = try Self.decode("cmyk-plain.jpg")
        #expect(Self.near(Self.pixel(plain, 8, 8), [200, 40, 40, 255]), "\(Self.pixel(plain, 8, 8))")
        // YCCK, which libjpeg turns into CMYK first.
        let ycck = try Self.decode("ycck.jpg")
        #expect(Self.near(Self.pixel(ycck, 8, 8), [200, 40, 40, 255]), "\(Self.pixel(ycck, 8, 8))")
    }

    @Test func webpVariants() throws {
        let lossy = try Self.decode("lossy.webp")
        #expect((lossy.width, lossy.height) == (24, 16))
        #expect(Self.near(Self.pixel(lossy, 12, 0), [40, 40, 200, 255], 14), "\(Self.pixel(lossy, 12, 0))")
        let alpha = try Self.decode("lossless-alpha.webp")
        #expect(Self.pixel(alpha, 3, 3).prefix(3) == [40, 40, 200])
        #expect(abs(Self.pixel(alpha, 3, 3)[3] - 128) <= 1)
        // Animated WebP is refused like a damaged picture: its media line stays.
        #expect(MediaPixels.decode(try Self.bytes("animated.webp"), minWidth: 1, maxPixels: 1 << 20) == .failure(.undecodable))
    }

    /// Each file drawn for both protocols through the entry the fuzz target uses, which
    /// also refuses a file over the size limit.
    @Test func everyFixtureDraws() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.fixture("images").path)
            .filter { !$0.hasSuffix(".md") && $0 != "animated.webp" }
        #expect(names.count == 14)
        for name in names {
            for graphics in TerminalGraphics.allCases {
                var options = TerminalImageOptions(graphics: graphics)
                options.maxColumns = 3
                let drawn = try TerminalImage.make(imageBytes: try Self.bytes(name), minWidth: 30, options: options).get()
                #expect(drawn.columns >= 1 && drawn.columns <= 3 && drawn.rows >= 1, "\(name)")
                options.maxFileBytes = 10
                #expect(
                    TerminalImage.make(imageBytes: try Self.bytes(name), minWidth: 30, options: options)
                        == .failure(TerminalImage.Failure(message: "it is too large to draw")))
            }
        }
    }
}
