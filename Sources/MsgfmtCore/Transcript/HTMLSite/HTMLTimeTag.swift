/// The `<time>` element of a message in the HTML site: the local time of day, the full
/// local date and time as its tooltip and the instant in UTC as its `datetime`. Written
/// digit by digit for years 1970–9999 (the zone looked up once); other instants take the
/// general string path, which gives the same text.
enum HTMLTimeTag {
    /// Last second of the year 9999.
    private static let lastSecond: Int64 = 253_402_300_799

    /// The element for a message sent at `unix`, in `clock`'s zone.
    static func make(_ unix: Int64, clock: ExportClock) -> String {
        let local = clock.local(unix)
        guard unix >= 0, unix <= lastSecond, local >= 0, local <= lastSecond else { return general(unix, clock: clock) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(96)
        bytes.append(contentsOf: "<time datetime=\"".utf8)
        appendDate(unix / 86_400, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        let utc = unix % 86_400
        appendClock(utc, seconds: true, to: &bytes)
        bytes.append(contentsOf: "Z\" title=\"".utf8)
        appendDate(local / 86_400, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        appendClock(local % 86_400, seconds: false, to: &bytes)
        bytes.append(contentsOf: "\">".utf8)
        appendClock(local % 86_400, seconds: false, to: &bytes)
        bytes.append(contentsOf: "</time>".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The element by the general path (any instant).
    static func general(_ unix: Int64, clock: ExportClock) -> String {
        let datetime = HTMLDateTime.iso8601(unix).map { " datetime=\"\($0)\"" } ?? ""
        return "<time\(datetime) title=\"\(clock.stamp(of: unix))\">\(clock.time(of: unix))</time>"
    }

    /// `YYYY-MM-DD` of a day number whose year lies in 0–9999.
    private static func appendDate(_ days: Int64, to bytes: inout [UInt8]) {
        let date = CivilDate(days: days)
        appendDigits(Int(date.year), 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(date.month, 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(date.day, 2, to: &bytes)
    }

    /// `HH:MM` (and `:SS`) of `seconds` into a day (0 ..< 86 400).
    private static func appendClock(_ seconds: Int64, seconds withSeconds: Bool, to bytes: inout [UInt8]) {
        let s = Int(seconds)
        appendDigits(s / 3600, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(s / 60 % 60, 2, to: &bytes)
        if withSeconds {
            bytes.append(UInt8(ascii: ":"))
            appendDigits(s % 60, 2, to: &bytes)
        }
    }

    /// The last `width` decimal digits of `n` (≥ 0), zeros in front.
    private static func appendDigits(_ n: Int, _ width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n / divisor % 10))
            divisor /= 10
        }
    }
}
