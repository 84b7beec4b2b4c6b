/// The UAX #14 rules that look at two classes only (LB19–LB29 and the pair parts of
/// LB25), as a table: one 64-bit row of "break allowed" bits per class before the
/// boundary. `LineBreakState` applies the stateful rules first and reads this last.
enum LineBreakPairs {
    /// Row `a`, bit `b`: a line may end between a code point of class `a` and one of
    /// class `b` when no earlier rule decided.
    static let table: [UInt64] = LineBreakClass.allCases.map { a in
        var row: UInt64 = 0
        for b in LineBreakClass.allCases where allows(a, b) { row |= 1 << UInt64(b.rawValue) }
        return row
    }

    /// True when no pair rule keeps `a` and `b` together (LB31 then allows a break).
    static func allows(_ a: LineBreakClass, _ b: LineBreakClass) -> Bool {
        switch (a, b) {
        case (_, .qu), (.qu, _): return false  // LB19
        case (_, .ba), (_, .hy), (_, .ns), (.bb, _): return false  // LB21
        case (.sy, .hl): return false  // LB21b
        case (_, .in): return false  // LB22
        case (.al, .nu), (.hl, .nu), (.nu, .al), (.nu, .hl): return false  // LB23
        case (.pr, .id), (.pr, .eb), (.pr, .em), (.id, .po), (.eb, .po), (.em, .po): return false  // LB23a
        case (.pr, .al), (.pr, .hl), (.po, .al), (.po, .hl), (.al, .pr), (.al, .po), (.hl, .pr), (.hl, .po):
            return false  // LB24
        case (.pr, .nu), (.po, .nu), (.op, .nu), (.hy, .nu), (.is, .nu), (.nu, .nu): return false  // LB25
        case (.jl, .jl), (.jl, .jv), (.jl, .h2), (.jl, .h3), (.jv, .jv), (.jv, .jt), (.h2, .jv), (.h2, .jt),
            (.jt, .jt), (.h3, .jt):
            return false  // LB26
        case (.jl, .po), (.jv, .po), (.jt, .po), (.h2, .po), (.h3, .po), (.pr, .jl), (.pr, .jv), (.pr, .jt),
            (.pr, .h2), (.pr, .h3):
            return false  // LB27
        case (.al, .al), (.al, .hl), (.hl, .al), (.hl, .hl): return false  // LB28
        case (.is, .al), (.is, .hl): return false  // LB29
        default: return true
        }
    }

    /// The table's answer for `a` then `b`.
    @inline(__always)
    static func allows(_ table: UnsafePointer<UInt64>, _ a: LineBreakClass, _ b: LineBreakClass) -> Bool {
        table[Int(a.rawValue)] >> UInt64(b.rawValue) & 1 != 0
    }
}
