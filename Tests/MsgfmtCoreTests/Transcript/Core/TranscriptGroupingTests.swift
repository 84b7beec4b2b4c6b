import Testing

@testable import MsgfmtCore

@Suite struct TranscriptGroupingTests {
    typealias S = ExportTestSupport
    let clock = ExportClock(timeZone: "UTC")!
    let t0: Int64 = 1_704_067_200 + 3600  // 2024-01-01 01:00 UTC

    private func places(_ messages: [ExportMessage]) -> [(Bool, Bool)] {
        var g = TranscriptGrouping(clock: clock)
        return messages.map {
            let p = g.place($0); return (p.newDay, p.newGroup)
        }
    }

    @Test func gapOf899SecondsKeepsTheGroup() {
        let p = places([S.simple(id: 1, date: t0), S.simple(id: 2, date: t0 + 899)])
        #expect(p[1] == (false, false))
    }

    @Test func gapOf900SecondsKeepsTheGroupAnd901Splits() {
        #expect(places([S.simple(id: 1, date: t0), S.simple(id: 2, date: t0 + 900)])[1] == (false, false))
        #expect(places([S.simple(id: 1, date: t0), S.simple(id: 2, date: t0 + 901)])[1] == (false, true))
    }

    @Test func dayChangeSplitsEvenWithinTheGap() {
        let midnight = clock.unix(year: 2024, month: 1, day: 2, seconds: 0)
        let p = places([S.simple(id: 1, date: midnight - 10), S.simple(id: 2, date: midnight + 10)])
        #expect(p[1] == (true, true))
    }

    @Test func dayChangeFollowsTheTimeZone() {
        let utc = clock.unix(year: 2024, month: 1, day: 1, seconds: 23 * 3600 + 30 * 60)
        var plus = TranscriptGrouping(clock: ExportClock(timeZone: "+01:00")!)
        _ = plus.place(S.simple(id: 1, date: utc - 3600))
        #expect(plus.place(S.simple(id: 2, date: utc)).newDay, "00:30 next day at +01:00")
        #expect(places([S.simple(id: 1, date: utc - 3600), S.simple(id: 2, date: utc)])[1].0 == false)
    }

    @Test func forwardStateSenderAndServiceSplit() {
        #expect(places([S.simple(id: 1, date: t0), S.simple(id: 2, date: t0 + 5, forwarded: "Swift Weekly")])[1] == (false, true))
        #expect(places([S.simple(id: 1, date: t0, forwarded: "A"), S.simple(id: 2, date: t0 + 5, forwarded: "B")])[1] == (false, true))
        #expect(places([S.simple(id: 1, date: t0, forwarded: "A"), S.simple(id: 2, date: t0 + 5, forwarded: "A")])[1] == (false, false))
        #expect(places([S.simple(id: 1, date: t0), S.simple(id: 2, date: t0 + 5, from: "user2")])[1] == (false, true))
        #expect(places([S.simple(id: 1, date: t0, service: true), S.simple(id: 2, date: t0 + 5)])[1] == (false, true))
    }

    @Test func clockFormatsAndParses() {
        #expect(ExportClock.dayTitle(clock.day(of: 1_678_000_000)) == "5 March 2023")
        #expect(ExportClock.parseDay("2024-02-30") == nil)
        #expect(ExportClock.parseDay("2024-02-29").map(ExportClock.isoDay) == "2024-02-29")
        #expect(ExportClock(timeZone: "Mars/Base") == nil)
        #expect(ExportClock(timeZone: "+05:30")?.time(of: 0) == "05:30")
        #expect(ExportClock(timeZone: "-0800")?.stamp(of: 0) == "1969-12-31 16:00")
        #expect(ExportClock(timeZone: "Europe/Berlin")?.time(of: 1_719_835_200) == "14:00", "CEST in July")
        #expect(ExportClock(timeZone: "Europe/Berlin")?.time(of: 1_704_110_400) == "13:00", "CET in January")
    }

    @Test func pageIndexFindsIdsAcrossPages() {
        var index = MessagePageIndex()
        for id in Int64(1)...250 { index.add(id, page: Int((id - 1) / 100)) }
        index.add(7, page: 2)
        index.add(-3, page: 2)
        #expect(index.page(of: 1) == 0)
        #expect(index.page(of: 100) == 0)
        #expect(index.page(of: 101) == 1)
        #expect(index.page(of: 250) == 2)
        #expect(index.page(of: 7) == 2)
        #expect(index.page(of: -3) == 2)
        #expect(index.page(of: 251) == nil)
    }

    /// An id between two of a page's ids that the transcript lacks (deleted, or left out
    /// by `--filter`) is on no page, so nothing links to it.
    @Test func pageIndexKnowsNoIdItWasNotGiven() {
        var index = MessagePageIndex()
        for id: Int64 in [10, 11, 12, 20, 21, 40] { index.add(id, page: id < 40 ? 0 : 1) }
        #expect(index.page(of: 11) == 0)
        #expect(index.page(of: 20) == 0)
        #expect(index.page(of: 40) == 1)
        for missing: Int64 in [9, 13, 19, 22, 39, 41] { #expect(index.page(of: missing) == nil, "\(missing)") }
    }

    @Test func previewCacheForgetsOldest() {
        var cache = ReplyPreviewCache(capacity: 2)
        cache.insert(id: 1, sender: "A", text: "one")
        cache.insert(id: 2, sender: "B", text: "two")
        cache.insert(id: 3, sender: "C", text: "three")
        #expect(cache.lookup(1) == nil)
        #expect(cache.lookup(3)?.text == "three")
    }
}
