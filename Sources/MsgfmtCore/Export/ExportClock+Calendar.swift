extension ExportClock {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = Int64((month + 9) % 12)
        let doy = (153 * mp + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The proleptic Gregorian date of a day number.
    static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return (Int(clamping: y), Int(m), Int(d))
    }

    /// A day header title: `5 March 2023`.
    public static func dayTitle(_ day: Int64) -> String {
        let (y, m, d) = civil(fromDays: day)
        return "\(d) \(monthNames[m - 1]) \(y)"
    }

    /// `2023-03-05` for a day number (file names, anchors).
    public static func isoDay(_ day: Int64) -> String {
        let (y, m, d) = civil(fromDays: day)
        return "\(y)-\(two(m))-\(two(d))"
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
