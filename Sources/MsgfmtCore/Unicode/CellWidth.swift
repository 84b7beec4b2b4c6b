/// Terminal cell widths of scalars and grapheme clusters (see TERMINAL.md).
public enum CellWidth {
    /// The width of one scalar on its own: 0, 1 or 2. Controls (tab included) are 0;
    /// layout expands tabs and shows other controls as placeholders.
    @inline(__always)
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v < 0x20 ? 0 : 1 }
        return width(ScalarFlags.of(scalar))
    }

    @inline(__always)
    static func width(_ flags: ScalarFlags) -> Int {
        if flags.contains(.zeroWidth) { return 0 }
        if flags.contains(.wide) || flags.contains(.emojiPresentation) { return 2 }
        return 1
    }

    /// The width of the grapheme cluster occupying `range` of `text` under `model`.
    public static func ofCluster(_ text: UTF16Text, _ range: Range<Int>, model: WidthModel) -> Int {
        let units = text.units
        if range.count == 1 {
            let unit = units[range.lowerBound]
            switch unit {
            case 0..<0x7F: return unit < 0x20 ? 0 : 1
            // Common letters answered without ICU; CellWidthFastPathTests checks them against it.
            case 0xA0...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x5D0...0x5EA, 0x620...0x64A:
                return unit == 0xAD ? 0 : 1  // the soft hyphen is a format character
            case 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3: return 2
            default: break
            }
        }
        var cluster = ClusterScan()
        var i = range.lowerBound
        while i < range.upperBound {
            let (scalar, length) = text.scalar(at: i)
            cluster.add(scalar)
            i &+= length
        }
        return cluster.width(model: model)
    }

    /// What the width rules need to know of a cluster, gathered scalar by scalar without
    /// allocating.
    private struct ClusterScan {
        var first: Unicode.Scalar?
        var count = 0
        var sum = 0
        var hasVS16 = false
        var hasVS15 = false
        var hasZWJ = false
        var hasKeycap = false

        @inline(__always)
        mutating func add(_ scalar: Unicode.Scalar) {
            if first == nil { first = scalar }
            count &+= 1
            sum &+= CellWidth.of(scalar)
            switch scalar.value {
            case 0xFE0F: hasVS16 = true
            case 0xFE0E: hasVS15 = true
            case 0x200D: hasZWJ = true
            case 0x20E3: hasKeycap = true
            default: break
            }
        }

        func width(model: WidthModel) -> Int {
            guard let first else { return 0 }
            if count == 1 { return sum }
            if model == .legacy { return sum }
            let flags = ScalarFlags.of(first)
            // A keycap sequence needs a keycap base ('#', '*' or a digit, all Emoji=Yes):
            // U+20E3 after anything else (say, a control's placeholder) is an ordinary mark.
            if flags.contains(.regionalIndicator) || (hasKeycap && flags.contains(.emoji)) { return 2 }
            if hasVS15, flags.contains(.emoji) { return 1 }
            if hasVS16, flags.contains(.emoji) { return 2 }
            if hasZWJ, flags.contains(.extendedPictographic) { return 2 }
            if flags.contains(.emojiPresentation) { return 2 }
            return min(2, sum)
        }
    }

    /// The width of a whole string, segmented into grapheme clusters.
    public static func of(_ string: String, model: WidthModel) -> Int {
        let text = UTF16Text(string)
        if text.isASCII {
            return text.units.reduce(0) { $0 + (($1 < 0x20 || $1 == 0x7F) ? 0 : 1) }
        }
        var total = 0
        var start = 0
        for end in GraphemeSegmenter.boundaries(in: text) {
            total &+= ofCluster(text, start..<end, model: model)
            start = end
        }
        return total
    }
}
