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
        #expect(ExportClock.floorDiv(-1, 86_400) == -1)
        #expect(ExportClock.floorDiv(Int64.min, 86_400) == Int64.min / 86_400 - 1)
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
