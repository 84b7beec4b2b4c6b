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
    /// `separator`, then `HH:MM` (`HH:MM:SS` when `withSeconds`), in the room of one append
    /// (the site writes two for each message).
    static func writeDateAndTime(of seconds: Int64, separator: UInt8, withSeconds: Bool, to bytes: inout [UInt8]) {
        let (day, time) = split(seconds)
        let date = CivilDate(days: day)
        bytes.appendBytes(upTo: CivilDate.room &+ 1 &+ room) { out in
            let o = date.write(at: out)
            out[o] = separator
            return o &+ 1 &+ time.write(at: out + (o &+ 1), withSeconds: withSeconds)
        }
    }

    /// Appends `HH:MM`, or `HH:MM:SS` when `withSeconds`.
    func write(to bytes: inout [UInt8], withSeconds: Bool) {
        bytes.appendBytes(upTo: Self.room) { write(at: $0, withSeconds: withSeconds) }
    }

    /// The most bytes `write(at:withSeconds:)` writes: `HH:MM:SS`.
    static let room = 8

    /// Writes `HH:MM` (`HH:MM:SS` when `withSeconds`) at `out`, which holds `room` bytes;
    /// returns the bytes written.
    @inline(__always)
    func write(at out: UnsafeMutablePointer<UInt8>, withSeconds: Bool) -> Int {
        DecimalDigits.writeTwo(seconds / 3600, to: out)
        out[2] = UInt8(ascii: ":")
        DecimalDigits.writeTwo(seconds / 60 % 60, to: out + 3)
        guard withSeconds else { return 5 }
        out[5] = UInt8(ascii: ":")
        DecimalDigits.writeTwo(seconds % 60, to: out + 6)
        return 8
    }
}
