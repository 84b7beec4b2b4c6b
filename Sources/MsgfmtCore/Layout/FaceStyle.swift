/// Which face of a family text is drawn with.
public enum FaceStyle: UInt8, CaseIterable, Sendable, Hashable {
    case regular, bold, italic, boldItalic
    /// Code and pre blocks.
    case monospace

    /// The face for a run of `style`: monospace for code and pre, else by bold and italic.
    public init(_ style: Style) {
        let a = style.attributes
        if a.contains(.code) || a.contains(.pre) {
            self = .monospace
        } else if a.contains(.bold) {
            self = a.contains(.italic) ? .boldItalic : .bold
        } else {
            self = a.contains(.italic) ? .italic : .regular
        }
    }

    /// True for the bold faces.
    var isBold: Bool { self == .bold || self == .boldItalic }
    /// True for the italic faces.
    var isItalic: Bool { self == .italic || self == .boldItalic }
}
