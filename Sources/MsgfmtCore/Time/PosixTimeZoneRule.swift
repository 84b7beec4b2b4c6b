/// A POSIX `TZ` rule such as `CET-1CEST,M3.5.0,M10.5.0/3`: a standard offset and, when the
/// zone has daylight saving time, its offset and the yearly dates it starts and ends.
///
/// Zone files end with one (RFC 8536 footer) to describe the times after their last
/// listed transition; `TZ` may also hold one directly.
struct PosixTimeZoneRule: Sendable, Equatable {
    /// When in a year a change happens: a day rule and the local time of day, in seconds.
    struct Change: Sendable, Equatable {
        enum Day: Sendable, Equatable {
            /// `Jn`: day 1...365, February 29 never counted.
            case julian(Int)
            /// `n`: day 0...365, February 29 counted in leap years.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (5 = last) of month `m`.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }
        var day: Day
        var time: Int = 7_200
    }

    /// Seconds east of UTC outside daylight saving time.
    var standardOffset: Int
    /// Seconds east of UTC during daylight saving time, or nil when the zone has none.
    var daylightOffset: Int?
    var start: Change?
    var end: Change?

    /// Parses `text`; nil when it is not a valid rule.
    init?(_ text: String) {
        var p = Parser(Array(text.utf8))
        guard p.name(), let std = p.offset(hoursLimit: 24) else { return nil }
        standardOffset = -std
        if p.atEnd { return }
        guard p.name() else { return nil }
        if p.peek != UInt8(ascii: ","), !p.atEnd {
            guard let dst = p.offset(hoursLimit: 24) else { return nil }
            daylightOffset = -dst
        } else {
            daylightOffset = standardOffset + 3_600
        }
        if p.atEnd {
            // No dates given: the US rules POSIX assumes by default.
            start = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0))
            end = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0))
            return
        }
        guard p.take(","), let s = p.change(), p.take(","), let e = p.change(), p.atEnd else { return nil }
        start = s
        end = e
    }

    /// Seconds east of UTC at `unix`.
    func offset(at unix: Int64) -> Int {
        guard let daylightOffset, let start, let end else { return standardOffset }
        let year = Int(clamping: CivilDate(days: TimeOfDay.split(unix &+ Int64(standardOffset)).day).year)
        // Starts are given in standard time, ends in daylight time.
        let begins = Self.instant(start, year: year) &- Int64(standardOffset)
        let ends = Self.instant(end, year: year) &- Int64(daylightOffset)
        let inDaylight = begins < ends ? (unix >= begins && unix < ends) : !(unix >= ends && unix < begins)
        return inDaylight ? daylightOffset : standardOffset
    }

    /// Local seconds since the epoch at which `change` happens in `year`.
    static func instant(_ change: Change, year: Int) -> Int64 {
        let january1 = ExportClock.days(year: year, month: 1, day: 1)
        let leap = ExportClock.days(year: year, month: 3, day: 1) - ExportClock.days(year: year, month: 2, day: 1) == 29
        let day: Int64
        switch change.day {
        case .julian(let n):
            day = january1 + Int64(n - 1) + (leap && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            day = january1 + Int64(n)
        case .monthWeekDay(let month, let week, let weekday):
            let first = ExportClock.days(year: year, month: month, day: 1)
            // 1970-01-01 was a Thursday (weekday 4).
            let firstWeekday = Int((first + 4).floorDivision(by: 7).remainder)
            var d = first + Int64((weekday - firstWeekday + 7) % 7) + Int64(week - 1) * 7
            let length = month == 12 ? 31 : ExportClock.days(year: year, month: month + 1, day: 1) - first
            while d >= first + length { d -= 7 }
            day = d
        }
        return day &* 86_400 &+ Int64(change.time)
    }

    /// A cursor over the rule's bytes.
    private struct Parser {
        let bytes: [UInt8]
        var i = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { i >= bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[i] }

        mutating func take(_ c: Character) -> Bool {
            guard peek == c.asciiValue else { return false }
            i += 1
            return true
        }

        /// A zone abbreviation: three or more letters, or `<...>` quoted.
        mutating func name() -> Bool {
            if take("<") {
                let from = i
                while let c = peek, c != UInt8(ascii: ">") { i += 1 }
                guard i - from >= 3, take(">") else { return false }
                return true
            }
            let from = i
            while let c = peek, (c | 0x20) >= UInt8(ascii: "a"), (c | 0x20) <= UInt8(ascii: "z") { i += 1 }
            return i - from >= 3
        }

        mutating func number(maxDigits: Int) -> Int? {
            let from = i
            var value = 0
            while let c = peek, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9"), i - from < maxDigits {
                value = value * 10 + Int(c - UInt8(ascii: "0"))
                i += 1
            }
            return i > from ? value : nil
        }

        /// `[+-]hh[:mm[:ss]]` in seconds (positive west of Greenwich, as POSIX writes it).
        mutating func offset(hoursLimit: Int) -> Int? {
            var sign = 1
            if take("-") { sign = -1 } else { _ = take("+") }
            guard let h = number(maxDigits: 3), h <= hoursLimit else { return nil }
            var seconds = h * 3_600
            if take(":") {
                guard let m = number(maxDigits: 2), m < 60 else { return nil }
                seconds += m * 60
                if take(":") {
                    guard let s = number(maxDigits: 2), s < 60 else { return nil }
                    seconds += s
                }
            }
            return sign * seconds
        }

        mutating func change() -> Change? {
            var change: Change
            if take("J") {
                guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
                change = Change(day: .julian(n))
            } else if take("M") {
                guard let m = number(maxDigits: 2), (1...12).contains(m), take("."),
                    let w = number(maxDigits: 1), (1...5).contains(w), take("."),
                    let d = number(maxDigits: 1), d <= 6
                else { return nil }
                change = Change(day: .monthWeekDay(month: m, week: w, weekday: d))
            } else {
                guard let n = number(maxDigits: 3), n <= 365 else { return nil }
                change = Change(day: .zeroBased(n))
            }
            if take("/") {
                // RFC 8536 allows -167...167 hours here.
                guard let t = offset(hoursLimit: 167) else { return nil }
                change.time = t
            }
            return change
        }
    }
}
