/// A UAX #14 line-break class (its short name in lower case), numbered as ICU's
/// `ULineBreak` (and the generated table).
enum LineBreakClass: UInt8, CaseIterable {
    case xx, ai, al, b2, ba, bb, bk, cb, cl, cm, cr, ex, gl, hy, id, `in`, `is`, lf, ns, nu, op, po, pr, qu, sa, sg
    case sp, sy, zw, nl, wj, h2, h3, jl, jt, jv, cp, cj, hl, ri, eb, em, zwj

    /// The number of classes.
    static let count = 43

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
        case .ai, .sg, .xx: return .al
        case .cj: return .ns
        default: return self
        }
    }
}
