extension ExportClock {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func days(year: Int, month: Int, day: Int) -> Int64 {
        CivilDate.days(year: Int64(year), month: month, day: day)
    }

    /// The proleptic Gregorian date of a day number.
    static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let date = CivilDate(days: days)
        return (Int(clamping: date.year), date.month, date.day)
    }

    /// A day header title: `5 March 2023`.
    public static func dayTitle(_ day: Int64) -> String {
        let (y, m, d) = civil(fromDays: day)
        return "\(d) \(monthNames[m - 1]) \(y)"
    }

    /// `2023-03-05` for a day number (file names, anchors).
    public static func isoDay(_ day: Int64) -> String {
        CivilDate(days: day).iso
    }

    /// The day number of `YYYY-MM-DD`, or nil when malformed.
    public static func parseDay(_ text: String) -> Int64? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            (1...12).contains(m), (1...31).contains(d)
        else { return nil }
        let n = days(year: y, month: m, day: d)
        let back = civil(fromDays: n)
        return back.month == m && back.day == d ? n : nil
    }

    /// The Unix time of a legacy `date` (`2019-05-04T10:00:00`, local wall time, read in
    /// this zone), or nil when malformed.
    public func unix(ofLocalDate text: String) -> Int64? {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 19, utf8[10] == UInt8(ascii: "T") || utf8[10] == UInt8(ascii: " ") else { return nil }
        guard let day = Self.parseDay(String(decoding: utf8[0..<10], as: UTF8.self)) else { return nil }
        func num(_ r: Range<Int>) -> Int? { Int(String(decoding: utf8[r], as: UTF8.self)) }
        guard utf8[13] == UInt8(ascii: ":"), utf8[16] == UInt8(ascii: ":"),
            let h = num(11..<13), let mi = num(14..<16), let s = num(17..<19), h < 24, mi < 60, s < 61
        else { return nil }
        let (y, m, d) = Self.civil(fromDays: day)
        return unix(year: y, month: m, day: d, seconds: h * 3600 + mi * 60 + s)
    }
}
