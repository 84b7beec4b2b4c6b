import TestSupport
import Testing

@testable import MsgfmtCore

/// The date and time writers write the fields of `CivilDate` and `TimeOfDay` as the
/// standard's extended format spells them, whatever the instant.
@Suite struct TimeOfDayTests {
    /// `n` in decimal with at least `width` digits, after a minus sign when negative.
    private func padded(_ n: Int64, _ width: Int) -> String {
        let digits = String(n.magnitude)
        return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The date, the separator and the time spelled from the fields with Swift's strings.
    private func reference(_ seconds: Int64, _ separator: UInt8, _ withSeconds: Bool) -> (date: String, time: String, whole: String) {
        let (day, time) = TimeOfDay.split(seconds)
        let civil = CivilDate(days: day)
        let s = Int64(time.seconds)
        let date = "\(padded(civil.year, 4))-\(padded(Int64(civil.month), 2))-\(padded(Int64(civil.day), 2))"
        let clock = "\(padded(s / 3600, 2)):\(padded(s / 60 % 60, 2))" + (withSeconds ? ":\(padded(s % 60, 2))" : "")
        return (date, clock, date + String(UnicodeScalar(separator)) + clock)
    }

    @Test func writesTheFieldsOfAnyInstant() {
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
                let expected = reference(seconds, separator, withSeconds)
                var date: [UInt8] = []
                var clock: [UInt8] = []
                let (day, time) = TimeOfDay.split(seconds)
                CivilDate(days: day).write(to: &date)
                time.write(to: &clock, withSeconds: withSeconds)
                if bytes != Array(("<" + expected.whole).utf8) || date != Array(expected.date.utf8)
                    || clock != Array(expected.time.utf8)
                {
                    Issue.record("\(seconds): \(String(decoding: bytes, as: UTF8.self)), expected \(expected.whole)")
                    return
                }
            }
        }
        var known: [UInt8] = []
        TimeOfDay.writeDateAndTime(of: 1_704_067_260, separator: UInt8(ascii: "T"), withSeconds: true, to: &known)
        #expect(String(decoding: known, as: UTF8.self) == "2024-01-01T00:01:00")
    }
}
