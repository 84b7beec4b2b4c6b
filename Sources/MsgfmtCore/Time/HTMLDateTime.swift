/// Unix times as the `datetime` attribute of `<time>`.
enum HTMLDateTime {
    /// `YYYY-MM-DDThh:mm:ssZ` for `unixTime` (UTC), or nil outside years 1–9999.
    static func iso8601(_ unixTime: Int64) -> String? {
        // Years 1 to 9999 lie within ±253402300800 seconds of the epoch.
        guard unixTime >= -62_135_596_800, unixTime < 253_402_300_800 else { return nil }
        let days = unixTime >= 0 ? unixTime / 86_400 : (unixTime - 86_399) / 86_400
        let seconds = unixTime - days * 86_400
        return CivilDate(days: days).iso + "T"
            + CivilDate.padded(seconds / 3600, 2) + ":" + CivilDate.padded(seconds / 60 % 60, 2) + ":"
            + CivilDate.padded(seconds % 60, 2) + "Z"
    }
}
