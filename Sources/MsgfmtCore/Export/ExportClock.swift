import Foundation

/// Turns Unix times into the days, times of day and dates a transcript shows, in one
/// time zone (`--time-zone`): an IANA name, `UTC`, or a fixed offset like `+03:00`.
public struct ExportClock: Sendable {
    private let fixedOffset: Int?
    private let zone: TimeZone?
    /// The zone as given.
    public let name: String

    /// The clock for `name`, or nil when the zone is unknown.
    public init?(timeZone name: String) {
        self.name = name
        if name == "UTC" || name == "GMT" || name == "Z" {
            fixedOffset = 0
            zone = nil
        } else if let offset = Self.parseOffset(name) {
            fixedOffset = offset
            zone = nil
        } else if let tz = TimeZone(identifier: name) {
            fixedOffset = nil
            zone = tz
        } else {
            return nil
        }
    }

    /// The system's zone (TZ or /etc/localtime), falling back to UTC.
    public static var local: ExportClock {
        let id = TimeZone.current.identifier
        return ExportClock(timeZone: id) ?? ExportClock(timeZone: "UTC")!
    }

    /// `+03:00`, `-0530`, `+3`, `UTC+02:00` → seconds east of UTC.
    static func parseOffset(_ text: String) -> Int? {
        var s = Substring(text)
        if s.hasPrefix("UTC") || s.hasPrefix("GMT") { s = s.dropFirst(3) }
        guard let sign = s.first, sign == "+" || sign == "-" else { return nil }
        s = s.dropFirst()
        let digits = s.filter { $0 != ":" }
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let hours: Int, minutes: Int
        if digits.count <= 2 {
            hours = Int(digits) ?? 0
            minutes = 0
        } else {
            hours = Int(digits.dropLast(2)) ?? 0
            minutes = Int(digits.suffix(2)) ?? 0
        }
        guard hours <= 14, minutes < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// Seconds east of UTC at `unix`.
    public func offset(at unix: Int64) -> Int {
        if let fixedOffset { return fixedOffset }
        guard let zone else { return 0 }
        return zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(unix)))
    }

    /// Local seconds since the epoch (the Unix time shifted into the zone).
    func local(_ unix: Int64) -> Int64 {
        unix &+ Int64(offset(at: unix))
    }

    /// Days since 1970-01-01 of the local date of `unix`.
    public func day(of unix: Int64) -> Int64 {
        Self.floorDiv(local(unix), 86_400)
    }

    /// `HH:MM` local time of `unix`.
    public func time(of unix: Int64) -> String {
        let rest = local(unix) % 86_400
        let secs = rest < 0 ? rest + 86_400 : rest
        let h = Int(secs / 3600), m = Int(secs % 3600 / 60)
        return CivilDate.padded(h, 2) + ":" + CivilDate.padded(m, 2)
    }

    /// `2024-01-05 10:02` local date and time of `unix`.
    public func stamp(of unix: Int64) -> String {
        Self.isoDay(day(of: unix)) + " " + time(of: unix)
    }

    /// The Unix time of a local wall-clock time in this zone.
    public func unix(year: Int, month: Int, day: Int, seconds: Int) -> Int64 {
        let wall = Self.days(year: year, month: month, day: day) &* 86_400 &+ Int64(seconds)
        let guess = wall &- Int64(offset(at: wall))
        return wall &- Int64(offset(at: guess))
    }

    /// `a / b` rounded towards negative infinity (`b` > 0); never traps.
    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return a % b < 0 ? q - 1 : q
    }
}
