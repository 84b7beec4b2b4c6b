import ArgumentParser
import MsgfmtCore

/// `--time-zone`, shared by `render`, `export` and `diff`: the zone dates are shown and
/// read in (times in pictures and transcripts, day headers, `--since`/`--until`, the
/// filter's `before:` and `after:`).
struct TimeZoneOptionGroup: ParsableArguments {
    // Taken unconditionally: an offset west of UTC (`-09:30`) begins with a dash.
    @Option(
        name: .customLong("time-zone"), parsing: .unconditional,
        help: ArgumentHelp(
            "Zone for dates: an IANA name, UTC, an offset like +03:00 or a POSIX TZ rule (default: the system zone).", valueName: "tz"))
    var timeZone: String?

    /// The clock of `--time-zone`, else of the system's zone.
    var clock: ExportClock { .named(timeZone) }

    func validate() throws {
        try Self.validate(timeZone)
    }

    /// The group's check of `--time-zone`, for either reader of the command line.
    static func validate(_ timeZone: String?) throws {
        if let timeZone, ExportClock.isSignAmbiguous(timeZone) {
            // POSIX reads `UTC-3` as three hours east of UTC.
            let east = timeZone.dropFirst(3).first == "-"
            let seconds = ExportClock(timeZone: "+" + timeZone.dropFirst(4))?.offset(at: 0) ?? 0
            let (hours, minutes) = (seconds / 3600, seconds % 3600 / 60)
            let offset = (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
            throw ValidationError(
                "--time-zone '\(timeZone)' is ambiguous: as a POSIX rule (TZ='\(timeZone)' date) it is \(east ? "east" : "west") of UTC; write +\(offset) for east or -\(offset) for west."
            )
        }
        if let timeZone, !Self.isKnown(timeZone) {
            throw ValidationError("--time-zone '\(timeZone)' is not a known time zone or offset.")
        }
    }

    /// True when `zone` names a zone or offset msgfmt knows and takes (not one whose sign
    /// is ambiguous, `ExportClock.isSignAmbiguous`).
    static func isKnown(_ zone: String) -> Bool { !ExportClock.isSignAmbiguous(zone) && ExportClock(timeZone: zone) != nil }
}
