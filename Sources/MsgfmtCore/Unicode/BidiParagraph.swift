internal import CByteScan
internal import CICU

/// The Unicode Bidirectional Algorithm (as ICU's ubidi applies it) applied to a paragraph
/// of text.
public struct BidiParagraph: Sendable, Hashable {
    /// The paragraph embedding level: 0 for LTR, 1 for RTL.
    public let paragraphLevel: Int
    /// One embedding level per UTF-16 unit.
    public let levels: [UInt8]

    /// True when the paragraph's base direction is right to left.
    public var isRTL: Bool { paragraphLevel % 2 == 1 }

    /// Resolves the levels of `units`. Text with no right-to-left character and no
    /// explicit embedding skips ICU: every level is the (LTR) paragraph level 0.
    public init(_ units: ArraySlice<UInt16>, direction: BidiDirection = .auto) {
        if direction != .rtl, !BidiParagraph.needsICU(units) {
            self.init(paragraphLevel: 0, levels: [UInt8](repeating: 0, count: units.count))
            return
        }
        self.init(resolving: units, direction: direction)
    }

    private init(paragraphLevel: Int, levels: [UInt8]) {
        self.paragraphLevel = paragraphLevel
        self.levels = levels
    }

    /// Resolves the levels of `units`, without first looking for a reason to: by CICU's
    /// own pass (`msgfmt_bidi_levels`) when the text holds no explicit formatting
    /// character, inner paragraph separator, angle bracket with a canonical equivalent or
    /// brackets nested deeper than 63, else through ICU's ubidi.
    /// Both give the same levels where both apply (`BidiFastPathTests`).
    init(resolving units: ArraySlice<UInt16>, direction: BidiDirection) {
        let resolved = Self.resolved(units, direction: direction)
        self.init(paragraphLevel: resolved.paragraphLevel, levels: resolved.levels)
    }

    /// What `init(resolving:direction:)` finds, and `raised`: the units outside it are all
    /// at level 0 (the left-to-right ends msgfmt's own pass set aside, which a caller
    /// mapping levels onto clusters need not visit; all of the text when ICU resolved it).
    static func resolved(_ units: ArraySlice<UInt16>, direction: BidiDirection) -> (
        levels: [UInt8], paragraphLevel: Int, raised: Range<Int>
    ) {
        var levels = [UInt8].repeated(0, count: units.count)
        let base: Int32 = direction == .ltr ? 0 : (direction == .rtl ? 1 : -1)
        var span: (Int32, Int32) = (0, 0)
        var raised = 0..<units.count  // where ICU's levels may be raised: anywhere
        let para = units.withUnsafeBufferPointer { text in
            levels.withUnsafeMutableBufferPointer { out in
                let own = withUnsafeMutablePointer(to: &span) { pair in
                    pair.withMemoryRebound(to: Int32.self, capacity: 2) {
                        msgfmt_bidi_levels(text.baseAddress, Int32(text.count), base, out.baseAddress, $0)
                    }
                }
                guard own == -2 else {
                    raised = Int(span.0)..<Int(span.1)
                    return own
                }
                return msgfmt_icu_bidi_levels(text.baseAddress, Int32(text.count), base, out.baseAddress)
            }
        }
        if para < 0 {
            // ICU refused (it cannot here short of memory exhaustion): treat as plain LTR.
            return ([UInt8](repeating: 0, count: units.count), 0, 0..<0)
        }
        return (levels, Int(para), raised)
    }

    /// The level runs of the paragraph, offsets relative to its start.
    public var runs: [BidiRun] {
        var result: [BidiRun] = []
        var start = 0
        for i in levels.indices.dropFirst() where levels[i] != levels[start] {
            result.append(BidiRun(start: start, end: i, level: Int(levels[start])))
            start = i
        }
        if !levels.isEmpty {
            result.append(BidiRun(start: start, end: levels.count, level: Int(levels[start])))
        }
        return result
    }

    /// The visual order of items at the given levels (rule L2): element `v` of the
    /// result is the logical index displayed at visual position `v`.
    public static func visualOrder(levels: [UInt8]) -> [Int] {
        if levels.isEmpty { return [] }
        // Filled in place: these are made per line of text laid out.
        let identity = {
            [Int].filled(capacity: levels.count) { out in
                for i in out.indices { out[i] = i }
                return out.count
            }
        }
        if !levels.contains(where: { $0 != 0 }) { return identity() }
        // ICU's map goes through a scratch buffer (on the stack when small), not an array.
        let order: [Int]? = withUnsafeTemporaryAllocation(of: Int32.self, capacity: levels.count) { map in
            let status = levels.withUnsafeBufferPointer { lv in
                msgfmt_icu_reorder_visual(lv.baseAddress, Int32(levels.count), map.baseAddress)
            }
            guard status >= 0 else { return nil }
            return [Int].filled(capacity: map.count) { out in
                for i in out.indices { out[i] = Int(map[i]) }
                return out.count
            }
        }
        return order ?? identity()
    }

    /// `units` with each explicit embedding, override and isolate control (U+202A–U+202E,
    /// U+2066–U+2069) read as U+FFFD, a neutral: what layout orders lines by. Terminal
    /// output draws those controls as placeholders (`DisplaySafety`), so they must not
    /// reorder the text around them either — else `\u{202E}gnp.exe` would still show as
    /// `exe.png`. The same slice when it holds none.
    static func withoutExplicitFormatting(_ units: ArraySlice<UInt16>) -> ArraySlice<UInt16> {
        guard units.contains(where: isExplicitFormatting) else { return units }
        return ArraySlice(units.map { isExplicitFormatting($0) ? 0xFFFD : $0 })
    }

    /// True for an explicit embedding, override or isolate control (or PDF, PDI).
    @inline(__always)
    static func isExplicitFormatting(_ unit: UInt16) -> Bool {
        (0x202A...0x202E).contains(unit) || (0x2066...0x2069).contains(unit)
    }

    /// True when some unit could be at a level other than 0 in an LTR-default paragraph:
    /// a strong right-to-left character (the code-point table's `ScalarFlags.strongRTL`
    /// bit), an Arabic number (`isArabicNumber`) or an explicit embedding, override or
    /// isolate of either direction. Text of none of these is all at level 0.
    static func needsICU(_ units: ArraySlice<UInt16>) -> Bool {
        let stages = CodePointTable.stages
        let strongRTL = ScalarFlags.strongRTL.rawValue << 12
        return units.withUnsafeBufferPointer { u in
            guard let base = u.baseAddress else { return false }
            var i = 0
            while true {
                // Only units that may be of those (`msgfmt_byte_scan_may_be_rtl`: right-to-left
                // blocks, the marks and controls, surrogates) are looked up; the others are
                // passed over eight at a time.
                i = msgfmt_byte_scan_may_be_rtl(base, i, u.count)
                guard i < u.count else { return false }
                let unit = u[i]
                if isExplicitFormatting(unit) { return true }
                let (value, length) = UTF16Text.scalarValue(in: u, at: i)
                i &+= length
                if CodePointTable.word(value, stages) & strongRTL != 0 || isArabicNumber(value) { return true }
            }
        }
    }

    /// True for a code point of bidi class AN (Arabic-Indic digits, a few Arabic signs,
    /// Hanifi Rohingya digits and Rumi numerals): rule I2 raises it to level 2 even in a
    /// left-to-right paragraph, and a bracket pair or space between two of them turns
    /// right to left (rules N0 and N1), so `١ (٢)` is reordered like Arabic text.
    @inline(__always)
    static func isArabicNumber(_ value: UInt32) -> Bool {
        switch value {
        case 0x0600...0x0605, 0x0660...0x0669, 0x066B...0x066C, 0x06DD, 0x0890...0x0891, 0x08E2, 0x10D30...0x10D39,
            0x10E60...0x10E7E:
            true
        default: false
        }
    }
}

extension BidiParagraph {
    /// Whether msgfmt's own bidi pass gives `units` the levels and paragraph level ICU's
    /// ubidi gives, in all three base directions (where the pass decides at all), and only
    /// units at level 0 outside the span it reports (`resolved(_:direction:)`). For
    /// fuzz targets (`@_spi(Testing) import MsgfmtCore`).
    @_spi(Testing)
    public static func ownPassAgreesWithICU(_ units: [UInt16]) -> Bool {
        guard !units.isEmpty, units.count <= Int(Int32.max) else { return true }
        return [Int32(-1), 0, 1].allSatisfy { base in
            if case .differs = ownPassComparison(units, base: base) { false } else { true }
        }
    }

    /// How msgfmt's own bidi pass compares with ICU's ubidi on `units` in base direction
    /// `base` (-1 auto, 0 left to right, 1 right to left), in the terms the fused
    /// segmenter's check uses: equal when both give the same levels and paragraph level and
    /// the span the pass reports lies within the text with only units ICU puts at level 0
    /// outside it.
    static func ownPassComparison(_ units: [UInt16], base: Int32) -> FusedSegmenterCheck.Outcome {
        var own = [UInt8](repeating: 0xFF, count: units.count)
        var icu = own
        var span: [Int32] = [-1, -1]
        let ownLevel = units.withUnsafeBufferPointer { u in
            own.withUnsafeMutableBufferPointer { levels in
                span.withUnsafeMutableBufferPointer {
                    msgfmt_bidi_levels(u.baseAddress, Int32(u.count), base, levels.baseAddress, $0.baseAddress)
                }
            }
        }
        if ownLevel == -2 { return .leftToICU }
        let icuLevel = units.withUnsafeBufferPointer { u in
            icu.withUnsafeMutableBufferPointer { msgfmt_icu_bidi_levels(u.baseAddress, Int32(u.count), base, $0.baseAddress) }
        }
        let (lo, hi) = (Int(span[0]), Int(span[1]))
        let spanHolds = 0 <= lo && lo <= hi && hi <= units.count && !icu[..<lo].contains { $0 != 0 } && !icu[hi...].contains { $0 != 0 }
        if ownLevel == icuLevel, own == icu, spanHolds { return .equal }
        return .differs("base \(base): paragraph \(ownLevel), ICU \(icuLevel); levels \(own), ICU \(icu); span \(lo)..<\(hi)")
    }
}
