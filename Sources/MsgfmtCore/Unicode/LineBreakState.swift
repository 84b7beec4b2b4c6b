/// UAX #14 line breaking as ICU 72's default rules apply it, one code point at a time.
///
/// The rules that look at two classes only (LB19–LB29, the simple part of LB30) are read
/// from `LineBreakPairs`; the stateful ones are handled here explicitly: mandatory breaks
/// (LB4–LB6), spaces and what they follow (LB7, LB8, LB14–LB18), combining marks and ZWJ
/// (LB8a–LB10), ICU's hyphen rule (no break between a hyphen that follows a break and a
/// letter), Hebrew hyphens (LB21a), numbers (LB25 as ICU's regular expression: an optional
/// prefix, opening punctuation or hyphen, and infix separator before the digits; digits,
/// separators and symbols; an optional closing bracket and prefix or postfix), regional
/// indicator pairs (LB30a) and emoji modifiers (LB30b).
///
/// `decide` answers nil for what this model does not cover (SA and CB classes, a
/// look-ahead past a combining mark); the caller then leaves the whole text to ICU.
struct LineBreakState {
    /// Whether a line may end before a code point.
    enum Decision: UInt8 {
        case prohibited, allowed, mandatory
    }

    /// The text, for the few rules that look ahead.
    let units: UnsafeBufferPointer<UInt16>
    /// The code-point table.
    let stages: CodePointTable.Stages
    /// `LineBreakPairs.table`.
    let pairs: UnsafePointer<UInt64>
    /// The class of the last code point that is not a space or an attached mark (LB9),
    /// or SP before there is one.
    private var base = LineBreakClass.SP
    /// The class before `base`, and whether the two were adjacent (no space between).
    private var beforeBase = LineBreakClass.SP
    private var beforeBaseAdjacent = false
    /// True when spaces follow `base`.
    private var spaces = true
    /// The (resolved) class of the previous code point itself.
    private var previous = LineBreakClass.SP
    /// True when a line could end right before `base` (or `base` began the text).
    private var breakBeforeBase = true
    /// `base` is U+2010 HYPHEN (ICU's hyphen rule treats it like HY).
    private var baseIsHyphen = false
    /// `base` is East Asian F, W or H (LB30), or an unassigned pictograph (LB30b).
    private var baseIsWide = false
    private var baseIsUnassignedPictograph = false
    /// Regional indicators in the run ending at `base`.
    private var regionalCount = 0
    /// `base` ends digits possibly followed by separators, symbols (`inNumber`) and one
    /// closing bracket (`numberClosed`): LB25 keeps a prefix or postfix after them.
    private var inNumber = false
    private var numberClosed = false

    init(units: UnsafeBufferPointer<UInt16>, stages: CodePointTable.Stages, pairs: UnsafePointer<UInt64>) {
        self.units = units
        self.stages = stages
        self.pairs = pairs
    }

    /// Takes the first code point of the text. False when the text needs ICU.
    mutating func start(word: UInt32, value: UInt32) -> Bool {
        let raw = LineBreakClass(word: word).resolved
        if raw == .SA || raw == .CB { return false }
        if raw == .SP {
            previous = .SP
            return true
        }
        // LB10: a mark that begins the text is a letter.
        let b: LineBreakClass = (raw == .CM || raw == .ZWJ) ? .AL : raw
        advance(to: b, word: word, value: value, decision: .allowed, rawClass: raw)
        return true
    }

    /// Decides the boundary before the code point at `offset` (`length` units, property
    /// `word`, scalar `value`) and moves past it; nil when the text needs ICU.
    @inline(__always)
    mutating func decide(at offset: Int, length: Int, word: UInt32, value: UInt32) -> Decision? {
        let raw = LineBreakClass(word: word).resolved
        if raw == .SA || raw == .CB { return nil }
        // LB4, LB5: after a hard break.
        switch previous {
        case .BK, .LF, .NL:
            advanceAfterHardBreak(raw, word: word, value: value)
            return .mandatory
        case .CR:
            if raw == .LF {
                previous = .LF
                base = .LF
                spaces = false
                return .prohibited
            }
            advanceAfterHardBreak(raw, word: word, value: value)
            return .mandatory
        default: break
        }
        // LB6, LB7.
        switch raw {
        case .BK, .CR, .LF, .NL, .ZW:
            advance(to: raw, word: word, value: value, decision: .prohibited)
            return .prohibited
        case .SP:
            previous = .SP
            spaces = true
            inNumber = false
            numberClosed = false
            regionalCount = 0
            return .prohibited
        default: break
        }
        // LB8: after a zero width space and any spaces.
        if base == .ZW {
            let b: LineBreakClass = (raw == .CM || raw == .ZWJ) ? .AL : raw
            advance(to: b, word: word, value: value, decision: .allowed, rawClass: raw)
            return .allowed
        }
        // LB8a: after a zero width joiner.
        if previous == .ZWJ {
            if raw == .CM || raw == .ZWJ, canTakeMarks {
                previous = raw
                return .prohibited
            }
            let b: LineBreakClass = (raw == .CM || raw == .ZWJ) ? .AL : raw
            advance(to: b, word: word, value: value, decision: .prohibited, rawClass: raw)
            return .prohibited
        }
        // LB9: marks attach to what they follow; LB10: else they are letters.
        var b = raw
        if raw == .CM || raw == .ZWJ {
            if canTakeMarks {
                previous = raw
                return .prohibited
            }
            b = .AL
        }
        guard let decision = rule(before: b, at: offset, length: length, word: word, value: value) else { return nil }
        advance(to: b, word: word, value: value, decision: decision, rawClass: raw)
        return decision
    }

    /// True when the text so far ends with a hard line break (ICU marks the end of such
    /// a text as a mandatory break).
    var endsWithHardBreak: Bool {
        switch previous {
        case .BK, .CR, .LF, .NL: return true
        default: return false
        }
    }

    /// True when a mark attaches to the previous code point (LB9).
    private var canTakeMarks: Bool {
        switch previous {
        case .BK, .CR, .LF, .NL, .SP, .ZW: return false
        default: return true
        }
    }

    /// LB11 onward for a boundary between `base` (and any spaces) and class `b`.
    @inline(__always)
    private func rule(before b: LineBreakClass, at offset: Int, length: Int, word: UInt32, value: UInt32) -> Decision? {
        // LB11.
        if b == .WJ || (base == .WJ && !spaces) { return .prohibited }
        // LB12, LB12a.
        if !spaces, base == .GL { return .prohibited }
        if b == .GL, !spaces, base != .BA, base != .HY { return .prohibited }
        // LB13, with ICU's exception: a space then a full stop or comma that begins a
        // number ("is .5") may break.
        switch b {
        case .CL, .CP, .EX, .SY: return .prohibited
        case .IS:
            if spaces, base != .OP {
                guard let next = lookahead(offset &+ length) else { return nil }
                if next == .NU { return .allowed }
            }
            return .prohibited
        default: break
        }
        // LB14–LB17: what holds across spaces.
        if base == .OP { return .prohibited }
        if base == .QU, b == .OP { return .prohibited }
        if base == .CL || base == .CP, b == .NS { return .prohibited }
        if base == .B2, b == .B2 { return .prohibited }
        // LB18.
        if spaces { return .allowed }
        // ICU's hyphen rule (before LB21): a hyphen after a break stays with a letter.
        if b == .AL, breakBeforeBase, base == .HY || baseIsHyphen { return .prohibited }
        // LB21a.
        if base == .HY || base == .BA, beforeBase == .HL, beforeBaseAdjacent { return .prohibited }
        // LB25, the parts that need context.
        switch (base, b) {
        case (.PR, .OP), (.PO, .OP), (.PR, .HY), (.PO, .HY):
            guard let next = lookahead(offset &+ length) else { return nil }
            if next == .NU { return .prohibited }
            if next == .IS {
                guard let after = lookahead(offset &+ length &+ 1) else { return nil }
                if after == .NU { return .prohibited }
            }
        case (.SY, .NU) where inNumber && !numberClosed:
            return .prohibited
        case (_, .PR), (_, .PO):
            if inNumber { return .prohibited }
        default: break
        }
        // LB30: brackets drawn narrow only.
        if b == .OP, base == .AL || base == .HL || base == .NU, word & (1 << 11) == 0 { return .prohibited }
        if base == .CP, !baseIsWide, b == .AL || b == .HL || b == .NU { return .prohibited }
        // LB30a.
        if base == .RI, b == .RI { return regionalCount % 2 == 1 ? .prohibited : .allowed }
        // LB30b.
        if b == .EM, base == .EB || baseIsUnassignedPictograph { return .prohibited }
        return LineBreakPairs.allows(pairs, base, b) ? .allowed : .prohibited
    }

    /// The resolved class of the code point at `offset`, or nil when it is a mark (the
    /// rules would look past it), SA or CB; SP for the end of the text.
    private func lookahead(_ offset: Int) -> LineBreakClass? {
        guard offset < units.count else { return .SP }
        var value = UInt32(units[offset])
        if UTF16.isLeadSurrogate(units[offset]), offset + 1 < units.count, UTF16.isTrailSurrogate(units[offset + 1]) {
            value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(units[offset + 1]) - 0xDC00)
        }
        let c = LineBreakClass(word: CodePointTable.word(value, stages)).resolved
        switch c {
        case .CM, .ZWJ, .SA, .CB: return nil
        default: return c
        }
    }

    private mutating func advanceAfterHardBreak(_ raw: LineBreakClass, word: UInt32, value: UInt32) {
        base = .SP
        spaces = true
        inNumber = false
        numberClosed = false
        regionalCount = 0
        if raw == .SP {
            previous = .SP
            return
        }
        let b: LineBreakClass = (raw == .CM || raw == .ZWJ) ? .AL : raw
        advance(to: b, word: word, value: value, decision: .mandatory, rawClass: raw)
    }

    /// Makes `b` the new base.
    @inline(__always)
    private mutating func advance(
        to b: LineBreakClass, word: UInt32, value: UInt32, decision: Decision, rawClass: LineBreakClass? = nil
    ) {
        regionalCount = (b == .RI && base == .RI && !spaces) ? regionalCount &+ 1 : (b == .RI ? 1 : 0)
        switch b {
        case .NU:
            inNumber = true
            numberClosed = false
        case .SY, .IS:
            if !(inNumber && !numberClosed) { inNumber = false }
        case .CL, .CP:
            if inNumber, !numberClosed { numberClosed = true } else { inNumber = false }
        default:
            inNumber = false
            numberClosed = false
        }
        beforeBase = base
        beforeBaseAdjacent = !spaces
        base = b
        spaces = false
        previous = rawClass ?? b
        breakBeforeBase = decision != .prohibited
        baseIsHyphen = value == 0x2010
        baseIsWide = word & (1 << 11) != 0
        baseIsUnassignedPictograph = word & (1 << 22) != 0
    }
}
