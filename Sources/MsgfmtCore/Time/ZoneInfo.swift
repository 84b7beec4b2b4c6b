import Glibc

/// A time zone read from the system's zone database (TZif files, RFC 8536, under
/// `/usr/share/zoneinfo` or `TZDIR`): the UTC offset at any instant, from the file's
/// transitions and, after the last one, its footer rule.
struct ZoneInfo: Sendable {
    /// Transition instants (Unix seconds), ascending.
    private let transitions: [Int64]
    /// The offset (seconds east of UTC) in force from each transition on.
    private let offsets: [Int32]
    /// The offset before the first transition.
    private let initialOffset: Int
    /// The rule for instants after the last transition.
    private let rule: PosixTimeZoneRule?

    /// The zone named `name` (`Europe/Berlin`), or nil when it is unknown or its file is
    /// not a valid zone file.
    static func named(_ name: String, directory: String? = nil) -> ZoneInfo? {
        guard isSafeName(name) else { return nil }
        return load(path: (directory ?? defaultDirectory) + "/" + name)
    }

    /// The zone in the TZif file at `path`, or nil.
    static func load(path: String) -> ZoneInfo? {
        guard let file = try? InputFile.read(path), file.bytes.count < 1 << 20 else { return nil }
        return ZoneInfo(tzif: file.bytes)
    }

    /// The database directory: `TZDIR` when set, else `/usr/share/zoneinfo`.
    static var defaultDirectory: String {
        if let dir = getenv("TZDIR").map({ String(cString: $0) }), !dir.isEmpty { return dir }
        return "/usr/share/zoneinfo"
    }

    /// True for names made of `A-Z a-z 0-9 _ + - /` parts that never climb out of the
    /// database directory.
    static func isSafeName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix("/") else { return false }
        let allowed = name.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A) || c == 0x5F || c == 0x2B || c == 0x2D || c == 0x2F
        }
        return allowed && !name.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0.hasPrefix(".") }
    }

    /// Parses a TZif file (version 1 data, or the 64-bit data and footer of versions 2+).
    init?(tzif bytes: [UInt8]) {
        var r = Reader(bytes: bytes)
        guard let v1 = r.header() else { return nil }
        var header = v1
        var timeSize = 4
        if v1.version >= 2 {
            guard r.skip(v1.dataLength(timeSize: 4)), let v2 = r.header() else { return nil }
            header = v2
            timeSize = 8
        }
        var times: [Int64] = []
        times.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            guard let t = r.integer(size: timeSize) else { return nil }
            times.append(t)
        }
        var typeIndexes: [Int] = []
        for _ in 0..<header.timeCount {
            guard let i = r.integer(size: 1) else { return nil }
            typeIndexes.append(Int(i))
        }
        var typeOffsets: [Int32] = []
        for _ in 0..<header.typeCount {
            guard let utoff = r.integer(size: 4), r.skip(2) else { return nil }
            typeOffsets.append(Int32(truncatingIfNeeded: utoff))
        }
        guard !typeOffsets.isEmpty, typeIndexes.allSatisfy({ $0 < typeOffsets.count }),
            zip(times, times.dropFirst()).allSatisfy({ $0 < $1 })
        else { return nil }
        transitions = times
        offsets = typeIndexes.map { typeOffsets[$0] }
        initialOffset = Int(typeOffsets[0])
        var footer: PosixTimeZoneRule?
        if v1.version >= 2, r.skip(header.dataLength(timeSize: 8) - header.transitionsLength(timeSize: 8)),
            r.take(0x0A), let text = r.line(), !text.isEmpty
        {
            footer = PosixTimeZoneRule(text)
        }
        rule = footer
    }

    /// Seconds east of UTC at `unix`.
    func offset(at unix: Int64) -> Int {
        guard let first = transitions.first, unix >= first else { return initialOffset }
        if let rule, let last = transitions.last, unix >= last { return rule.offset(at: unix) }
        var low = 0
        var high = transitions.count  // the last transition ≤ unix is at low
        while high - low > 1 {
            let mid = (low + high) / 2
            if transitions[mid] <= unix { low = mid } else { high = mid }
        }
        return Int(offsets[low])
    }

    /// The counts a TZif header gives.
    private struct Header {
        var version: Int
        var utLocalCount: Int, standardWallCount: Int, leapCount: Int
        var timeCount: Int, typeCount: Int, charCount: Int

        /// Bytes of transition times and their type indexes.
        func transitionsLength(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6
        }

        /// Bytes of the data block after the header.
        func dataLength(timeSize: Int) -> Int {
            transitionsLength(timeSize: timeSize) + charCount + leapCount * (timeSize + 4) + standardWallCount + utLocalCount
        }
    }

    /// A bounds-checked big-endian cursor.
    private struct Reader {
        let bytes: [UInt8]
        var i = 0

        mutating func skip(_ n: Int) -> Bool {
            guard n >= 0, n <= bytes.count - i else { return false }
            i += n
            return true
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
            return true
        }

        mutating func integer(size: Int) -> Int64? {
            guard size <= bytes.count - i else { return nil }
            var value: UInt64 = 0
            for k in 0..<size { value = value << 8 | UInt64(bytes[i + k]) }
            i += size
            if size == 1 { return Int64(value) }
            let shift = UInt64(64 - size * 8)
            return Int64(bitPattern: value << shift) >> Int64(shift)
        }

        mutating func header() -> Header? {
            guard bytes.count - i >= 44, bytes[i..<i + 4].elementsEqual("TZif".utf8) else { return nil }
            let v = bytes[i + 4]
            let version = v == 0 ? 1 : Int(v) - 0x30
            guard version >= 1, version <= 9 else { return nil }
            i += 20
            var counts: [Int] = []
            for _ in 0..<6 {
                guard let n = integer(size: 4), n >= 0, n < 1 << 20 else { return nil }
                counts.append(Int(n))
            }
            return Header(
                version: version, utLocalCount: counts[0], standardWallCount: counts[1], leapCount: counts[2],
                timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
        }

        /// The text up to the next newline, consuming it; nil when there is none.
        mutating func line() -> String? {
            guard let end = bytes[i...].firstIndex(of: 0x0A) else { return nil }
            defer { i = end + 1 }
            return String(decoding: bytes[i..<end], as: UTF8.self)
        }
    }
}
