internal import CICU

/// Arabic letters in their joined shapes for terminal output: each letter of a right-to-left
/// fragment is drawn as the contextual presentation form (isolated, final, initial or
/// medial) its neighbours call for. Layout reverses right-to-left text for display, and a
/// terminal given text in display order cannot join its letters (one that shapes would
/// join them the wrong way round), so the shapes are chosen here, from the text in logical
/// order, as `u_shapeArabic` and the Arabic reshapers of terminal tools do.
///
/// Every letter keeps its own cell: lam followed by alef is drawn as two joined letters,
/// not as the lam-alef ligature (one glyph for two cells). Two neighbours join only when
/// both can be drawn joined on that side: a letter needs a presentation form that
/// connects there (noon ghunna, dual-joining, has only isolated and final forms), tatweel
/// and the zero-width joiner always can; transparent characters (marks) between them are
/// passed over. The forms and joining types are generated from the Unicode data files
/// (`msgfmt_arabic_forms`, `msgfmt_joining_types`); the tests compare both with ICU.
enum ArabicShaping {
    /// Joining_Type as the generated ranges number it (U is every code point they leave out).
    enum JoiningType: UInt32 {
        case nonJoining = 0
        case transparent = 1
        case dual = 2
        case right = 3
        case left = 4
        case causing = 5
    }

    /// The presentation forms of a letter (0 for one it lacks).
    struct Forms: Equatable {
        var isolated: UInt16
        var final: UInt16
        var initial: UInt16
        var medial: UInt16
    }

    /// The lowest and highest letter with presentation forms (hamza and yeh barree with
    /// hamza above).
    static let letters: ClosedRange<UInt16> = 0x0621...0x06D3

    /// The units of `text` in `range` with each letter that has presentation forms replaced
    /// by the one its neighbours in `text` call for; nil when no unit is in `letters`.
    /// `range` starts and ends between scalars (as cluster boundaries do).
    ///
    /// One walk over the range: the sides of the last character that is not transparent
    /// decide whether the next letter joins before it, and a letter waits for the next such
    /// character to know whether it joins after it (the marks between are passed over). Only
    /// the first letter's neighbour before the range and the last one's after it are looked
    /// for outside. `referenceShaped` gives the same answer a letter at a time.
    static func shaped(_ text: UTF16Text, range: Range<Int>) -> [UInt16]? {
        text.units.withUnsafeBufferPointer { all in
            let units = UnsafeBufferPointer(rebasing: all[range])
            guard units.contains(where: { $0 &- letters.lowerBound <= letters.upperBound &- letters.lowerBound }) else {
                return nil
            }
            return Sides.near.withUnsafeBufferPointer { near in
                formTable.withUnsafeBufferPointer { forms in
                    var out = Array(units)
                    out.withUnsafeMutableBufferPointer { out in
                        // Whether the last character that is not transparent joins the one
                        // after it (at the start, the neighbour before the range).
                        var previousJoinsAfter = neighbour(in: text, before: range.lowerBound).after
                        // The letter waiting for its neighbour after it: its place in `out`
                        // (-1: none), forms, sides and whether it joins before.
                        var waiting = -1
                        var waitingForms = Forms(isolated: 0, final: 0, initial: 0, medial: 0)
                        var waitingAfter = false
                        var waitingJoinsBefore = false
                        var k = 0
                        while k < units.count {
                            let unit = units[k]
                            var length = 1
                            let sides: Sides
                            if unit < 0x0700 {
                                sides = near[Int(unit)]
                            } else {
                                let (scalar, n) = text.scalar(at: range.lowerBound &+ k)
                                length = n
                                sides = Sides.of(scalar.value)
                            }
                            if sides.transparent {
                                k &+= length
                                continue
                            }
                            if waiting >= 0 {
                                out[waiting] = form(
                                    waitingForms, joinsBefore: waitingJoinsBefore, joinsAfter: waitingAfter && sides.before)
                                waiting = -1
                            }
                            let letter = Int(unit) &- Int(letters.lowerBound)
                            if letter >= 0, letter < forms.count, forms[letter].isolated != 0 {
                                waiting = k
                                waitingForms = forms[letter]
                                waitingAfter = sides.after
                                waitingJoinsBefore = sides.before && previousJoinsAfter
                            }
                            previousJoinsAfter = sides.after
                            k &+= length
                        }
                        if waiting >= 0 {
                            let joinsAfter = waitingAfter && neighbour(in: text, after: range.upperBound &- 1).before
                            out[waiting] = form(waitingForms, joinsBefore: waitingJoinsBefore, joinsAfter: joinsAfter)
                        }
                    }
                    return out
                }
            }
        }
    }

    /// `shaped(_:range:)` a letter at a time: each letter looks for its neighbours on
    /// either side. The tests hold `shaped` to this.
    static func referenceShaped(_ text: UTF16Text, range: Range<Int>) -> [UInt16]? {
        let units = text.units
        guard units[range].contains(where: letters.contains) else { return nil }
        var out = Array(units[range])
        for i in range where letters.contains(units[i]) {
            guard let forms = forms(of: units[i]) else { continue }
            let sides = Sides.of(UInt32(units[i]))
            let joinsBefore = sides.before && neighbour(in: text, before: i).after
            let joinsAfter = sides.after && neighbour(in: text, after: i).before
            out[i - range.lowerBound] = form(forms, joinsBefore: joinsBefore, joinsAfter: joinsAfter)
        }
        return out
    }

    /// The forms of each of `letters` in order (all 0 for one without them).
    private static let formTable: [Forms] = letters.map {
        forms(of: $0) ?? Forms(isolated: 0, final: 0, initial: 0, medial: 0)
    }

    /// The form for a letter joined on either side, falling back to one it has.
    @inline(__always)
    private static func form(_ forms: Forms, joinsBefore: Bool, joinsAfter: Bool) -> UInt16 {
        var chosen: UInt16 = 0
        switch (joinsBefore, joinsAfter) {
        case (true, true): chosen = forms.medial != 0 ? forms.medial : forms.final
        case (true, false): chosen = forms.final
        case (false, true): chosen = forms.initial
        case (false, false): break
        }
        return chosen != 0 ? chosen : forms.isolated
    }

    /// The sides a character can be drawn joined on, in logical order: `before` toward the
    /// character before it (a right-joining letter's side), `after` toward the one after.
    private struct Sides {
        var before = false
        var after = false
        var transparent = false

        /// No side: nothing to join.
        init() {}

        /// The sides of `scalar`, from a table below U+0700 (the Arabic block and everything
        /// before it: the neighbours Arabic text mostly has).
        static func of(_ scalar: UInt32) -> Sides {
            scalar < 0x0700 ? near[Int(scalar)] : Sides(computing: scalar)
        }

        static let near: [Sides] = (0..<0x0700).map { Sides(computing: UInt32($0)) }

        /// The sides of `scalar`: a letter's by its joining type and the forms it has (a
        /// letter without presentation forms is drawn unjoined), tatweel's and the joiner's
        /// both; marks are transparent.
        init(computing scalar: UInt32) {
            switch joiningType(scalar) {
            case .transparent: transparent = true
            case .causing: (before, after) = (true, true)
            case .nonJoining: break
            case let type:
                guard scalar <= 0xFFFF, let forms = forms(of: UInt16(scalar)) else { return }
                before = type != .left && (forms.final != 0 || forms.medial != 0)
                after = type != .right && (forms.initial != 0 || forms.medial != 0)
            }
        }
    }

    /// The sides of the first character before `i` that is not transparent (none at the
    /// start of the text).
    private static func neighbour(in text: UTF16Text, before i: Int) -> Sides {
        var k = i
        while k > 0 {
            k -= 1
            if k > 0, UTF16.isTrailSurrogate(text.units[k]), UTF16.isLeadSurrogate(text.units[k - 1]) { k -= 1 }
            let sides = Sides.of(text.scalar(at: k).scalar.value)
            if !sides.transparent { return sides }
        }
        return Sides()
    }

    /// The same for the first character after `i`.
    private static func neighbour(in text: UTF16Text, after i: Int) -> Sides {
        var k = i + 1
        while k < text.count {
            let (scalar, length) = text.scalar(at: k)
            let sides = Sides.of(scalar.value)
            if !sides.transparent { return sides }
            k += length
        }
        return Sides()
    }

    /// The Joining_Type of a scalar (binary search of the generated ranges).
    static func joiningType(_ scalar: UInt32) -> JoiningType {
        let ranges = msgfmt_joining_types()!
        var low = 0
        var high = CodePointTable.joiningRanges
        while low < high {
            let mid = (low &+ high) >> 1
            if scalar < ranges[mid &* 3] {
                high = mid
            } else if scalar > ranges[mid &* 3 &+ 1] {
                low = mid &+ 1
            } else {
                return JoiningType(rawValue: ranges[mid &* 3 &+ 2]) ?? .nonJoining
            }
        }
        return .nonJoining
    }

    /// The letter each presentation form of the generated rows shows (for checks of what
    /// layout draws).
    static let letterOfForm: [UInt16: UInt16] = {
        let rows = msgfmt_arabic_forms()!
        var letters: [UInt16: UInt16] = [:]
        for row in 0..<CodePointTable.arabicLetters {
            for k in 1...4 where rows[row * 5 + k] != 0 { letters[rows[row * 5 + k]] = rows[row * 5] }
        }
        return letters
    }()

    /// The presentation forms of `letter`, or nil when it has none (binary search of the
    /// generated rows).
    static func forms(of letter: UInt16) -> Forms? {
        let rows = msgfmt_arabic_forms()!
        var low = 0
        var high = CodePointTable.arabicLetters
        while low < high {
            let mid = (low &+ high) >> 1
            let row = rows + mid &* 5
            if row[0] == letter { return Forms(isolated: row[1], final: row[2], initial: row[3], medial: row[4]) }
            if row[0] < letter { low = mid &+ 1 } else { high = mid }
        }
        return nil
    }
}
