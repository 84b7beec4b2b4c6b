#if canImport(Glibc)
    import Glibc
#endif

/// Reads an image's pixel size from its first bytes (PNG, GIF, JPEG, WebP), for photos and
/// stickers whose export entry has no `width`/`height`: the HTML site gives every image its
/// size so the page does not move as images load.
public enum MediaProbe {
    /// Bytes read from the start of a file: enough for the JPEG headers that come before
    /// the frame header in ordinary photos.
    static let headerBytes = 1 << 16

    /// The width and height of the image at `path`, or nil when it is not a PNG, GIF, JPEG
    /// or WebP image this understands.
    public static func dimensions(ofFileAt path: String) -> (width: Int64, height: Int64)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: headerBytes)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        return dimensions(of: bytes[0..<n])
    }

    /// The width and height of the image whose first bytes are `b`.
    public static func dimensions(of b: ArraySlice<UInt8>) -> (width: Int64, height: Int64)? {
        let b = Array(b)
        func be16(_ i: Int) -> Int64 { Int64(b[i]) << 8 | Int64(b[i + 1]) }
        func be32(_ i: Int) -> Int64 { be16(i) << 16 | be16(i + 2) }
        func le16(_ i: Int) -> Int64 { Int64(b[i]) | Int64(b[i + 1]) << 8 }
        func le24(_ i: Int) -> Int64 { le16(i) | Int64(b[i + 2]) << 16 }
        func valid(_ w: Int64, _ h: Int64) -> (width: Int64, height: Int64)? { w > 0 && h > 0 ? (w, h) : nil }
        if b.count >= 24, b[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], b[12..<16] == [0x49, 0x48, 0x44, 0x52] {
            return valid(be32(16), be32(20))
        }
        if b.count >= 10, b[0..<4] == [0x47, 0x49, 0x46, 0x38] {
            return valid(le16(6), le16(8))
        }
        if b.count >= 30, b[0..<4] == [0x52, 0x49, 0x46, 0x46], b[8..<12] == [0x57, 0x45, 0x42, 0x50] {
            switch (b[12], b[13], b[14], b[15]) {
            case (0x56, 0x50, 0x38, 0x20):  // "VP8 ": a key frame's 14-bit sizes
                return valid(le16(26) & 0x3FFF, le16(28) & 0x3FFF)
            case (0x56, 0x50, 0x38, 0x4C):  // "VP8L": 14-bit sizes minus one, after the signature
                let bits = Int64(b[21]) | Int64(b[22]) << 8 | Int64(b[23]) << 16 | Int64(b[24]) << 24
                return valid((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            case (0x56, 0x50, 0x38, 0x58):  // "VP8X": 24-bit sizes minus one
                return valid(le24(24) + 1, le24(27) + 1)
            default:
                return nil
            }
        }
        if b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 {
            var i = 2
            while i + 9 < b.count {
                guard b[i] == 0xFF else { return nil }
                let marker = b[i + 1]
                if marker == 0xFF {
                    i += 1
                    continue
                }
                // Start-of-frame markers (not DHT C4, JPG C8, DAC CC) hold the size.
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    return valid(be16(i + 7), be16(i + 5))
                }
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                    i += 2
                    continue
                }
                if marker == 0xDA || marker == 0xD9 { return nil }
                i += 2 + Int(be16(i + 2))
            }
        }
        return nil
    }
}
