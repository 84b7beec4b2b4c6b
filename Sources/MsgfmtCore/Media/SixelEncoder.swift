/// Encodes pictures as DEC sixel graphics: a palette of 6 × 6 × 6 colours with ordered
/// (4 × 4 Bayer) dithering, runs of equal sixels compressed (`!n`), transparent pixels
/// (alpha below half) left unpainted.
enum SixelEncoder {
    /// The 4 × 4 Bayer matrix, in sixteenths.
    private static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// `pixels` as one DCS sixel sequence (`ESC P 0;1;0 q … ESC \`).
    static func encode(_ pixels: MediaPixels) -> [UInt8] {
        let w = pixels.width
        let h = pixels.height
        // Each pixel's palette index (0...215), or -1 when transparent.
        var index = [Int16](repeating: -1, count: w * h)
        var used = [Bool](repeating: false, count: 216)
        pixels.rgba.withUnsafeBufferPointer { rgba in
            for y in 0..<h {
                for x in 0..<w {
                    let p = (y * w + x) * 4
                    guard rgba[p + 3] >= 128 else { continue }
                    // 51 per level; the threshold moves each channel by up to one level.
                    let t = bayer[(y & 3) * 4 + (x & 3)] * 51 / 16
                    let r = min(5, (Int(rgba[p]) + t) / 51)
                    let g = min(5, (Int(rgba[p + 1]) + t) / 51)
                    let b = min(5, (Int(rgba[p + 2]) + t) / 51)
                    let i = r * 36 + g * 6 + b
                    index[y * w + x] = Int16(i)
                    used[i] = true
                }
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(w * h / 2)
        out.append(contentsOf: "\u{1B}P0;1;0q\"1;1;\(w);\(h)".utf8)
        for i in 0..<216 where used[i] {
            let levels = [i / 36, i / 6 % 6, i % 6].map { $0 * 20 }
            out.append(contentsOf: "#\(i);2;\(levels[0]);\(levels[1]);\(levels[2])".utf8)
        }
        var row = [UInt8](repeating: 0, count: w)
        for band in stride(from: 0, to: h, by: 6) {
            let rows = min(6, h - band)
            var colours: [Int] = []
            var seen = [Bool](repeating: false, count: 216)
            for y in band..<(band + rows) {
                for x in 0..<w {
                    let i = Int(index[y * w + x])
                    if i >= 0, !seen[i] {
                        seen[i] = true
                        colours.append(i)
                    }
                }
            }
            for (n, colour) in colours.enumerated() {
                for x in 0..<w {
                    var bits: UInt8 = 0
                    for dy in 0..<rows where index[(band + dy) * w + x] == Int16(colour) { bits |= 1 << dy }
                    row[x] = bits
                }
                out.append(contentsOf: "#\(colour)".utf8)
                appendRuns(row, into: &out)
                if n < colours.count - 1 { out.append(UInt8(ascii: "$")) }
            }
            if band + 6 < h { out.append(UInt8(ascii: "-")) }
        }
        out.append(contentsOf: "\u{1B}\\".utf8)
        return out
    }

    /// Appends one colour's sixels of a band, runs of four or more as `!n`; trailing blank
    /// sixels are left out.
    private static func appendRuns(_ row: [UInt8], into out: inout [UInt8]) {
        var end = row.count
        while end > 0, row[end - 1] == 0 { end -= 1 }
        var x = 0
        while x < end {
            var run = 1
            while x + run < end, row[x + run] == row[x] { run += 1 }
            let char = 0x3F + row[x]
            if run >= 4 {
                out.append(contentsOf: "!\(run)".utf8)
                out.append(char)
            } else {
                out.append(contentsOf: repeatElement(char, count: run))
            }
            x += run
        }
    }
}
