import Glibc

/// Turns Unix times into the days, times of day and dates a transcript shows, in one
/// time zone (`--time-zone`): an IANA name from the system's zone database, `UTC`, a fixed
/// offset like `+03:00`, or a POSIX `TZ` rule like `EST5EDT,M3.2.0,M11.1.0`.
public struct ExportClock: Sendable {
    private let fixedOffset: Int?
    private let zone: ZoneInfo?
    private let rule: PosixTimeZoneRule?
    /// The zone as given.
    public let name: String

    /// The clock for `name`, or nil when the zone is unknown.
    public init?(timeZone name: String) {
        self.name = name
        if ["UTC", "GMT", "Z"].contains(name.uppercased()) {
            (fixedOffset, zone, rule) = (0, nil, nil)
        } else if let offset = Self.parseOffset(name) {
            (fixedOffset, zone, rule) = (offset, nil, nil)
        } else if let zone = ZoneInfo.named(name) {
            (fixedOffset, self.zone, rule) = (nil, zone, nil)
        } else if name.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }), let rule = PosixTimeZoneRule(name) {
            (fixedOffset, zone, self.rule) = (nil, nil, rule)
        } else {
            return nil
        }
    }

    /// A clock for the zone file at `path`, shown as `name`.
    init?(zoneFile path: String, name: String) {
        guard let zone = ZoneInfo.load(path: path) else { return nil }
        self.name = name
        self.zone = zone
        fixedOffset = nil
        rule = nil
    }

    /// The clock of `zone` (`--time-zone`), else — when it is nil or unknown — the system's.
    public static func named(_ zone: String?) -> ExportClock {
        zone.flatMap { ExportClock(timeZone: $0) } ?? .local
    }

    /// The system's zone — `TZ` (a zone name, `:name`, or a POSIX rule), else
    /// `/etc/localtime` — falling back to UTC.
    public static var local: ExportClock {
        if let tz = getenv("TZ").map({ String(cString: $0) }) {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if name.isEmpty { return ExportClock(timeZone: "UTC")! }
            if name.hasPrefix("/"), let clock = ExportClock(zoneFile: name, name: name) { return clock }
            if let clock = ExportClock(timeZone: name) { return clock }
        }
        var target = [CChar](repeating: 0, count: 1024)
        let n = readlink("/etc/localtime", &target, target.count - 1)
        let link = n > 0 ? target[0..<n].map { UInt8(bitPattern: $0) } : []
        return ExportClock(zoneFile: "/etc/localtime", name: zoneName(link: link)) ?? ExportClock(timeZone: "UTC")!
    }

    /// The zone a link to a zone file names: what follows its first `zoneinfo/`
    /// (`/usr/share/zoneinfo/Europe/Berlin` → `Europe/Berlin`), else `localtime`.
    ///
    /// Searched as bytes: `String.firstRange(of:)` builds a skip table whose first use in
    /// a process costs ~0.6 M instructions, a ninth of a one-message render.
    static func zoneName(link: [UInt8]) -> String {
        let marker = Array("zoneinfo/".utf8)
        guard link.count >= marker.count else { return "localtime" }
        for start in 0...(link.count - marker.count) where link[start..<(start + marker.count)].elementsEqual(marker) {
            return String(decoding: link[(start + marker.count)...], as: UTF8.self)
        }
        return "localtime"
    }

    /// `+03:00`, `-0530`, `+3` → seconds east of UTC. (`UTC+3` is no offset but a POSIX
    /// rule, three hours *west* of UTC, as `TZ` and `date` read it: see `isSignAmbiguous`.)
    static func parseOffset(_ text: String) -> Int? {
        var s = Substring(text)
        guard let sign = s.first, sign == "+" || sign == "-" else { return nil }
        s = s.dropFirst()
        let digits = s.filter { $0 != ":" }
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let hours: Int
        let minutes: Int
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

    /// True for `UTC+3`, `GMT-05:30` and the like: a POSIX rule (hours *west* of UTC, as
    /// `TZ=UTC+3 date` shows), which a person often means the other way round. `--time-zone`
    /// asks for `+03:00` or `-03:00` instead; `TZ` is read as POSIX says.
    public static func isSignAmbiguous(_ name: String) -> Bool {
        let upper = name.uppercased()
        guard upper.hasPrefix("UTC") || upper.hasPrefix("GMT") else { return false }
        return parseOffset(String(upper.dropFirst(3))) != nil
    }

    /// Seconds east of UTC at `unix`.
    public func offset(at unix: Int64) -> Int {
        if let fixedOffset { return fixedOffset }
        if let zone { return zone.offset(at: unix) }
        return rule?.offset(at: unix) ?? 0
    }

    /// Local seconds since the epoch (the Unix time shifted into the zone).
    func local(_ unix: Int64) -> Int64 {
        unix &+ Int64(offset(at: unix))
    }

    /// Days since 1970-01-01 of the local date of `unix`.
    public func day(of unix: Int64) -> Int64 {
        TimeOfDay.split(local(unix)).day
    }

    /// `HH:MM` local time of `unix`.
    public func time(of unix: Int64) -> String {
        var bytes: [UInt8] = []
        TimeOfDay.split(local(unix)).time.write(to: &bytes, withSeconds: false)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `2024-01-05 10:02` local date and time of `unix`.
    public func stamp(of unix: Int64) -> String {
        var bytes: [UInt8] = []
        TimeOfDay.writeDateAndTime(of: local(unix), separator: UInt8(ascii: " "), withSeconds: false, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The Unix time of a local wall-clock time in this zone.
    public func unix(year: Int, month: Int, day: Int, seconds: Int) -> Int64 {
        let wall = Self.days(year: year, month: month, day: day) &* 86_400 &+ Int64(seconds)
        let guess = wall &- Int64(offset(at: wall))
        return wall &- Int64(offset(at: guess))
    }
}
