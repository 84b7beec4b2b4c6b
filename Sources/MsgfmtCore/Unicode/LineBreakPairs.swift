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
        case (_, .QU), (.QU, _): return false  // LB19
        case (_, .BA), (_, .HY), (_, .NS), (.BB, _): return false  // LB21
        case (.SY, .HL): return false  // LB21b
        case (_, .IN): return false  // LB22
        case (.AL, .NU), (.HL, .NU), (.NU, .AL), (.NU, .HL): return false  // LB23
        case (.PR, .ID), (.PR, .EB), (.PR, .EM), (.ID, .PO), (.EB, .PO), (.EM, .PO): return false  // LB23a
        case (.PR, .AL), (.PR, .HL), (.PO, .AL), (.PO, .HL), (.AL, .PR), (.AL, .PO), (.HL, .PR), (.HL, .PO):
            return false  // LB24
        case (.PR, .NU), (.PO, .NU), (.OP, .NU), (.HY, .NU), (.IS, .NU), (.NU, .NU): return false  // LB25
        case (.JL, .JL), (.JL, .JV), (.JL, .H2), (.JL, .H3), (.JV, .JV), (.JV, .JT), (.H2, .JV), (.H2, .JT),
            (.JT, .JT), (.H3, .JT):
            return false  // LB26
        case (.JL, .PO), (.JV, .PO), (.JT, .PO), (.H2, .PO), (.H3, .PO), (.PR, .JL), (.PR, .JV), (.PR, .JT),
            (.PR, .H2), (.PR, .H3):
            return false  // LB27
        case (.AL, .AL), (.AL, .HL), (.HL, .AL), (.HL, .HL): return false  // LB28
        case (.IS, .AL), (.IS, .HL): return false  // LB29
        default: return true
        }
    }

    /// The table's answer for `a` then `b`.
    @inline(__always)
    static func allows(_ table: UnsafePointer<UInt64>, _ a: LineBreakClass, _ b: LineBreakClass) -> Bool {
        table[Int(a.rawValue)] >> UInt64(b.rawValue) & 1 != 0
    }
}
