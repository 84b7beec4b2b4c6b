/// How `export --images` draws pictures in a terminal transcript: the protocol the
/// terminal speaks, its cell size in pixels, and the room a picture may take.
public struct TerminalImageOptions: Sendable, Hashable {
    /// The protocol to draw with.
    public var graphics: TerminalGraphics
    /// One cell's size in pixels (from the terminal when it says, else a common size).
    public var cellWidth = 10
    public var cellHeight = 20
    /// Columns a picture may span: the transcript's content width.
    public var maxColumns = 60
    /// Rows a picture may span.
    public var maxRows = 20
    /// Largest file read, in bytes; a larger one is not drawn.
    public var maxFileBytes = 32 << 20
    /// Largest picture decoded, in pixels (width × height from its header).
    public var maxPixels: Int64 = 40_000_000

    /// Options for drawing with `graphics`.
    public init(graphics: TerminalGraphics) {
        self.graphics = graphics
    }
}
