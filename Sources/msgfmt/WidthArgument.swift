import ArgumentParser

/// `--width`: a number of cells (`80`), or of pixels (`360px`) for layouts measured with
/// fonts; under `--measure font` a bare number counts pixels too.
struct WidthArgument: ExpressibleByArgument, Equatable {
    /// The number given.
    var value: Int
    /// True when it ended in `px`.
    var pixels: Bool

    init?(argument: String) {
        var text = Substring(argument)
        pixels = text.hasSuffix("px")
        if pixels { text = text.dropLast(2) }
        guard let value = Int(text) else { return nil }
        self.value = value
    }

    /// The width in cells: nil when it was given in pixels.
    var cells: Int? { pixels ? nil : value }
}
