/// The hash the site's search index files a term by, in memory only: a polynomial in the
/// term's UTF-16 units (`value = value × base + unit` for each), so the hash of a pair of
/// words with a space between them follows from the two words' hashes without reading
/// their units again (`pair`). The table index mixes it, since a polynomial's low bits
/// depend only on the units' low bits. Not collision-proof: tables confirm by comparing.
struct SearchTermHash: Sendable, Equatable {
    /// The hash of the units added so far (0 for none).
    private(set) var value: UInt64 = 0

    /// The multiplier: odd, so no unit's contribution is ever lost.
    static let base: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// `base` to the powers 0 through `SearchTerms.maximumLength + 1`, what a pair's
    /// second word needs (words are cut to that length; a pair adds the space). Written
    /// out so the table is a constant, not built on first use behind a check on every
    /// pair (`SearchTermsTests` compares it with the products).
    static let powers: [UInt64] = [
        0x0000_0000_0000_0001, 0x9E37_79B9_7F4A_7C15, 0xDF44_2D22_CE48_59B9,
        0x604A_5CE3_ADDE_F82D, 0xD943_63FC_5382_27B1, 0x2E2B_795F_2D10_FD85,
        0x4BE7_956E_30A3_37E9, 0x5ECB_31E4_CCD2_721D, 0x06D4_B261_1BEB_6861,
        0x0F10_CD6A_9BE8_8BF5, 0x80E0_DCF7_6DB0_2719, 0x7790_23CF_069D_510D,
        0x4114_E343_9EEB_F211, 0x8FC1_5A19_BA85_1765, 0x5068_7085_A271_D749,
        0x82FE_791B_E9B8_04FD, 0xF53F_7DFF_42A4_F4C1, 0xC171_2BCB_DCDF_8FD5,
        0x204D_B59C_A693_F879, 0xE1A2_1604_3077_FDED, 0x07DD_E4BF_1258_A071,
        0x657D_F06E_DEA5_E545, 0xFB5E_617F_1F9B_3AA9, 0xB39A_FCD6_93FF_ABDD,
        0x761A_F329_4C1A_2521, 0x3737_5913_02AB_07B5,
    ]

    /// The hash of no units.
    init() {}

    /// The hash of `units`.
    init(units: some Sequence<UInt16>) {
        for unit in units { add(unit: unit) }
    }

    /// Adds one unit at the end.
    @inline(__always)
    mutating func add(unit: UInt16) {
        value = value &* Self.base &+ UInt64(unit)
    }

    /// The hash of `first`'s units, then `second`'s, where `second` has `length` units
    /// (at most `SearchTerms.maximumLength + 1`).
    @inline(__always)
    static func joined(_ first: SearchTermHash, _ second: SearchTermHash, length: Int) -> SearchTermHash {
        var out = SearchTermHash()
        out.value = first.value &* powers[length] &+ second.value
        return out
    }

    /// The hash of `first`'s units, a space, then `second`'s `length` units (at most
    /// `SearchTerms.maximumLength`): the term of a pair of words.
    @inline(__always)
    static func pair(_ first: SearchTermHash, _ second: SearchTermHash, length: Int) -> SearchTermHash {
        var out = SearchTermHash()
        out.value = (first.value &* base &+ 0x20) &* powers[length] &+ second.value
        return out
    }

    /// The hash mixed for the index of an open-addressed table (mask the low bits) and
    /// its tag (the top bits): the high bits folded down and spread by a multiply.
    @inline(__always)
    var tableIndex: Int {
        var x = value ^ (value >> 32)
        x = x &* 0xD6E8_FEB8_6659_FD93
        return Int(truncatingIfNeeded: x ^ (x >> 32))
    }
}
