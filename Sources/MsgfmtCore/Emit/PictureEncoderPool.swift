import Synchronization

/// Picture encoders for threads drawing in parallel: each thread takes one (an idle one,
/// else a new one) and gives it back, so the fonts an encoder opened are opened once per
/// thread rather than once per batch.
final class PictureEncoderPool: Sendable {
    private let format: OutputFormat
    private let fonts: FontLibrary
    private let scale: Double
    private let idle = Mutex<[PictureEncoder]>([])

    /// A pool of encoders of `format` drawing with `fonts` at `scale`.
    init(format: OutputFormat, fonts: FontLibrary, scale: Double) {
        self.format = format
        self.fonts = fonts
        self.scale = scale
    }

    /// An idle encoder, or a new one.
    func take() -> PictureEncoder {
        idle.withLock { $0.popLast() } ?? PictureEncoder(format: format, fonts: fonts, scale: scale)
    }

    /// Returns `encoder` to the pool.
    func give(_ encoder: PictureEncoder) {
        idle.withLock { $0.append(encoder) }
    }
}
