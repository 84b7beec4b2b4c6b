/// A time of day to the second, as a clock on the wall shows it.
struct TimeOfDay: Equatable {
    /// Seconds since midnight, 0 ..< 86 400.
    var seconds: Int

    /// The day (days since 1970-01-01, before it when negative) that `seconds` since the
    /// epoch fall in, and the time of day there.
    static func split(_ seconds: Int64) -> (day: Int64, time: TimeOfDay) {
        let (day, rest) = seconds.floorDivision(by: 86_400)
        return (day, TimeOfDay(seconds: Int(rest)))
    }

    /// Appends the date and time of day of `seconds` since the epoch: `YYYY-MM-DD`, the
    /// `separator`, then `HH:MM` (`HH:MM:SS` when `withSeconds`).
    /// All of it is written into the room one append makes (the site writes two for each
    /// message): the year as `CivilDate.write` writes it, every other field two digits.
    static func writeDateAndTime(of seconds: Int64, separator: UInt8, withSeconds: Bool, to bytes: inout [UInt8]) {
        let (day, time) = split(seconds)
        let date = CivilDate(days: day)
        bytes.appendBytes(upTo: DecimalDigits.room(width: 4) &+ 15) { out in
            var o = DecimalDigits.write(date.year, width: 4, to: out)
            @inline(__always) func put(_ byte: UInt8, _ twoDigits: Int) {
                out[o] = byte
                out[o &+ 1] = UInt8(truncatingIfNeeded: 0x30 &+ twoDigits / 10)
                out[o &+ 2] = UInt8(truncatingIfNeeded: 0x30 &+ twoDigits % 10)
                o &+= 3
            }
            put(UInt8(ascii: "-"), date.month)
            put(UInt8(ascii: "-"), date.day)
            put(separator, time.seconds / 3600)
            put(UInt8(ascii: ":"), time.seconds / 60 % 60)
            if withSeconds { put(UInt8(ascii: ":"), time.seconds % 60) }
            return o
        }
    }

    /// Appends `HH:MM`, or `HH:MM:SS` when `withSeconds`.
    func write(to bytes: inout [UInt8], withSeconds: Bool) {
        bytes.appendDecimal(Int64(seconds / 3600), width: 2)
        bytes.append(UInt8(ascii: ":"))
        bytes.appendDecimal(Int64(seconds / 60 % 60), width: 2)
        if withSeconds {
            bytes.append(UInt8(ascii: ":"))
            bytes.appendDecimal(Int64(seconds % 60), width: 2)
        }
    }
}
