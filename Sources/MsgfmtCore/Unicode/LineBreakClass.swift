/// A UAX #14 line-break class, numbered as ICU's `ULineBreak` (and the generated table).
enum LineBreakClass: UInt8, CaseIterable {
    case XX, AI, AL, B2, BA, BB, BK, CB, CL, CM, CR, EX, GL, HY, ID, IN, IS, LF, NS, NU, OP, PO, PR, QU, SA, SG,
        SP, SY, ZW, NL, WJ, H2, H3, JL, JT, JV, CP, CJ, HL, RI, EB, EM, ZWJ

    /// The class of a property word (`CodePointTable`).
    @inline(__always)
    init(word: UInt32) {
        self = unsafeBitCast(UInt8(truncatingIfNeeded: word & 0x3F), to: LineBreakClass.self)
    }

    /// The class rule LB1 resolves this one to under ICU's default rules: AI, SG and XX
    /// behave as AL, CJ as NS (CSS strict). SA and CB stay: the fused pass leaves text
    /// holding them to ICU.
    @inline(__always)
    var resolved: LineBreakClass {
        switch self {
        case .AI, .SG, .XX: return .AL
        case .CJ: return .NS
        default: return self
        }
    }
}
