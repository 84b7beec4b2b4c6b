extension TerminalImage {
    /// The picture for a file holding `bytes`, drawn as `make(for:options:)` draws a media
    /// file, with `minWidth` as the export's width hint. For tests and fuzz targets
    /// (`@_spi(Testing) import MsgfmtCore`).
    @_spi(Testing)
    public static func make(imageBytes bytes: [UInt8], minWidth: Int, options: TerminalImageOptions) -> Result<TerminalImage, Failure> {
        guard bytes.count <= options.maxFileBytes else { return drawn(.failure(.tooLarge), options: options) }
        return drawn(MediaPixels.decode(bytes, minWidth: minWidth, maxPixels: options.maxPixels), options: options)
    }

    /// The size in pixels of the picture `bytes` hold, decoded whole; nil when they are no
    /// PNG, JPEG or WebP picture, or a damaged one. For tests and fuzz targets.
    @_spi(Testing)
    public static func decodedSize(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard case .success(let pixels) = MediaPixels.decode(bytes, minWidth: .max, maxPixels: .max) else { return nil }
        return (pixels.width, pixels.height)
    }
}
