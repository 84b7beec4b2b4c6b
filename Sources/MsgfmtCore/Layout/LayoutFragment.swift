/// A piece of one line with one style, positioned in cells.
public struct LayoutFragment: Sendable, Hashable {
    /// Column of the fragment's first cell within the line (0-based, visual order).
    public var x: Int
    /// Cells the fragment occupies.
    public var width: Int
    /// UTF-16 range of the source text it shows (empty for decorations and ellipses).
    public var start: Int
    public var end: Int
    /// The style of the text (plain for decorations).
    public var style: Style
    /// Text, tab, ellipsis, quote bar or title.
    public var role: FragmentRole
    /// True when the fragment's text is right-to-left.
    public var rtl: Bool
    /// Where `text` and `display` come from.
    private var content: Content

    /// The strings of a fragment, or the message's units they are made of when asked for:
    /// most fragments show a stretch of the message as it is, and emitters that write
    /// bytes take those straight from the units (`appendDisplay`, `withTextUTF8`), with no
    /// string made.
    private enum Content: Sendable {
        /// Both strings as given.
        case strings(text: String, display: String)
        /// `text` is `units[range]` (the fragment's `start..<end` when it was made: moving
        /// the fragment later does not change its text); `display` is the given string, or
        /// the same as `text` when nil.
        case units([UInt16], range: Range<Int>, display: String?)
    }

    /// The source text of `start..<end`, in logical order.
    public var text: String {
        get {
            switch content {
            case .strings(let text, _): text
            case .units(let units, let range, _): Self.string(units, range)
            }
        }
        set { content = .strings(text: newValue, display: display) }
    }

    /// What to draw, left to right: RTL text reversed into visual order, tabs as spaces,
    /// unsafe controls as their `DisplaySafety` placeholders. Exactly `width` cells wide
    /// under the layout's width model. Emitters write this and never measure.
    public var display: String {
        get {
            switch content {
            case .strings(_, let display): display
            case .units(_, _, let display?): display
            case .units(let units, let range, nil): Self.string(units, range)
            }
        }
        set { content = .strings(text: text, display: newValue) }
    }

    /// Creates a fragment.
    public init(
        x: Int, width: Int, start: Int, end: Int, text: String, display: String, style: Style,
        role: FragmentRole = .text, rtl: Bool = false
    ) {
        self.init(
            x: x, width: width, start: start, end: end, content: .strings(text: text, display: display), style: style, role: role, rtl: rtl)
    }

    /// A fragment showing `units[start..<end]`: drawn as they are when `display` is nil.
    init(
        x: Int, width: Int, start: Int, end: Int, units: [UInt16], display: String?, style: Style, role: FragmentRole, rtl: Bool
    ) {
        self.init(
            x: x, width: width, start: start, end: end, content: .units(units, range: start..<max(start, end), display: display),
            style: style, role: role, rtl: rtl)
    }

    private init(x: Int, width: Int, start: Int, end: Int, content: Content, style: Style, role: FragmentRole, rtl: Bool) {
        self.x = x
        self.width = width
        self.start = start
        self.end = end
        self.content = content
        self.style = style
        self.role = role
        self.rtl = rtl
    }

    /// True when `text` or `display` begins with the BMP scalar `unit`, read without
    /// making the strings.
    func textOrDisplayStarts(with unit: UInt16) -> Bool {
        switch content {
        case .strings(let text, let display):
            return text.utf16.first == unit || display.utf16.first == unit
        case .units(let units, let range, let display):
            let first = range.lowerBound < min(range.upperBound, units.count) && units[range.lowerBound] == unit
            return first || display?.utf16.first == unit
        }
    }

    /// The first and last scalar values of `display`, read without making the string;
    /// nil when it draws nothing.
    var displayEnds: (first: UInt32, last: UInt32)? {
        switch content {
        case .strings(_, let display), .units(_, _, let display?):
            guard let first = display.unicodeScalars.first, let last = display.unicodeScalars.last else { return nil }
            return (first.value, last.value)
        case .units(let units, let range, nil):
            return Self.withSlice(units, range) { slice in
                slice.isEmpty
                    ? nil
                    : (UTF16Text.scalarValue(in: slice, at: 0).value, UTF16Text.scalarValue(in: slice, before: slice.count).value)
            }
        }
    }

    /// The UTF-16 units of `display`.
    var displayUnits: [UInt16] {
        switch content {
        case .strings(_, let display), .units(_, _, let display?): Array(display.utf16)
        case .units(let units, let range, nil): Self.withSlice(units, range) { Array($0) }
        }
    }

    /// Puts `LineBuilder.clusterSeparator` in front of what the fragment draws, so its
    /// first cluster does not fuse with what is drawn before it (`LineBuilder.keepApart`).
    mutating func drawApart() {
        var units = displayUnits
        units.insert(LineBuilder.clusterSeparator, at: 0)
        var ascii = false
        let display = units.withUnsafeBufferPointer { UTF16Text.makeString($0, ascii: &ascii) }
        switch content {
        case .strings(let text, _): content = .strings(text: text, display: display)
        case .units(let source, let range, _): content = .units(source, range: range, display: display)
        }
    }

    /// Appends `display` as UTF-8 to `out`: from the message's units when the fragment
    /// draws them as they are, without making the string.
    @inline(__always)
    func appendDisplay(to out: inout [UInt8]) {
        switch content {
        case .strings(_, let display), .units(_, _, let display?):
            out.append(utf8: display)
        case .units(let units, let range, nil):
            Self.withSlice(units, range) { UTF16Text.appendUTF8($0, to: &out) }
        }
    }

    /// Calls `body` with `text` as UTF-8: from the message's units through a scratch
    /// buffer when the fragment has no string of it.
    func withTextUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withText(utf16: { UTF16Text.withUTF8($0, body) }, utf8: body)
    }

    /// Calls `utf16` with the message's units that are `text` when the fragment shows them
    /// as they are, else `utf8` with `text` as UTF-8: for a writer that takes either
    /// without a conversion of its own first.
    func withText<R>(utf16: (UnsafeBufferPointer<UInt16>) -> R, utf8: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch content {
        case .strings(var text, _): text.withUTF8(utf8)
        case .units(let units, let range, _): Self.withSlice(units, range, utf16)
        }
    }

    /// The string of `units[range]` (clamped to them).
    private static func string(_ units: [UInt16], _ range: Range<Int>) -> String {
        var ascii = true
        return withSlice(units, range) { UTF16Text.makeString($0, ascii: &ascii) }
    }

    /// Calls `body` with `units[range]`, the range clamped to the units.
    private static func withSlice<R>(_ units: [UInt16], _ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt16>) -> R) -> R {
        let lower = max(0, min(range.lowerBound, units.count))
        let upper = max(lower, min(range.upperBound, units.count))
        return units.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[lower..<upper])) }
    }

    /// Fragments are equal when everything they tell is: however their strings are held.
    public static func == (a: LayoutFragment, b: LayoutFragment) -> Bool {
        a.x == b.x && a.width == b.width && a.start == b.start && a.end == b.end && a.style == b.style && a.role == b.role
            && a.rtl == b.rtl && a.text == b.text && a.display == b.display
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(x)
        hasher.combine(width)
        hasher.combine(start)
        hasher.combine(end)
        hasher.combine(text)
        hasher.combine(display)
        hasher.combine(style)
        hasher.combine(role)
        hasher.combine(rtl)
    }
}
