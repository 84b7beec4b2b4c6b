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
        if let timeZone, !Self.isKnown(timeZone) {
            throw ValidationError("--time-zone '\(timeZone)' is not a known time zone or offset.")
        }
    }

    /// True when `zone` names a zone or offset msgfmt knows.
    static func isKnown(_ zone: String) -> Bool { ExportClock(timeZone: zone) != nil }
}
