internal import CCairo
import Foundation

/// A decoded PNG (straight RGBA, 4 bytes a pixel, rows top to bottom), for comparing
/// pictures within a tolerance: two renderers, or two versions of one font stack, never
/// agree to the byte on anti-aliased edges.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    /// Decodes `png`, or nil when it is not a PNG.
    public init?(png: Data) {
        var w: Int32 = 0
        var h: Int32 = 0
        var rgba: UnsafeMutablePointer<UInt8>? = nil
        let ok = png.withUnsafeBytes { raw in
            msgfmt_cairo_png_decode(raw.bindMemory(to: UInt8.self).baseAddress, Int64(png.count), &w, &h, &rgba)
        }
        guard ok == 1, let rgba else { return nil }
        defer { msgfmt_cairo_free(rgba) }
        width = Int(w)
        height = Int(h)
        pixels = Array(UnsafeBufferPointer(start: rgba, count: Int(w) * Int(h) * 4))
    }

    /// The pixel at (`x`, `y`) composited over `background` (RGB), as RGB.
    public func rgb(_ x: Int, _ y: Int, over background: (Int, Int, Int)) -> (Int, Int, Int) {
        let i = (y * width + x) * 4
        let a = Int(pixels[i + 3])
        func mix(_ c: UInt8, _ b: Int) -> Int { (Int(c) * a + b * (255 - a)) / 255 }
        return (mix(pixels[i], background.0), mix(pixels[i + 1], background.1), mix(pixels[i + 2], background.2))
    }

    /// The share (0…1) of pixels whose color, both composited over `background`, differs
    /// by more than `threshold` in some channel; 1 when the sizes differ.
    public func difference(from other: RGBAImage, threshold: Int, over background: (Int, Int, Int) = (255, 255, 255)) -> Double {
        guard width == other.width, height == other.height, width * height > 0 else { return 1 }
        var differing = 0
        for y in 0..<height {
            for x in 0..<width {
                let a = rgb(x, y, over: background)
                let b = other.rgb(x, y, over: background)
                if abs(a.0 - b.0) > threshold || abs(a.1 - b.1) > threshold || abs(a.2 - b.2) > threshold { differing += 1 }
            }
        }
        return Double(differing) / Double(width * height)
    }
}
