/// Unix times as the `datetime` attribute of `<time>`.
enum HTMLDateTime {
    /// `YYYY-MM-DDThh:mm:ssZ` for `unixTime` (UTC), or nil outside years 1–9999.
    static func iso8601(_ unixTime: Int64) -> String? {
        // Years 1 to 9999 lie within ±253402300800 seconds of the epoch.
        guard unixTime >= -62_135_596_800, unixTime < 253_402_300_800 else { return nil }
        let days = unixTime >= 0 ? unixTime / 86_400 : (unixTime - 86_399) / 86_400
        let seconds = unixTime - days * 86_400
        // Civil date from days since 1970-01-01 (proleptic Gregorian calendar).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
            + pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2) + "Z"
    }

    private static func pad(_ n: Int64, _ width: Int) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
