import CImage

#if canImport(Glibc)
    import Glibc
#endif

/// A decoded picture: 8-bit RGBA pixels, rows top to bottom. Decoded and scaled through
/// `CImage` (libpng, libjpeg, libwebp) for `export --images`.
struct MediaPixels: Sendable, Hashable {
    var width: Int
    var height: Int
    var rgba: [UInt8]

    /// Why a picture is not drawn.
    enum Failure: Error, Equatable {
        case unreadable
        case tooLarge
        case undecodable
        /// libpng, libjpeg or libwebp could not be loaded (the reason).
        case libraryMissing(String)

        /// The warning's wording.
        var reason: String {
            switch self {
            case .unreadable: return "could not be read"
            case .tooLarge: return "is too large to draw"
            case .undecodable: return "is not a PNG, JPEG or WebP picture, or is damaged"
            case .libraryMissing(let reason): return "could not be decoded: a picture library could not be loaded (\(reason))"
            }
        }
    }

    /// The picture in the file at `path` (a regular file, already contained in the export
    /// folder), decoded at no less than `minWidth` pixels wide when a smaller decode is
    /// cheaper (JPEG), within the size limits of `options`.
    static func decode(fileAt path: String, minWidth: Int, options: TerminalImageOptions) -> Result<MediaPixels, Failure> {
        guard let bytes = readFile(path, limit: options.maxFileBytes) else { return .failure(.unreadable) }
        guard let bytes = bytes else { return .failure(.tooLarge) }
        return decode(bytes, minWidth: minWidth, maxPixels: options.maxPixels)
    }

    /// The picture in `bytes` (see `decode(fileAt:minWidth:options:)`).
    static func decode(_ bytes: [UInt8], minWidth: Int, maxPixels: Int64) -> Result<MediaPixels, Failure> {
        if let reason = msgfmt_img_load() { return .failure(.libraryMissing(String(cString: reason))) }
        var w: Int32 = 0
        var h: Int32 = 0
        let format = bytes.withUnsafeBufferPointer { msgfmt_img_info($0.baseAddress, $0.count, &w, &h) }
        guard Int(format) != Int(MSGFMT_IMG_UNKNOWN), w > 0, h > 0 else { return .failure(.undecodable) }
        guard Int64(w) * Int64(h) <= maxPixels else { return .failure(.tooLarge) }
        let minimum = Int32(clamping: max(1, minWidth))
        guard
            let decoded = bytes.withUnsafeBufferPointer({
                msgfmt_img_decode($0.baseAddress, $0.count, maxPixels, minimum, &w, &h)
            })
        else { return .failure(.undecodable) }
        defer { msgfmt_img_free(decoded) }
        let pixels = Array(UnsafeBufferPointer(start: decoded, count: Int(w) * Int(h) * 4))
        return .success(MediaPixels(width: Int(w), height: Int(h), rgba: pixels))
    }

    /// The picture scaled to `width` × `height` (averaging the pixels each new one covers).
    func scaled(width newWidth: Int, height newHeight: Int) -> MediaPixels {
        guard newWidth != width || newHeight != height else { return self }
        let scaled = rgba.withUnsafeBufferPointer {
            msgfmt_img_scale($0.baseAddress, Int32(width), Int32(height), Int32(newWidth), Int32(newHeight))
        }
        guard let scaled else { return self }
        defer { msgfmt_img_free(scaled) }
        return MediaPixels(
            width: newWidth, height: newHeight, rgba: Array(UnsafeBufferPointer(start: scaled, count: newWidth * newHeight * 4)))
    }

    /// The picture as a PNG file's bytes.
    func png() -> [UInt8]? {
        var length = 0
        let encoded = rgba.withUnsafeBufferPointer { msgfmt_img_png($0.baseAddress, Int32(width), Int32(height), &length) }
        guard let encoded else { return nil }
        defer { msgfmt_img_free(encoded) }
        return Array(UnsafeBufferPointer(start: encoded, count: length))
    }

    /// The bytes of the file at `path`: nil when it cannot be read, `.some(nil)` when it is
    /// larger than `limit`.
    private static func readFile(_ path: String, limit: Int) -> [UInt8]?? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        guard info.st_size <= limit else { return .some(nil) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            filled += n
        }
        return .some(Array(bytes.prefix(filled)))
    }
}
