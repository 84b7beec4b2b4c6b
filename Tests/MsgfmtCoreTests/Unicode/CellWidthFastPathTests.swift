import Testing

@testable import MsgfmtCore

/// Single-unit clusters in common scripts are measured without asking ICU; every BMP
/// scalar must still get the width its ICU properties give.
@Suite struct CellWidthFastPathTests {
    @Test func everyBMPScalarAloneHasItsPropertyWidth() {
        var checked = 0
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = UTF16Text(units: [UInt16(value)])
            let got = CellWidth.ofCluster(text, 0..<1, model: .modern)
            if got != CellWidth.of(scalar) {
                Issue.record("U+\(String(value, radix: 16)): \(got) cells, its properties say \(CellWidth.of(scalar))")
            }
            checked += 1
        }
        #expect(checked == 0x10000 - 0x800)
    }
}
