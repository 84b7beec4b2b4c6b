/// A date of the proleptic Gregorian calendar, converted to and from days since
/// 1970-01-01 by integer arithmetic alone (no calendar library, any year an `Int64`
/// day count reaches).
struct CivilDate: Equatable {
    var year: Int64
    var month: Int
    var day: Int

    /// The date `year`-`month`-`day`, as given.
    init(year: Int64, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (before it when negative).
    init(days: Int64) {
        // Shift to an era starting on 0000-03-01, so leap days end each 400-year era.
        let (era, dayOfEra) = (days &+ 719_468).floorDivision(by: 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
        month = Int(mp < 10 ? mp + 3 : mp - 9)
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01 of `year`-`month`-`day` (`month` 1–12).
    static func days(year: Int64, month: Int, day: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let (era, yearOfEra) = y.floorDivision(by: 400)
        let dayOfYear = (153 * Int64((month + 9) % 12) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `YYYY-MM-DD` (more digits, or a minus sign, for years outside 0–9999).
    var iso: String {
        var bytes: [UInt8] = []
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `iso`.
    func write(to bytes: inout [UInt8]) {
        bytes.appendBytes(upTo: Self.room) { write(at: $0) }
    }

    /// The most bytes `write(at:)` writes: the year (a sign and up to 19
    /// digits) and `-MM-DD`.
    static let room = DecimalDigits.room(width: 4) &+ 6

    /// Writes `iso` at `out`, which holds `room` bytes; returns the bytes written. The
    /// month and day are those of a real date (`init(days:)` makes them), two digits each.
    @inline(__always)
    func write(at out: UnsafeMutablePointer<UInt8>) -> Int {
        let o = DecimalDigits.write(year, width: 4, to: out)
        out[o] = UInt8(ascii: "-")
        DecimalDigits.writeTwo(month, to: out + (o &+ 1))
        out[o &+ 3] = UInt8(ascii: "-")
        DecimalDigits.writeTwo(day, to: out + (o &+ 4))
        return o &+ 6
    }
}
