import ArgumentParser

/// `--image-protocol`: how `--images` picks the terminal graphics protocol.
enum ImageProtocolChoice: String, CaseIterable, ExpressibleByArgument {
    /// Ask the terminal (see `TerminalImageSupport`).
    case auto
    /// Draw with kitty's graphics protocol without asking.
    case kitty
    /// Draw sixels without asking.
    case sixel
}
