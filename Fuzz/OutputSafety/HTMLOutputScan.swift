/// Checks HTML output for markup a message could have smuggled in: no `<script` other
/// than the standalone page's own one, no event-handler attribute (`on…=`), and no link or
/// source (`href`, `src`, `action`, `formaction`) outside the allowed schemes
/// (http, https, tg, mailto, tel, or a relative reference).
public enum HTMLOutputScan {
    /// The schemes a link may use.
    public static let allowedSchemes = ["http:", "https:", "tg:", "mailto:", "tel:"]

    /// The problems found; empty when clean. `allowedScripts` is how many `<script` tags
    /// the output itself may hold (1 for a standalone page, else 0).
    public static func violations(_ bytes: [UInt8], allowedScripts: Int) -> [String] {
        var problems: [String] = []
        var scripts = 0
        var i = 0
        let n = bytes.count
        while i < n, problems.count < 10 {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            i += 1
            let nameStart = i
            while i < n, isNameByte(bytes[i]) { i += 1 }
            let tag = lower(bytes[nameStart..<i])
            if tag == "script" { scripts += 1 }
            // Attributes up to the closing '>'.
            while i < n, bytes[i] != UInt8(ascii: ">") {
                if isSpace(bytes[i]) || bytes[i] == UInt8(ascii: "/") { i += 1; continue }
                let attrStart = i
                while i < n, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "="), bytes[i] != UInt8(ascii: ">") { i += 1 }
                let attr = lower(bytes[attrStart..<i])
                var value = ""
                if i < n, bytes[i] == UInt8(ascii: "=") {
                    i += 1
                    if i < n, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
                        let quote = bytes[i]
                        let valueStart = i + 1
                        i = valueStart
                        while i < n, bytes[i] != quote { i += 1 }
                        value = lower(bytes[valueStart..<min(i, n)])
                        i += 1
                    } else {
                        let valueStart = i
                        while i < n, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
                        value = lower(bytes[valueStart..<i])
                    }
                }
                if attr.hasPrefix("on") {
                    problems.append("event handler attribute \(attr) in <\(tag)> at byte \(attrStart)")
                }
                if ["href", "src", "action", "formaction", "xlink:href"].contains(attr), !isSafeLink(value) {
                    problems.append("unsafe \(attr)=\"\(value.prefix(40))\" in <\(tag)> at byte \(attrStart)")
                }
            }
        }
        if scripts > allowedScripts {
            problems.append("\(scripts) <script> tags, \(allowedScripts) allowed")
        }
        return problems
    }

    /// True for an allowed scheme or a relative reference (nothing that reads as a
    /// scheme before the first `/`, `?` or `#`).
    static func isSafeLink(_ value: String) -> Bool {
        if allowedSchemes.contains(where: { value.hasPrefix($0) }) { return true }
        guard let stop = value.firstIndex(where: { $0 == ":" || $0 == "/" || $0 == "?" || $0 == "#" }) else {
            return !value.contains("&")
        }
        return value[stop] != ":" && !value[..<stop].contains("&")
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "!") || b == UInt8(ascii: "/")
            || b == UInt8(ascii: "-")
    }

    private static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
    }

    private static func lower(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
