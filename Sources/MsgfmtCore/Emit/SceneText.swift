/// A run of text placed in a bubble picture: one layout fragment.
struct SceneText: Sendable {
    /// Left edge and baseline, in pixels; `width` is the layout's measure of it.
    var x: Double
    var baseline: Double
    var width: Double
    /// The text in logical order (unsafe controls already shown as placeholders).
    var text: String
    /// True when it runs right to left.
    var rtl: Bool
    var face: FaceStyle
    var color: UInt32
    /// The size as a fraction of the font size (smaller for the time).
    var scale = 1.0
}
