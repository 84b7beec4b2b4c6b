/// A step of a filled outline, in pixels.
enum PathCommand: Sendable, Hashable {
    case move(Double, Double)
    case line(Double, Double)
    /// A cubic Bézier curve through two control points to the end point.
    case curve(Double, Double, Double, Double, Double, Double)
    case close

    /// The outline of a rectangle with corners rounded by `radius` (clamped to half the
    /// shorter side), clockwise from the top left.
    static func roundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double) -> [PathCommand] {
        let r = max(0, min(radius, width / 2, height / 2))
        let k = r * 0.4477  // 1 − 0.5523: the control point distance from the corner
        let (x1, y1) = (x + width, y + height)
        return [
            .move(x + r, y), .line(x1 - r, y), .curve(x1 - k, y, x1, y + k, x1, y + r),
            .line(x1, y1 - r), .curve(x1, y1 - k, x1 - k, y1, x1 - r, y1),
            .line(x + r, y1), .curve(x + k, y1, x, y1 - k, x, y1 - r),
            .line(x, y + r), .curve(x, y + k, x + k, y, x + r, y), .close,
        ]
    }

    /// The command moved right by `dx` and down by `dy` pixels.
    func offset(dx: Double = 0, dy: Double) -> PathCommand {
        switch self {
        case .move(let x, let y): .move(x + dx, y + dy)
        case .line(let x, let y): .line(x + dx, y + dy)
        case .curve(let a, let b, let c, let d, let e, let f): .curve(a + dx, b + dy, c + dx, d + dy, e + dx, f + dy)
        case .close: .close
        }
    }
}
