import Glibc
import TestSupport
import Testing

@testable import MsgfmtCore

/// The calendar arithmetic shared by the transcript clock and HTML `<time>` elements, and
/// the direction of the transcript's own lines.
@Suite struct CalendarTests {
    @Test func civilDatesRoundTrip() {
        #expect(CivilDate(days: 0) == CivilDate(year: 1970, month: 1, day: 1))
        #expect(CivilDate(days: -1) == CivilDate(year: 1969, month: 12, day: 31))
        #expect(CivilDate(days: 11_016) == CivilDate(year: 2000, month: 2, day: 29))
        #expect(CivilDate(days: -719_162) == CivilDate(year: 1, month: 1, day: 1))
        var day: Int64 = -1_000_000
        while day < 3_000_000 {
            let date = CivilDate(days: day)
            #expect(CivilDate.days(year: date.year, month: date.month, day: date.day) == day)
            #expect((1...12).contains(date.month) && (1...31).contains(date.day))
            day += 997
        }
    }

    @Test func isoDatesArePadded() {
        #expect(CivilDate(year: 5, month: 3, day: 7).iso == "0005-03-07")
        #expect(CivilDate(year: -5, month: 3, day: 7).iso == "-0005-03-07")
        #expect(ExportClock.isoDay(19_723) == "2024-01-01")
        #expect(ExportClock.dayTitle(19_723) == "1 January 2024")
    }

    /// Times at the ends of the `Int64` range, shifted by a zone, neither trap nor leave the day.
    @Test(arguments: ["UTC", "+14:00", "-12:00", "Europe/Berlin"])
    func extremeTimesDoNotTrap(zone: String) throws {
        let clock = try #require(ExportClock(timeZone: zone))
        for unix in [Int64.min, Int64.min + 1, -1, 0, Int64.max - 1, Int64.max] {
            let time = clock.time(of: unix)
            #expect(time.count == 5 && time.first != "-", "\(unix) in \(zone): \(time)")
            _ = clock.stamp(of: unix)
        }
    }

    /// Floor division: the quotient rounds down, the remainder is never negative, and
    /// together they give back the dividend, at the ends of the `Int64` range too.
    @Test func floorDivisionRoundsDown() {
        #expect((-1 as Int64).floorDivision(by: 86_400) == (-1, 86_399))
        #expect((-86_400 as Int64).floorDivision(by: 86_400) == (-1, 0))
        #expect((86_399 as Int64).floorDivision(by: 86_400) == (0, 86_399))
        #expect(Int64.min.floorDivision(by: 86_400).quotient == Int64.min / 86_400 - 1)
        #expect(Int64.max.floorDivision(by: 7) == (Int64.max / 7, Int64.max % 7))
        var rng = SeededGenerator(seed: 0xF1_00D1)
        var dividends: [Int64] = [Int64.min, Int64.min + 1, -1, 0, 1, Int64.max]
        for _ in 0..<3000 {
            dividends.append(Int64.random(in: Int64.min...Int64.max, using: &rng) >> Int64.random(in: 0...62, using: &rng))
        }
        for a in dividends {
            for b: Int64 in [1, 2, 7, 400, 86_400, 146_097, Int64.max] {
                let (q, r) = a.floorDivision(by: b)
                #expect(r >= 0 && r < b, "\(a) / \(b)")
                #expect(q &* b &+ r == a, "\(a) / \(b)")
                #expect(q == a / b || q == a / b - 1, "\(a) / \(b)")
            }
        }
    }

    /// `datetime` values agree with the C library's UTC calendar, every day of years 1–9999
    /// alike (leap days, the years before 1970).
    @Test func datetimesAgreeWithTheCLibrary() {
        var rng = SeededGenerator(seed: 0x150_8601)
        var instants: [Int64] = [0, -1, 951_782_400, 951_868_799, -62_135_596_800, 253_402_300_799]
        for _ in 0..<20_000 { instants.append(Int64.random(in: HTMLDateTime.instants, using: &rng)) }
        // Around leap days: 29 February of leap years, and 1 March after it.
        for _ in 0..<2000 {
            let year = Int64.random(in: 1...2499, using: &rng) * 4
            let leap = year % 100 != 0 || year % 400 == 0
            let day = CivilDate.days(year: year, month: leap ? 2 : 3, day: leap ? 29 : 1)
            instants.append(day * 86_400 + Int64.random(in: -1...86_400, using: &rng))
        }
        for unix in instants {
            var t = time_t(unix)
            var parts = tm()
            guard gmtime_r(&t, &parts) != nil else {
                Issue.record("gmtime_r failed for \(unix)")
                continue
            }
            func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
            let year = String(parts.tm_year + 1900)
            let expected =
                String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + two(parts.tm_mon + 1) + "-" + two(parts.tm_mday)
                + "T" + two(parts.tm_hour) + ":" + two(parts.tm_min) + ":" + two(parts.tm_sec) + "Z"
            #expect(HTMLDateTime.iso8601(unix) == expected, "\(unix), seed \(rng.seed)")
        }
        #expect(HTMLDateTime.iso8601(-62_135_596_801) == nil)
        #expect(HTMLDateTime.iso8601(253_402_300_800) == nil)
    }

    /// A name in a right-to-left script stays in place inside the transcript's
    /// left-to-right lines instead of turning the line around.
    @Test func transcriptLinesReadLeftToRight() {
        let text = TranscriptText(constraints: LayoutConstraints())
        let line = text.oneLine("↩ محمد: Poll", width: 40)
        let drawn = line.fragments.map(\.display).joined()
        #expect(drawn.hasPrefix("↩ "), "\(drawn)")
        #expect(drawn.hasSuffix(": Poll"), "\(drawn)")
        #expect(!drawn.unicodeScalars.contains("\u{200E}"))
        #expect(line.width == 12)
    }
}
