extension HTMLSiteWriter {
    /// The local day, month or year a page holds with `--pages` by date.
    struct Period: Hashable {
        /// Days since 1970-01-01 (day), months since year 0 (month), or the year.
        let key: Int64
        /// What the page's title, heading and the pager links call it: `5 March 2024`,
        /// `March 2024`, `2024`.
        let title: String

        /// The period of a message sent at `unix`, in `clock`'s zone.
        init(of unix: Int64, split: PageSplit, clock: ExportClock) {
            let day = clock.day(of: unix)
            let (year, month, _) = ExportClock.civil(fromDays: day)
            switch split {
            case .day, .count:
                key = day
                title = ExportClock.dayTitle(day)
            case .month:
                key = Int64(year) &* 12 &+ Int64(month - 1)
                title = "\(ExportClock.monthNames[month - 1]) \(year)"
            case .year:
                key = Int64(year)
                title = String(year)
            }
        }

        static func == (a: Period, b: Period) -> Bool { a.key == b.key }
        func hash(into hasher: inout Hasher) { hasher.combine(key) }
    }
}
