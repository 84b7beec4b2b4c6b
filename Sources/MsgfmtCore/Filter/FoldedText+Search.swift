extension FoldedText {
    /// True when `needle` occurs where a word of this text starts ("rel" finds "release"
    /// and "re-release", not "unreleased"). In scripts written without spaces (Chinese,
    /// Japanese, Thai, …) every character starts a word, and a needle that starts with no
    /// letter or digit (`#tag`, `👍`) may start anywhere. An empty needle is everywhere.
    func hasWord(startingWith needle: FoldedText) -> Bool {
        firstMatch(of: needle, wholeWords: false)
    }

    /// True when `needle` occurs as whole words of this text: starting where a word
    /// starts and ending where one ends ("smith" and "alice smith" in "alice smith", not
    /// "ali").
    func hasWholeWords(_ needle: FoldedText) -> Bool {
        firstMatch(of: needle, wholeWords: true)
    }

    private func firstMatch(of needle: FoldedText, wholeWords: Bool) -> Bool {
        let n = needle.units
        guard let first = n.first else { return true }
        let h = units
        guard h.count >= n.count else { return false }
        let anywhere = Self.standsAlone(UTF16Text.scalar(in: n, at: 0).scalar)
        let endsAnywhere = Self.standsAlone(UTF16Text.scalar(in: n, before: n.count).scalar)
        return h.withUnsafeBufferPointer { hay in
            n.withUnsafeBufferPointer { pin in
                var i = 0
                let last = hay.count - pin.count
                while i <= last {
                    defer { i += 1 }
                    guard hay[i] == first else { continue }
                    var k = 1
                    while k < pin.count, hay[i + k] == pin[k] { k += 1 }
                    guard k == pin.count else { continue }
                    guard anywhere || startsWord(at: i) else { continue }
                    if wholeWords, !endsAnywhere, !endsWord(at: i + pin.count) { continue }
                    return true
                }
                return false
            }
        }
    }

    /// True when a word starts at unit `i`: nothing before it, or a scalar that is no
    /// part of a word, or one of a script written without spaces.
    private func startsWord(at i: Int) -> Bool {
        guard i > 0 else { return true }
        return Self.standsAlone(UTF16Text.scalar(in: units, before: i).scalar)
    }

    /// True when a word ends before unit `i`.
    private func endsWord(at i: Int) -> Bool {
        guard i < units.count else { return true }
        return Self.standsAlone(UTF16Text.scalar(in: units, at: i).scalar)
    }

    /// Letters, digits and the marks that continue them: ASCII letters and digits, and
    /// beyond ASCII what ICU calls Alphabetic, a number or a mark (`ScalarFlags.word`).
    @inline(__always)
    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 {
            // One bit per ASCII code: digits in the low word, letters in the high one.
            let bits: UInt64 = v < 0x40 ? 0x03FF_0000_0000_0000 : 0x07FF_FFFE_07FF_FFFE
            return bits >> UInt64(v & 0x3F) & 1 != 0
        }
        return ScalarFlags.of(s).contains(.word)
    }

    /// True for a scalar that needs no word boundary next to it to match: one that is
    /// no part of a word, or one of a script written without spaces.
    static func standsAlone(_ s: Unicode.Scalar) -> Bool {
        !isWordScalar(s) || isSpaceless(s)
    }

    /// Scalars of scripts written without spaces between words: CJK ideographs and
    /// kana, Thai, Lao, Myanmar, Khmer. Inlined: the search terms' walk asks it for
    /// every scalar beyond ASCII.
    @inline(__always)
    static func isSpaceless(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x2E80...0x9FFF, 0xF900...0xFAFF,
            0xFF66...0xFF9F, 0x20000...0x3FFFF:
            true
        default: false
        }
    }
}
