/// A string together with its UTF-16 code units, the unit of Telegram's entity offsets.
///
/// Layout and normalization address text by UTF-16 offset; `UTF16Text` keeps the code
/// units in a contiguous array so those offsets are O(1), and remembers whether the text
/// is pure ASCII so callers can skip ICU where the answer is known without it.
public struct UTF16Text: Sendable, Hashable {
    /// The text as a Swift string.
    public let string: String
    /// The UTF-16 code units of `string`.
    public let units: [UInt16]
    /// True when every code unit is below 0x80.
    public let isASCII: Bool

    /// Creates the UTF-16 view of `string`, transcoding its UTF-8 storage in one pass.
    public init(_ string: String) {
        self.string = string
        var ascii = true
        self.units = UTF16Text.units(of: string, ascii: &ascii)
        self.isASCII = ascii
    }

    /// Creates the text from UTF-16 code units; lone surrogates become U+FFFD in `string`
    /// but stay as they are in `units`.
    public init(units: [UInt16]) {
        self.units = units
        var ascii = true
        self.string = units.withUnsafeBufferPointer { UTF16Text.makeString($0, ascii: &ascii) }
        self.isASCII = ascii
    }

    /// The number of UTF-16 code units.
    public var count: Int { units.count }

    /// True when `offset` falls between the two halves of a surrogate pair.
    public func splitsSurrogatePair(at offset: Int) -> Bool {
        guard offset > 0, offset < units.count else { return false }
        return UTF16.isLeadSurrogate(units[offset - 1]) && UTF16.isTrailSurrogate(units[offset])
    }

    /// The string made of the code units in `range` (clamped to the text).
    public func substring(_ range: Range<Int>) -> String {
        let lower = max(0, min(range.lowerBound, units.count))
        let upper = max(lower, min(range.upperBound, units.count))
        if isASCII {
            return units.withUnsafeBufferPointer { buffer in
                ValidUTF8.string(count: upper - lower) { out in
                    for i in lower..<upper { out[i - lower] = UInt8(truncatingIfNeeded: buffer[i]) }
                }
            }
        }
        var ascii = true
        return units.withUnsafeBufferPointer { buffer in
            UTF16Text.makeString(UnsafeBufferPointer(rebasing: buffer[lower..<upper]), ascii: &ascii)
        }
    }

    /// Decodes the Unicode scalar starting at `offset`, with its length in code units.
    /// A lone surrogate decodes as U+FFFD of length 1.
    @inline(__always)
    public func scalar(at offset: Int) -> (scalar: Unicode.Scalar, length: Int) {
        UTF16Text.scalar(in: units, at: offset)
    }
}
