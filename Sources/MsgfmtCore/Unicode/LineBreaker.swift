internal import CICU

/// Finds UAX #14 line-break opportunities, through ICU or an ASCII fast path.
public enum LineBreaker {
    /// The break opportunities of `text`: every offset after 0 where a line may end,
    /// the end of the text included. Mandatory breaks follow newlines.
    ///
    /// Plain ASCII prose (letters, digits, spaces, newlines and sentence punctuation that
    /// is not followed by a letter or digit) is answered without ICU; the answer is the
    /// same as ICU's, which the tests check. O(n).
    public static func breaks(in text: UTF16Text) -> [LineBreak] {
        if text.isASCII, let fast = asciiBreaks(text.units) {
            return fast
        }
        return icuBreaks(text.units)
    }

    /// ICU's break opportunities for arbitrary UTF-16 code units.
    public static func icuBreaks(_ units: [UInt16]) -> [LineBreak] {
        if units.isEmpty { return [] }
        let capacity = units.count + 1
        var offsets = [Int32](repeating: 0, count: capacity)
        var mandatory = [UInt8](repeating: 0, count: capacity)
        let count = units.withUnsafeBufferPointer { text in
            offsets.withUnsafeMutableBufferPointer { offs in
                mandatory.withUnsafeMutableBufferPointer { mand in
                    msgfmt_icu_line_breaks(text.baseAddress, Int32(units.count), offs.baseAddress, mand.baseAddress, Int32(capacity))
                }
            }
        }
        guard count >= 0 else {
            // ICU could not open its line-break rules: fall back to "anywhere" breaks so
            // layout still terminates; text is never lost.
            return (1...units.count).map { LineBreak(offset: $0, mandatory: $0 == units.count) }
        }
        var result: [LineBreak] = []
        result.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            result.append(LineBreak(offset: Int(offsets[i]), mandatory: mandatory[i] != 0))
        }
        return result
    }

    /// The fast path: nil when the text holds anything whose rules need ICU.
    static func asciiBreaks(_ units: [UInt16]) -> [LineBreak]? {
        if units.isEmpty { return [] }
        var result: [LineBreak] = []
        result.reserveCapacity(units.count / 5 + 2)
        let n = units.count
        for i in 0..<n {
            let c = units[i]
            switch c {
            case 0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x20, 0x0A:
                break
            case 0x2E, 0x2C, 0x21, 0x3F, 0x3B, 0x3A:  // . , ! ? ; :
                if i + 1 < n, isAlnum(units[i + 1]) { return nil }
            default:
                return nil
            }
            if i == 0 { continue }
            let previous = units[i - 1]
            if previous == 0x0A {
                result.append(LineBreak(offset: i, mandatory: true))
            } else if previous == 0x20, isAlnum(c) {
                result.append(LineBreak(offset: i, mandatory: false))
            }
        }
        result.append(LineBreak(offset: n, mandatory: units[n - 1] == 0x0A))
        return result
    }

    @inline(__always)
    private static func isAlnum(_ c: UInt16) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
    }
}
