import TestSupport
import Testing

@testable import MsgfmtCore

/// `TimeOfDay.writeDateAndTime` writes in one append what the date's and the time's own
/// writers write one field at a time.
@Suite struct TimeOfDayTests {
    /// The fields one after another: `CivilDate.write`, the separator, `TimeOfDay.write`.
    private func reference(_ seconds: Int64, _ separator: UInt8, _ withSeconds: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        let (day, time) = TimeOfDay.split(seconds)
        CivilDate(days: day).write(to: &bytes)
        bytes.append(separator)
        time.write(to: &bytes, withSeconds: withSeconds)
        return bytes
    }

    @Test func writesWhatTheFieldsWriteForAnyInstant() {
        var rng = SeededGenerator(seed: 0x71DE)
        // Around the epoch, the years 1 and 9999, and far beyond both (negative years,
        // years of five digits and more).
        var instants: [Int64] = [0, -1, 86_399, 86_400, -62_135_596_800, 253_402_300_799, 253_402_300_800, -62_135_596_801]
        for _ in 0..<20_000 {
            let scale: Int64 = [86_400, 1 << 31, 1 << 40, 1 << 45][rng.below(4)]
            instants.append(Int64(rng.below(Int(scale))) - scale / 2)
        }
        for seconds in instants {
            for (separator, withSeconds) in [(UInt8(ascii: "T"), true), (UInt8(ascii: " "), false), (UInt8(ascii: "_"), true)] {
                var bytes: [UInt8] = Array("<".utf8)
                TimeOfDay.writeDateAndTime(of: seconds, separator: separator, withSeconds: withSeconds, to: &bytes)
                if bytes != Array("<".utf8) + reference(seconds, separator, withSeconds) {
                    Issue.record("\(seconds): \(String(decoding: bytes, as: UTF8.self))")
                    return
                }
            }
        }
        var known: [UInt8] = []
        TimeOfDay.writeDateAndTime(of: 1_704_067_260, separator: UInt8(ascii: "T"), withSeconds: true, to: &known)
        #expect(String(decoding: known, as: UTF8.self) == "2024-01-01T00:01:00")
    }
}
