import Foundation
import Testing

@testable import MsgfmtCore

/// msgfmt reads the system zone database itself (no Foundation at run time): offsets must
/// agree with Foundation's time zones, past the last listed transition too, where the
/// file's footer rule takes over.
@Suite struct ZoneInfoTests {
    static let zones = [
        "Europe/Berlin", "Europe/London", "America/New_York", "America/Los_Angeles", "Australia/Sydney",
        "Pacific/Auckland", "Asia/Tokyo", "Asia/Kolkata", "America/Sao_Paulo", "Asia/Kathmandu",
    ]

    @Test(arguments: zones)
    func offsetsAgreeWithFoundation(_ name: String) throws {
        let zone = try #require(ZoneInfo.named(name), "\(name) missing from the zone database")
        let reference = try #require(TimeZone(identifier: name))
        // Every 10 days and 7 hours from 1990 to 2060 (past 2037, the footer rule answers).
        var unix: Int64 = 631_152_000
        var compared = 0
        while unix < 2_871_763_200 {
            let expected = reference.secondsFromGMT(for: Date(timeIntervalSince1970: Double(unix)))
            #expect(zone.offset(at: unix) == expected, "\(name) at \(unix)")
            unix += 889_200
            compared += 1
        }
        #expect(compared > 2_500)
    }

    @Test func daylightSavingChangesAtTheRightSecond() throws {
        let rule = try #require(PosixTimeZoneRule("EST5EDT,M3.2.0,M11.1.0"))
        // 2024-03-10 02:00 EST = 07:00 UTC; 2024-11-03 02:00 EDT = 06:00 UTC.
        #expect(rule.offset(at: 1_710_053_999) == -18_000)
        #expect(rule.offset(at: 1_710_054_000) == -14_400)
        #expect(rule.offset(at: 1_730_613_599) == -14_400)
        #expect(rule.offset(at: 1_730_613_600) == -18_000)
        // Southern hemisphere: daylight time spans the new year.
        let sydney = try #require(PosixTimeZoneRule("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        #expect(sydney.offset(at: 2_366_841_600) == 39_600)  // 2045-01-01
        #expect(sydney.offset(at: 2_382_393_600) == 36_000)  // 2045-07-01
        #expect(PosixTimeZoneRule("<+0545>-5:45")?.offset(at: 0) == 20_700)
        #expect(PosixTimeZoneRule("JST-9")?.offset(at: 0) == 32_400)
    }

    @Test(arguments: ["", "X", "EST", "EST5EDT,M13.1.0,M1.1.0", "EST5EDT,M3.2.0", "EST99", "<+05", "EST5EDT,J0,J10"])
    func malformedRulesAreRejected(_ text: String) {
        #expect(PosixTimeZoneRule(text) == nil)
    }

    @Test(arguments: ["../../etc/passwd", "/etc/localtime", "Europe/../Europe/Berlin", "Nowhere/Zone", "Europe/", ".hidden", "zone.tab"])
    func namesOutsideTheDatabaseAreRejected(_ name: String) {
        #expect(ZoneInfo.named(name) == nil)
    }

    @Test func truncatedOrForeignFilesAreRejected() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Berlin")))
        #expect(ZoneInfo(tzif: bytes) != nil)
        for cut in [0, 4, 43, 44, 200, bytes.count / 2] {
            #expect(ZoneInfo(tzif: Array(bytes.prefix(cut))) == nil, "cut at \(cut)")
        }
        #expect(ZoneInfo(tzif: Array("TZif2 but not really a zone file at all, no no no".utf8)) == nil)
    }

    @Test func clocksAcceptZoneNamesOffsetsAndRules() throws {
        #expect(ExportClock(timeZone: "Europe/Berlin")?.offset(at: 1_688_169_600) == 7_200)
        #expect(ExportClock(timeZone: "+05:30")?.offset(at: 0) == 19_800)
        #expect(ExportClock(timeZone: "EST5EDT,M3.2.0,M11.1.0")?.offset(at: 1_720_000_000) == -14_400)
        #expect(ExportClock(timeZone: "Mars/Olympus") == nil)
        #expect(ExportClock(timeZone: "utc")?.offset(at: 0) == 0 && ExportClock(timeZone: "gmt")?.offset(at: 0) == 0)
        // `UTC-3` is a POSIX rule: three hours east of UTC, as `TZ=UTC-3 date` shows; which
        // way a person means it is unclear, so `--time-zone` refuses it (`isSignAmbiguous`).
        #expect(ExportClock(timeZone: "UTC-3")?.offset(at: 0) == 10_800)
        #expect(ExportClock(timeZone: "GMT+05:30")?.offset(at: 0) == -19_800)
        #expect(ExportClock.isSignAmbiguous("UTC-3") && ExportClock.isSignAmbiguous("gmt+05:30"))
        #expect(!ExportClock.isSignAmbiguous("+03:00") && !ExportClock.isSignAmbiguous("UTC") && !ExportClock.isSignAmbiguous("UTC+x"))
    }

    /// The system zone's name comes from `/etc/localtime`'s link: what follows its first
    /// `zoneinfo/`, else `localtime`.
    @Test func theSystemZoneIsNamedByItsLink() {
        let name = { (link: String) in ExportClock.zoneName(link: Array(link.utf8)) }
        #expect(name("/usr/share/zoneinfo/Europe/Berlin") == "Europe/Berlin")
        #expect(name("../usr/share/zoneinfo/America/Argentina/Buenos_Aires") == "America/Argentina/Buenos_Aires")
        #expect(name("/usr/share/zoneinfo/posix/zoneinfo/UTC") == "posix/zoneinfo/UTC")
        #expect(name("/usr/share/zoneinfo/") == "")
        #expect(name("/usr/share/zoneinf/Europe/Berlin") == "localtime")
        #expect(name("zoneinfo") == "localtime")
        #expect(name("") == "localtime")
    }
}
