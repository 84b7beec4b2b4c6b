/// One thing a bubble picture draws, in pixels from the picture's top left corner.
enum SceneElement: Sendable {
    /// A filled rectangle with rounded corners (radius 0: square).
    case rect(x: Double, y: Double, width: Double, height: Double, radius: Double, color: UInt32)
    /// A filled path.
    case path([PathCommand], color: UInt32)
    /// A run of text.
    case text(SceneText)
}
