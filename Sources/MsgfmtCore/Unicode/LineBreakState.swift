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
///
/// Most code points the walk asks about follow another with no space or mark between
/// them, and for most such pairs of classes no rule looks past the pair: `decideAdjacent`
/// answers those from `adjacentRows` (derived from the rules themselves), and `decide` is
/// asked only when it cannot.
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
    /// `adjacentRows`.
    let adjacent: UnsafePointer<UInt64>
    /// The class of the last code point that is not a space or an attached mark (LB9),
    /// or SP before there is one.
    private var base = LineBreakClass.sp
    /// The class before `base`, and whether the two were adjacent (no space between).
    private var beforeBase = LineBreakClass.sp
    private var beforeBaseAdjacent = false
    /// True when spaces follow `base`.
    private var spaces = true
    /// The (resolved) class of the previous code point itself.
    private var previous = LineBreakClass.sp
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

    init(
        units: UnsafeBufferPointer<UInt16>, stages: CodePointTable.Stages, pairs: UnsafePointer<UInt64>,
        adjacent: UnsafePointer<UInt64>
    ) {
        self.units = units
        self.stages = stages
        self.pairs = pairs
        self.adjacent = adjacent
    }

    /// Rows of two tables, 43 each, bit `b` of row `a` telling about a boundary between a
    /// code point of class `a` and one of class `b` right after it (no space or mark
    /// between, `b` resolved). The first rows: the answer is `allowed` (else `prohibited`)
    /// when the second rows do not set the bit. The second rows: the answer needs more
    /// than the two classes — hard breaks, spaces, marks and ZW on either side, and the
    /// pairs whose rules read the state or the text (ICU's hyphen rule and LB21a after HY
    /// and BA, LB25's look-ahead and number state, LB30's widths, LB30a's count, LB30b's
    /// base). Derived from `rule` by `derivedAdjacentRows`; a test compares the two.
    static let adjacentRows: [UInt64] = [
        // Allowed.
        0x1EF_8218_402F, 0x1EF_8218_402F, 0x1AF_8200_402B, 0x1EF_8218_4027, 0x0, 0x0,
        0x0, 0x0, 0x1EF_8218_402F, 0x0, 0x0, 0x1EF_8218_402F,
        0x0, 0x0, 0x1EF_8218_402F, 0x1EF_8218_402F, 0x1AF_8210_402B, 0x0,
        0x1EF_8218_402F, 0x1AF_8200_402B, 0x0, 0x1AF_8200_402B, 0xA0_0200_002B, 0x0,
        0x0, 0x1EF_8218_402F, 0x0, 0x1AF_8210_402F, 0x0, 0x0,
        0x0, 0x1E3_8218_402F, 0x1EB_8218_402F, 0x1E4_0218_402F, 0x1EB_8218_402F, 0x1E3_8218_402F,
        0x1AF_8210_402B, 0x1EF_8218_402F, 0x1AF_8200_402B, 0x16F_8218_402F, 0x1EF_8218_402F, 0x1EF_8218_402F,
        0x0,
        // Asked.
        0x600_3562_06C0, 0x600_3562_06C0, 0x600_3572_06C0, 0x600_3562_06C0, 0x7FF_FFFF_FFFF, 0x600_3562_06C0,
        0x7FF_FFFF_FFFF, 0x7FF_FFFF_FFFF, 0x600_3562_06C0, 0x7FF_FFFF_FFFF, 0x7FF_FFFF_FFFF, 0x600_3562_06C0,
        0x600_3562_06C0, 0x7FF_FFFF_FFFF, 0x600_3562_06C0, 0x600_3562_06C0, 0x600_3562_06C0, 0x7FF_FFFF_FFFF,
        0x600_3562_06C0, 0x600_3572_06C0, 0x600_3562_06C0, 0x600_3572_26C0, 0x600_3572_26C0, 0x600_3562_06C0,
        0x7FF_FFFF_FFFF, 0x600_3562_06C0, 0x7FF_FFFF_FFFF, 0x600_356A_06C0, 0x7FF_FFFF_FFFF, 0x7FF_FFFF_FFFF,
        0x600_3562_06C0, 0x600_3562_06C0, 0x600_3562_06C0, 0x600_3562_06C0, 0x600_3562_06C0, 0x600_3562_06C0,
        0x640_356A_06C4, 0x600_3562_06C0, 0x600_3572_06C0, 0x680_3562_06C0, 0x600_3562_06C0, 0x600_3562_06C0,
        0x7FF_FFFF_FFFF,
    ]

    /// `adjacentRows` as `rule` answers them, the state cleared but for the base.
    static func derivedAdjacentRows() -> [UInt64] {
        var rows = [UInt64](repeating: 0, count: 2 * LineBreakClass.count)
        for a in LineBreakClass.allCases {
            for b in LineBreakClass.allCases {
                let row = Int(a.rawValue)
                let bit = UInt64(1) << UInt64(b.rawValue)
                if pairNeedsState(a, b) {
                    rows[LineBreakClass.count + row] |= bit
                } else if ruleAnswer(a, b, context: RuleContext()) == .allowed {
                    rows[row] |= bit
                }
            }
        }
        return rows
    }

    /// What `rule` reads besides the two classes and the text (`ruleAnswer`): the state's
    /// fields, the next code point's word and scalar.
    struct RuleContext {
        var spaces = false
        var beforeBase = LineBreakClass.sp
        var beforeBaseAdjacent = false
        var breakBeforeBase = true
        var baseIsHyphen = false
        var baseIsWide = false
        var baseIsUnassignedPictograph = false
        var regionalCount = 0
        var inNumber = false
        var numberClosed = false
        var word: UInt32 = 0
        var value: UInt32 = 0
    }

    /// `rule`'s answer for a boundary between base class `a` and class `b` in `context`,
    /// the text after it being `after` (read by the rules that look ahead).
    static func ruleAnswer(_ a: LineBreakClass, _ b: LineBreakClass, context: RuleContext, after: [UInt16] = []) -> Decision? {
        let text = [0x41] + after
        // `rule` does not read `adjacent`; the state is made with the committed rows.
        return LineBreakPairs.table.withUnsafeBufferPointer { pairs in
            adjacentRows.withUnsafeBufferPointer { adjacent in
                text.withUnsafeBufferPointer { units in
                    var state = LineBreakState(
                        units: units, stages: CodePointTable.stages, pairs: pairs.baseAddress!,
                        adjacent: adjacent.baseAddress!)
                    state.base = a
                    state.previous = a
                    state.spaces = context.spaces
                    state.beforeBase = context.beforeBase
                    state.beforeBaseAdjacent = context.beforeBaseAdjacent
                    state.breakBeforeBase = context.breakBeforeBase
                    state.baseIsHyphen = context.baseIsHyphen
                    state.baseIsWide = context.baseIsWide
                    state.baseIsUnassignedPictograph = context.baseIsUnassignedPictograph
                    state.regionalCount = context.regionalCount
                    state.inNumber = context.inNumber
                    state.numberClosed = context.numberClosed
                    return state.rule(before: b, at: 0, length: 1, word: context.word, value: context.value)
                }
            }
        }
    }

    /// True when the boundary between adjacent classes `a` and `b` needs more than the two
    /// classes (see `adjacentRows`).
    static func pairNeedsState(_ a: LineBreakClass, _ b: LineBreakClass) -> Bool {
        switch (a, b) {
        case (.bk, _), (.cr, _), (.lf, _), (.nl, _), (.zw, _), (.sp, _), (.cm, _), (.zwj, _), (.sa, _), (.cb, _),
            (_, .bk), (_, .cr), (_, .lf), (_, .nl), (_, .zw), (_, .sp), (_, .cm), (_, .zwj), (_, .sa), (_, .cb):
            return true  // LB4–LB10, and the classes left to ICU
        case (.hy, _), (.ba, _): return true  // ICU's hyphen rule, LB21a
        case (.pr, .op), (.po, .op), (.pr, .hy), (.po, .hy), (.sy, .nu), (_, .pr), (_, .po): return true  // LB25
        case (.al, .op), (.hl, .op), (.nu, .op), (.cp, .al), (.cp, .hl), (.cp, .nu): return true  // LB30
        case (.ri, .ri), (_, .em): return true  // LB30a, LB30b
        default: return false
        }
    }

    /// Takes the first code point of the text. False when the text needs ICU.
    mutating func start(word: UInt32, value: UInt32) -> Bool {
        let raw = LineBreakClass(word: word).resolved
        if raw == .sa || raw == .cb { return false }
        if raw == .sp {
            previous = .sp
            return true
        }
        // LB10: a mark that begins the text is a letter.
        let b: LineBreakClass = (raw == .cm || raw == .zwj) ? .al : raw
        advance(to: b, word: word, value: value, decision: .allowed, rawClass: raw)
        return true
    }

    /// Decides the boundary before the code point at `offset` (`length` units, property
    /// `word`, scalar `value`) and moves past it; nil when the text needs ICU.
    @inline(__always)
    mutating func decide(at offset: Int, length: Int, word: UInt32, value: UInt32) -> Decision? {
        let raw = LineBreakClass(word: word).resolved
        if raw == .sa || raw == .cb { return nil }
        // LB4, LB5: after a hard break.
        switch previous {
        case .bk, .lf, .nl:
            advanceAfterHardBreak(raw, word: word, value: value)
            return .mandatory
        case .cr:
            if raw == .lf {
                previous = .lf
                base = .lf
                spaces = false
                return .prohibited
            }
            advanceAfterHardBreak(raw, word: word, value: value)
            return .mandatory
        default: break
        }
        // LB6, LB7.
        switch raw {
        case .bk, .cr, .lf, .nl, .zw:
            advance(to: raw, word: word, value: value, decision: .prohibited)
            return .prohibited
        case .sp:
            previous = .sp
            spaces = true
            inNumber = false
            numberClosed = false
            regionalCount = 0
            return .prohibited
        default: break
        }
        // LB8: after a zero width space and any spaces.
        if base == .zw {
            let b: LineBreakClass = (raw == .cm || raw == .zwj) ? .al : raw
            advance(to: b, word: word, value: value, decision: .allowed, rawClass: raw)
            return .allowed
        }
        // LB8a: after a zero width joiner.
        if previous == .zwj {
            if raw == .cm || raw == .zwj, canTakeMarks {
                previous = raw
                return .prohibited
            }
            let b: LineBreakClass = (raw == .cm || raw == .zwj) ? .al : raw
            advance(to: b, word: word, value: value, decision: .prohibited, rawClass: raw)
            return .prohibited
        }
        // LB9: marks attach to what they follow; LB10: else they are letters.
        var b = raw
        if raw == .cm || raw == .zwj {
            if canTakeMarks {
                previous = raw
                return .prohibited
            }
            b = .al
        }
        guard let decision = rule(before: b, at: offset, length: length, word: word, value: value) else { return nil }
        advance(to: b, word: word, value: value, decision: decision, rawClass: raw)
        return decision
    }

    /// What `decide` answers for a code point right after the base, with no space or mark
    /// between (`previous` is the base's own class), when the two classes decide alone
    /// (`adjacentRows`), moving past it; nil when `decide` has to be asked.
    @inline(__always)
    mutating func decideAdjacent(word: UInt32, value: UInt32) -> Decision? {
        guard !spaces, previous == base else { return nil }
        let raw = LineBreakClass(word: word).resolved
        let row = Int(base.rawValue)
        let bit = UInt64(raw.rawValue)
        guard (adjacent[row &+ LineBreakClass.count] >> bit) & 1 == 0 else { return nil }
        let decision: Decision = (adjacent[row] >> bit) & 1 != 0 ? .allowed : .prohibited
        advance(to: raw, word: word, value: value, decision: decision)
        return decision
    }

    /// Takes a plain letter or ideograph (`CodePointTable.plainLetterBit`,
    /// `plainIdeographBit`; class `b`, `wide` for an ideograph) right after another or
    /// after spaces (`spacesBreakBeforePlain`): what `decide` would do, knowing its answer
    /// (`allowed`: LB18 after spaces, LB31 next to an ideograph; else LB28 between letters).
    @inline(__always)
    mutating func takePlain(_ b: LineBreakClass, allowed: Bool, wide: Bool) {
        beforeBase = base
        beforeBaseAdjacent = !spaces
        base = b
        previous = b
        spaces = false
        breakBeforeBase = allowed
        baseIsWide = wide
        baseIsHyphen = false
        baseIsUnassignedPictograph = false
        regionalCount = 0
        inNumber = false
        numberClosed = false
    }

    /// True when the last code point was a space and a plain letter or ideograph next
    /// may begin a line: LB18 breaks after spaces unless they follow opening punctuation
    /// (LB14); no earlier rule holds a letter or ideograph there (LB4–LB13 look at a
    /// hard break, which a space ends, or at classes a letter is not).
    var spacesBreakBeforePlain: Bool { previous == .sp && spaces && base != .op }

    /// Takes a space after a plain letter or ideograph and any spaces: what `decide` would
    /// do (prohibited, LB7), the number and regional indicator state being clear already.
    @inline(__always)
    mutating func takeSpace() {
        previous = .sp
        spaces = true
    }

    /// Takes a space after anything but a hard break (`endsWithHardBreak`): what `decide`
    /// would do (prohibited, LB7), the spaces ending any number or regional indicator run.
    @inline(__always)
    mutating func takeSpaceAfterAny() {
        previous = .sp
        spaces = true
        inNumber = false
        numberClosed = false
        regionalCount = 0
    }

    /// True when the text so far ends with a hard line break (ICU marks the end of such
    /// a text as a mandatory break).
    var endsWithHardBreak: Bool {
        switch previous {
        case .bk, .cr, .lf, .nl: return true
        default: return false
        }
    }

    /// True when a mark attaches to the previous code point (LB9).
    private var canTakeMarks: Bool {
        switch previous {
        case .bk, .cr, .lf, .nl, .sp, .zw: return false
        default: return true
        }
    }

    /// LB11 onward for a boundary between `base` (and any spaces) and class `b`.
    @inline(__always)
    private func rule(before b: LineBreakClass, at offset: Int, length: Int, word: UInt32, value: UInt32) -> Decision? {
        // LB11.
        if b == .wj || (base == .wj && !spaces) { return .prohibited }
        // LB12, LB12a.
        if !spaces, base == .gl { return .prohibited }
        if b == .gl, !spaces, base != .ba, base != .hy { return .prohibited }
        // LB13, with ICU's exception: a space then a full stop or comma that begins a
        // number ("is .5") may break.
        switch b {
        case .cl, .cp, .ex, .sy: return .prohibited
        case .is:
            if spaces, base != .op {
                guard let next = lookahead(offset &+ length) else { return nil }
                if next == .nu { return .allowed }
            }
            return .prohibited
        default: break
        }
        // LB14–LB17: what holds across spaces.
        if base == .op { return .prohibited }
        if base == .qu, b == .op { return .prohibited }
        if base == .cl || base == .cp, b == .ns { return .prohibited }
        if base == .b2, b == .b2 { return .prohibited }
        // LB18.
        if spaces { return .allowed }
        // ICU's hyphen rule (before LB21): a hyphen after a break stays with a letter.
        if b == .al, breakBeforeBase, base == .hy || baseIsHyphen { return .prohibited }
        // LB21a.
        if base == .hy || base == .ba, beforeBase == .hl, beforeBaseAdjacent { return .prohibited }
        // LB25, the parts that need context.
        switch (base, b) {
        case (.pr, .op), (.po, .op), (.pr, .hy), (.po, .hy):
            guard let next = lookahead(offset &+ length) else { return nil }
            if next == .nu { return .prohibited }
            if next == .is {
                guard let after = lookahead(offset &+ length &+ 1) else { return nil }
                if after == .nu { return .prohibited }
            }
        case (.sy, .nu) where inNumber && !numberClosed:
            return .prohibited
        case (_, .pr), (_, .po):
            if inNumber { return .prohibited }
        default: break
        }
        // LB30: brackets drawn narrow only.
        if b == .op, base == .al || base == .hl || base == .nu, word & (1 << 11) == 0 { return .prohibited }
        if base == .cp, !baseIsWide, b == .al || b == .hl || b == .nu { return .prohibited }
        // LB30a.
        if base == .ri, b == .ri { return regionalCount % 2 == 1 ? .prohibited : .allowed }
        // LB30b.
        if b == .em, base == .eb || baseIsUnassignedPictograph { return .prohibited }
        return LineBreakPairs.allows(pairs, base, b) ? .allowed : .prohibited
    }

    /// The resolved class of the code point at `offset`, or nil when it is a mark (the
    /// rules would look past it), SA or CB; SP for the end of the text.
    private func lookahead(_ offset: Int) -> LineBreakClass? {
        guard offset < units.count else { return .sp }
        let value = UTF16Text.scalarValue(in: units, at: offset).value
        let c = LineBreakClass(word: CodePointTable.word(value, stages)).resolved
        switch c {
        case .cm, .zwj, .sa, .cb: return nil
        default: return c
        }
    }

    private mutating func advanceAfterHardBreak(_ raw: LineBreakClass, word: UInt32, value: UInt32) {
        base = .sp
        spaces = true
        inNumber = false
        numberClosed = false
        regionalCount = 0
        if raw == .sp {
            previous = .sp
            return
        }
        let b: LineBreakClass = (raw == .cm || raw == .zwj) ? .al : raw
        advance(to: b, word: word, value: value, decision: .mandatory, rawClass: raw)
    }

    /// Makes `b` the new base.
    @inline(__always)
    private mutating func advance(
        to b: LineBreakClass, word: UInt32, value: UInt32, decision: Decision, rawClass: LineBreakClass? = nil
    ) {
        regionalCount = (b == .ri && base == .ri && !spaces) ? regionalCount &+ 1 : (b == .ri ? 1 : 0)
        switch b {
        case .nu:
            inNumber = true
            numberClosed = false
        case .sy, .is:
            if !(inNumber && !numberClosed) { inNumber = false }
        case .cl, .cp:
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
