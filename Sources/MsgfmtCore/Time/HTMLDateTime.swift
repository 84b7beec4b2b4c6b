/// Unix times as the `datetime` attribute of `<time>`.
enum HTMLDateTime {
    /// The instants of years 1 to 9999, the years the attribute can hold.
    static let instants: Range<Int64> = -62_135_596_800..<253_402_300_800

    /// `YYYY-MM-DDThh:mm:ssZ` for `unixTime` (UTC), or nil outside years 1–9999.
    static func iso8601(_ unixTime: Int64) -> String? {
        guard instants.contains(unixTime) else { return nil }
        var bytes: [UInt8] = []
        write(unixTime, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `YYYY-MM-DDThh:mm:ssZ` for `unixTime`, one of `instants`.
    static func write(_ unixTime: Int64, to bytes: inout [UInt8]) {
        TimeOfDay.writeDateAndTime(of: unixTime, separator: UInt8(ascii: "T"), withSeconds: true, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }
}
