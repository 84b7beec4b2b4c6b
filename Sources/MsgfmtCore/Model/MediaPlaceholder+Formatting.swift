extension MediaPlaceholder {
    /// `512 B`, `216 KB`, `1.5 MB`, `10 MB`, `2.1 GB`; negative sizes count as 0 and
    /// huge ones are capped, so any integer gives a short text.
    public static func size(_ bytes: Int64) -> String {
        let b = min(max(0, bytes), 1 << 52)
        if b < 1024 { return "\(b) B" }
        if b < 1024 * 1024 { return "\((b + 512) / 1024) KB" }
        let unit: Int64 = b < 1024 * 1024 * 1024 ? 1024 * 1024 : 1024 * 1024 * 1024
        let tenths = (b * 10 + unit / 2) / unit
        let name = unit == 1024 * 1024 ? "MB" : "GB"
        return tenths % 10 == 0 || tenths >= 100 ? "\((tenths + 5) / 10) \(name)" : "\(tenths / 10).\(tenths % 10) \(name)"
    }

    /// `0:07`, `2:05`, `1:02:03`; negative durations count as 0.
    public static func duration(_ seconds: Int64) -> String {
        let s = max(0, seconds)
        let h = s / 3600
        let m = s % 3600 / 60
        let sec = s % 60
        let ss = sec < 10 ? "0\(sec)" : "\(sec)"
        if h > 0 { return "\(h):\(m < 10 ? "0" : "")\(m):\(ss)" }
        return "\(m):\(ss)"
    }

    /// ` 1280×720` (with its leading space), or nothing when a side is unknown.
    static func dimensions(_ width: Int64?, _ height: Int64?) -> String {
        guard let width, let height else { return "" }
        return " \(width)×\(height)"
    }

    /// ` 0:42` (with its leading space), or nothing when the length is unknown.
    static func length(_ seconds: Int64?) -> String {
        seconds.map { " " + duration($0) } ?? ""
    }

    /// A coordinate in degrees with five decimals (about a metre); `?` when it is too
    /// large to be one.
    static func coordinate(_ degrees: Double) -> String {
        let scaled = (degrees * 100_000).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else { return "?" }
        let n = Int64(scaled)
        let sign = n < 0 ? "-" : ""
        let a = abs(n)
        let fraction = String(a % 100_000)
        return "\(sign)\(a / 100_000).\(String(repeating: "0", count: 5 - fraction.count))\(fraction)"
    }

    /// `12.50 USD` from an amount in the currency's smallest unit (two decimals assumed).
    public static func money(_ amount: Int64, _ currency: String) -> String {
        let whole = amount / 100
        let cents = abs(amount % 100)
        return "\(whole).\(cents < 10 ? "0" : "")\(cents) \(currency)"
    }

    /// `1 vote`, `3 votes`.
    public static func plural(_ n: Int64, _ word: String) -> String {
        "\(n) \(word)\(n == 1 ? "" : "s")"
    }

    /// The status of a file: its size when known, and a note when the file was not
    /// included (in an export).
    static func fileStatus(size: Int64?, notIncluded: Bool = false) -> String {
        var parts: [String] = []
        if let size { parts.append(self.size(size)) }
        if notIncluded { parts.append("not included") }
        return parts.joined(separator: " · ")
    }
}
