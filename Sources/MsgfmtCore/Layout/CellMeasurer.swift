/// The default measurer: terminal cells under a width model (see TERMINAL.md).
///
/// ```swift
/// let text = UTF16Text("日本")
/// CellMeasurer(model: .modern).width(of: 0..<1, in: text)  // 2
/// ```
public struct CellMeasurer: TextMeasurer, Sendable, Hashable {
    /// How clusters are counted.
    public var model: WidthModel

    /// Creates a measurer for `model`.
    public init(model: WidthModel = .modern) {
        self.model = model
    }

    /// The cells of the cluster at `range`; an unsafe control counts as its 1-cell placeholder.
    @inline(__always)
    public func width(of range: Range<Int>, in text: UTF16Text) -> Int {
        if range.isEmpty { return 0 }
        let first = text.units[range.lowerBound]
        if range.count == 1, first >= 0x20, first < 0x7F { return 1 }
        let (scalar, length) = text.scalar(at: range.lowerBound)
        if length == range.count {
            return CellWidth.of(DisplaySafety.placeholder(for: scalar) ?? scalar)
        }
        return CellWidth.ofCluster(text, range, model: model)
    }
}
