import Testing

@testable import MsgfmtCore

/// The attributes' names, which `--to json` writes by bit.
@Suite struct StyleAttributesTests {
    /// `named` lists the attribute of bit k at k, each name once: the JSON writer looks
    /// a name up by its bit.
    @Test func namesAreInBitOrder() {
        for (k, entry) in StyleAttributes.named.enumerated() {
            #expect(entry.0.rawValue == 1 << UInt32(k), "\(entry.1) at \(k)")
        }
        #expect(Set(StyleAttributes.named.map(\.1)).count == StyleAttributes.named.count)
    }

    /// `names` lists a set's attributes in that order.
    @Test func namesOfASet() {
        #expect(StyleAttributes([.url, .bold, .expandableBlockquote]).names == ["bold", "url", "expandable_blockquote"])
        #expect(StyleAttributes().names.isEmpty)
    }
}
