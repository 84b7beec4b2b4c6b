/// A picture ready to be drawn in a terminal transcript (`export --images`): the escape
/// sequences that draw it at the cursor and the cells it covers. Made on the worker
/// threads from a resolved photo, still sticker, or animated sticker's thumbnail.
public struct TerminalImage: Sendable, Hashable {
    /// The kitty APC or sixel DCS sequences.
    public var bytes: [UInt8]
    /// Cells the picture covers.
    public var columns: Int
    public var rows: Int

    /// Why a picture is not drawn: the warning's text.
    public struct Failure: Error, Hashable {
        public var message: String
    }

    /// The file a terminal transcript draws for `media`: the photo or still sticker itself,
    /// an animated sticker's thumbnail; nil for every other kind, or when it is not there.
    public static func source(of media: ResolvedMedia) -> String? {
        guard media.problem == nil else { return nil }
        switch media.file.kind {
        case .photo, .sticker: return media.path
        case .animatedSticker: return media.thumbnailPath
        default: return nil
        }
    }

    /// The picture for `media` under `options`: nil when the kind is not drawn, a failure
    /// (for a warning; the media line stays) when its file cannot be decoded or is too large.
    public static func make(for media: ResolvedMedia, options: TerminalImageOptions) -> Result<TerminalImage, Failure>? {
        guard let path = source(of: media) else { return nil }
        let cellWidth = max(1, options.cellWidth)
        let maxWidth = max(1, options.maxColumns) * cellWidth
        // The export's dimensions tell the JPEG decoder how small it may decode; the
        // decoded picture's own size is what counts.
        let hint = media.file.width.map { min(Int($0), maxWidth) } ?? maxWidth
        return drawn(MediaPixels.decode(fileAt: path, minWidth: hint, options: options), options: options)
    }

    /// A decoded picture made for `options`, or the warning for one that could not be.
    static func drawn(_ decoded: Result<MediaPixels, MediaPixels.Failure>, options: TerminalImageOptions) -> Result<TerminalImage, Failure>
    {
        switch decoded {
        case .failure(let failure): .failure(Failure(message: "it \(failure.reason)"))
        case .success(let pixels): .success(make(pixels, options: options))
        }
    }

    /// `pixels` fitted into `options.maxColumns` × `options.maxRows` cells (never enlarged)
    /// and encoded for `options.graphics`.
    static func make(_ pixels: MediaPixels, options: TerminalImageOptions) -> TerminalImage {
        let cellWidth = max(1, options.cellWidth)
        let cellHeight = max(1, options.cellHeight)
        var width = min(pixels.width, max(1, options.maxColumns) * cellWidth)
        var height = max(1, Int((Double(pixels.height) * Double(width) / Double(pixels.width)).rounded()))
        let maxHeight = max(1, options.maxRows) * cellHeight
        if height > maxHeight {
            height = maxHeight
            width = max(1, Int((Double(pixels.width) * Double(height) / Double(pixels.height)).rounded()))
        }
        let columns = (width + cellWidth - 1) / cellWidth
        let rows = (height + cellHeight - 1) / cellHeight
        let scaled = pixels.scaled(width: width, height: height)
        switch options.graphics {
        case .sixel:
            return TerminalImage(bytes: SixelEncoder.encode(scaled), columns: columns, rows: rows)
        case .kitty:
            // Padded with transparent pixels to whole cells, so kitty does not stretch it.
            let padded = scaled.padded(width: columns * cellWidth, height: rows * cellHeight)
            let png = padded.png() ?? []
            return TerminalImage(bytes: KittyGraphicsEncoder.encode(png: png, columns: columns, rows: rows), columns: columns, rows: rows)
        }
    }
}

extension MediaPixels {
    /// The picture at the top left of a transparent `width` × `height` canvas.
    func padded(width newWidth: Int, height newHeight: Int) -> MediaPixels {
        guard newWidth > width || newHeight > height else { return self }
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for y in 0..<min(height, newHeight) {
            let from = y * width * 4
            let to = y * newWidth * 4
            let n = min(width, newWidth) * 4
            out[to..<(to + n)] = rgba[from..<(from + n)]
        }
        return MediaPixels(width: newWidth, height: newHeight, rgba: out)
    }
}
