import TestSupport
import Testing

@testable import MsgfmtCore

/// The HTML site's `<time>` element, written as bytes with the zone looked up once, says
/// what the clock's string functions say, for any instant.
@Suite struct HTMLTimeTagTests {
    static let clocks = [
        "UTC", "+05:30", "-11:00", "+14:00", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "EST5EDT,M3.2.0,M11.1.0",
    ]
    .compactMap { ExportClock(timeZone: $0) }

    /// The element `HTMLTimeTag` appends, after bytes it must leave alone.
    static func make(_ unix: Int64, clock: ExportClock) -> String {
        var bytes = Array("before".utf8)
        HTMLTimeTag.append(unix, clock: clock, to: &bytes)
        guard bytes.starts(with: "before".utf8) else { return "(the bytes before were changed)" }
        return String(decoding: bytes.dropFirst(6), as: UTF8.self)
    }

    /// The element built from the clock's and `HTMLDateTime`'s strings.
    func general(_ unix: Int64, clock: ExportClock) -> String {
        let datetime = HTMLDateTime.iso8601(unix).map { " datetime=\"\($0)\"" } ?? ""
        return "<time\(datetime) title=\"\(clock.stamp(of: unix))\">\(clock.time(of: unix))</time>"
    }

    @Test func knownInstants() throws {
        let utc = try #require(ExportClock(timeZone: "UTC"))
        #expect(
            Self.make(951_782_400, clock: utc) == "<time datetime=\"2000-02-29T00:00:00Z\" title=\"2000-02-29 00:00\">00:00</time>")
        let kolkata = try #require(ExportClock(timeZone: "+05:30"))
        #expect(Self.make(-1, clock: kolkata) == "<time datetime=\"1969-12-31T23:59:59Z\" title=\"1970-01-01 05:29\">05:29</time>")
        #expect(Self.make(253_402_300_800, clock: utc) == "<time title=\"10000-01-01 00:00\">00:00</time>")
        #expect(Self.make(-62_135_596_801, clock: utc) == "<time title=\"0000-12-31 23:59\">23:59</time>")
    }

    @Test func matchesTheClockAtEdges() {
        let instants: [Int64] = [
            0, 1, 59, 3599, 86_399, 86_400, 951_782_400, 1_704_067_260, 1_711_846_800, 1_711_850_400, 4_102_444_800,
            253_402_300_799, 253_402_300_800, -1, -86_401, -62_135_596_800, -62_135_596_801, Int64.max, Int64.min,
            Int64.max - 50_400, Int64.min + 39_600,
        ]
        for clock in Self.clocks {
            for unix in instants {
                #expect(Self.make(unix, clock: clock) == general(unix, clock: clock), "\(unix) \(clock.name)")
            }
        }
    }

    /// Random instants: before 1970, across daylight saving changes, leap days, far past
    /// and far future (where the `datetime` is left out), the whole `Int64` range.
    @Test func matchesTheClockAtRandom() {
        var rng = SeededGenerator(seed: 0x7153_7A65)
        var instants: [Int64] = []
        for _ in 0..<4000 {
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: instants.append(Int64.random(in: -2_208_988_800...4_102_444_800, using: &rng))  // 1900–2100
            case 1: instants.append(Int64.random(in: HTMLDateTime.instants, using: &rng))
            case 2: instants.append(Int64.random(in: -1 << 40...1 << 40, using: &rng))
            case 3: instants.append(Int64.random(in: Int64.min...Int64.max, using: &rng))
            default:
                // About a 29 February (or the 1 March of a year without one).
                let year = Int64.random(in: -500...3000, using: &rng) * 4
                let leap = year % 100 != 0 || year % 400 == 0
                let day = CivilDate.days(year: year, month: leap ? 2 : 3, day: leap ? 29 : 1)
                instants.append(day * 86_400 + Int64.random(in: -50_400...136_800, using: &rng))
            }
        }
        for clock in Self.clocks {
            for unix in instants {
                #expect(Self.make(unix, clock: clock) == general(unix, clock: clock), "\(unix) \(clock.name), seed \(rng.seed)")
            }
        }
    }
}
