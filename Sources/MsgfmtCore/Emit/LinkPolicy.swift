/// Decides which message links become real links (an HTML `href`, an OSC 8 hyperlink) and
/// spells them safely: an allow-list of schemes, then percent-encoding to printable ASCII.
///
/// Message links are untrusted. Anything that is not plainly `http`, `https`, `tg`,
/// `mailto` or `tel` — `javascript:`, `data:`, `vbscript:`, `file:`, a scheme hidden behind
/// whitespace, controls or character references — is refused, and the text is shown
/// without a link. A link without a scheme (`example.com/path`) gets `http://` when what
/// precedes its path is a plain host name.
public enum LinkPolicy {
    /// The schemes that may become links, lower-case.
    public static let allowedSchemes: Set<String> = ["http", "https", "tg", "mailto", "tel"]
    /// The longest URI written, in bytes after encoding; longer links are shown as text.
    public static let maxLength = 2083

    /// The URI to link `link` to, percent-encoded to printable ASCII, or nil when the link
    /// must be shown as plain text.
    public static func safeURI(_ link: String) -> String? {
        let bytes = Array(link.utf8)
        guard let first = bytes.first, first > 0x20, first != 0x7F else { return nil }
        var prefix = ""
        switch scheme(of: bytes) {
        case .allowed:
            break
        case .refused:
            return nil
        case .none:
            guard isPlainHost(bytes) else { return nil }
            prefix = "http://"
        }
        var out = prefix
        for byte in bytes {
            if byte > 0x20, byte < 0x7F, !unsafeASCII.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%"
                out.unicodeScalars.append(hexDigits[Int(byte >> 4)])
                out.unicodeScalars.append(hexDigits[Int(byte & 0xF)])
            }
            if out.utf8.count > maxLength { return nil }
        }
        return out
    }

    /// Printable ASCII that is still encoded: quotes, angle brackets, backslash, backtick.
    private static let unsafeASCII: Set<UInt8> = [0x22, 0x27, 0x3C, 0x3E, 0x5C, 0x60]
    private static let hexDigits: [Unicode.Scalar] = Array("0123456789ABCDEF".unicodeScalars)

    private enum SchemeCheck { case allowed, refused, none }

    /// Looks for `scheme:` before the first `/`, `?` or `#`.
    private static func scheme(of bytes: [UInt8]) -> SchemeCheck {
        guard let colon = bytes.firstIndex(where: { $0 == 0x3A || $0 == 0x2F || $0 == 0x3F || $0 == 0x23 }),
              bytes[colon] == 0x3A
        else { return .none }
        let name = bytes[..<colon]
        let wellFormed = !name.isEmpty && isLetter(name[name.startIndex])
            && name.allSatisfy { isLetter($0) || isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
        guard wellFormed else { return .refused }
        let lower = String(decoding: name.map { $0 | 0x20 }, as: UTF8.self)
        if allowedSchemes.contains(lower) { return .allowed }
        // `example.com:8080/path` is a host and port, not a scheme.
        let rest = bytes[(colon + 1)...]
        let port = rest.prefix { isDigit($0) }
        if !port.isEmpty, port.endIndex == rest.endIndex || [0x2F, 0x3F, 0x23].contains(bytes[port.endIndex]),
           isPlainHost(Array(name)) {
            return .none
        }
        return .refused
    }

    /// True when the part before the first `/`, `?`, `#` or `:` is a plausible host name:
    /// letters, digits, `-`, `.`, `_`, `~` and non-ASCII letters, not starting with `.`.
    private static func isPlainHost(_ bytes: [UInt8]) -> Bool {
        let host = bytes.prefix { $0 != 0x2F && $0 != 0x3F && $0 != 0x23 && $0 != 0x3A }
        guard let first = host.first, first != 0x2E, first != 0x2D else { return false }
        let text = String(decoding: host, as: UTF8.self)
        return text.unicodeScalars.allSatisfy { s in
            if s.value < 0x80 {
                let b = UInt8(s.value)
                return isLetter(b) || isDigit(b) || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E
            }
            return s.properties.isAlphabetic || s.properties.numericType != nil
        }
    }

    private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
