/// Why layout constraints are unusable.
public enum LayoutConstraintError: Error, Sendable, Hashable {
    case widthNotPositive(Int)
    case negativeMaxLines(Int)
    case tabWidthNotPositive(Int)
    case ellipsisTooWide(Int, width: Int)

    /// One lower-case sentence.
    public var message: String {
        switch self {
        case .widthNotPositive(let w): "the width must be at least 1 cell, not \(w)"
        case .negativeMaxLines(let n): "the line limit must be 0 (unlimited) or positive, not \(n)"
        case .tabWidthNotPositive(let t): "the tab width must be at least 1, not \(t)"
        case .ellipsisTooWide(let e, let w): "the ellipsis is \(e) cells wide, more than the width of \(w) cells"
        }
    }
}
