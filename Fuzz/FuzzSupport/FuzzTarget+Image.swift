import FoundationEssentials
@_spi(Testing) import MsgfmtCore

extension FuzzTarget {
    /// The cell sizes, room and JPEG width hints the image target draws with, picked by
    /// the input's length (the input is the picture file itself, every byte of it).
    static let imageCells = [(10, 20), (7, 15), (1, 1), (16, 32)]
    static let imageColumns = [60, 1, 7, 200]
    static let imageRows = [20, 1, 3, 50]
    static let imageHints = [1, 8, 100, 10_000]

    /// A media file's bytes (PNG, JPEG, WebP or anything else) drawn for the terminal as
    /// `export --images` draws a photo, with kitty graphics or sixels. Checks that it is
    /// either refused with one of the two warnings, or drawn within the cells allowed as
    /// well-formed sequences and nothing else: kitty's APC chunks carry base64 of a PNG
    /// that decodes to exactly the cells' pixels; a sixel DCS holds only sixel bytes and
    /// its raster size fits the cells it is said to cover.
    static func checkImage(_ bytes: [UInt8]) -> [String] {
        let (options, hint) = imageOptions(for: bytes)
        switch TerminalImage.make(imageBytes: bytes, minWidth: hint, options: options) {
        case .failure(let failure):
            let known = ["it is not a PNG, JPEG or WebP picture, or is damaged", "it is too large to draw"]
            return known.contains(failure.message) ? [] : ["refused with another warning: \(failure.message)"]
        case .success(let image):
            guard (1...options.maxColumns).contains(image.columns), (1...options.maxRows).contains(image.rows) else {
                return ["drawn over \(image.columns) × \(image.rows) cells, at most \(options.maxColumns) × \(options.maxRows)"]
            }
            let width = image.columns * options.cellWidth
            let height = image.rows * options.cellHeight
            return options.graphics == .kitty
                ? kittyProblems(image, width: width, height: height)
                : sixelProblems(image.bytes, cellWidth: options.cellWidth, cellHeight: options.cellHeight, width: width, height: height)
        }
    }

    /// The options and JPEG width hint `checkImage` draws `bytes` with, picked by their
    /// length.
    static func imageOptions(for bytes: [UInt8]) -> (TerminalImageOptions, hint: Int) {
        let k = bytes.count
        var options = TerminalImageOptions(graphics: k & 1 == 0 ? .kitty : .sixel)
        (options.cellWidth, options.cellHeight) = imageCells[k >> 1 & 3]
        options.maxColumns = imageColumns[k >> 3 & 3]
        options.maxRows = imageRows[k >> 5 & 3]
        // A quarter of the default, so a header claiming a huge picture costs little.
        options.maxPixels = 1 << 22
        return (options, imageHints[k >> 7 & 3])
    }

    /// Kitty graphics: `ESC _ G` chunks of keys, `;` and at most 4 096 base64 characters,
    /// each ended by `ESC \`; the first names the cells, all but the last say `m=1`.
    static func kittyProblems(_ image: TerminalImage, width: Int, height: Int) -> [String] {
        let base64 = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=".utf8)
        let chunks = image.bytes.split(separator: 0x1B, omittingEmptySubsequences: true)
        // Split at ESC: "_G…" opens a chunk, "\" closes it.
        guard chunks.count % 2 == 0, chunks.count >= 2 else { return ["kitty sequences do not pair up"] }
        var payload: [UInt8] = []
        for n in stride(from: 0, to: chunks.count, by: 2) {
            let body = Array(chunks[chunks.startIndex + n])
            guard chunks[chunks.startIndex + n + 1].elementsEqual([0x5C]), body.starts(with: Array("_G".utf8)),
                let semicolon = body.firstIndex(of: 0x3B)
            else { return ["not a kitty graphics chunk: \(String(decoding: body.prefix(40), as: UTF8.self))"] }
            let keys = String(decoding: body[2..<semicolon], as: UTF8.self)
            let more = n + 2 < chunks.count ? 1 : 0
            let expected =
                n == 0 ? "a=T,f=100,t=d,c=\(image.columns),r=\(image.rows),C=1,q=2,m=\(more)" : "m=\(more)"
            guard keys == expected else { return ["kitty keys \(keys), expected \(expected)"] }
            let data = body[(semicolon + 1)...]
            guard data.count <= 4096, data.allSatisfy(base64.contains) else {
                return ["a kitty chunk is no base64 of at most 4 096 characters"]
            }
            payload += data
        }
        guard let png = Data(base64Encoded: Data(payload)) else { return ["the kitty payload is not base64"] }
        guard let size = TerminalImage.decodedSize(of: Array(png)) else { return ["the kitty payload is no picture"] }
        return size == (width, height) ? [] : ["a kitty picture of \(size.width) × \(size.height) for \(width) × \(height) pixels of cells"]
    }

    /// Sixels: `ESC P 0;1;0 q "1;1;W;H`, then only printable sixel bytes, then `ESC \`;
    /// W × H fills the last of the cells said (never more than they hold), with one `-`
    /// between each band of six rows.
    static func sixelProblems(_ bytes: [UInt8], cellWidth: Int, cellHeight: Int, width: Int, height: Int) -> [String] {
        let opening = Array("\u{1B}P0;1;0q\"1;1;".utf8)
        guard bytes.starts(with: opening), bytes.count > opening.count + 2, bytes.suffix(2).elementsEqual([0x1B, 0x5C]) else {
            return ["not one sixel sequence"]
        }
        let body = bytes[opening.count..<(bytes.count - 2)]
        guard body.allSatisfy({ (0x21...0x7E).contains($0) }) else { return ["a byte other than sixel data inside the sixel sequence"] }
        // The size is digits and one `;`; colours (`#`) or band ends (`-`) follow.
        let raster = body.prefix { (0x30...0x39).contains($0) || $0 == UInt8(ascii: ";") }
        let sizes = raster.split(separator: UInt8(ascii: ";")).map { Int(String(decoding: $0, as: UTF8.self)) }
        guard sizes.count == 2, let w = sizes[0], let h = sizes[1] else { return ["no sixel raster size"] }
        guard w <= width, w > width - cellWidth, h <= height, h > height - cellHeight else {
            return ["sixels of \(w) × \(h) pixels for \(width) × \(height) pixels of cells"]
        }
        let bands = body.filter { $0 == UInt8(ascii: "-") }.count + 1
        return bands == (h + 5) / 6 ? [] : ["\(bands) sixel bands for \(h) rows"]
    }
}
