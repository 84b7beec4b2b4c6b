internal import CByteScan

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
        var link = link
        return link.withUTF8 { safeURI(bytes: $0) }
    }

    /// `safeURI(_:)` over the link's UTF-8, without intermediate arrays.
    private static func safeURI(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let plan = safeURIPlan(bytes: bytes) else { return nil }
        return String(unsafeUninitializedCapacity: plan.length) { out in
            writeSafeURI(bytes: bytes, prefixed: plan.prefixed, into: out.baseAddress!)
        }
    }

    /// How the link in `bytes` is written by `writeSafeURI`: whether `http://` goes in
    /// front and how many bytes it takes; nil when the link must be shown as plain text.
    /// Nothing is allocated, so a caller may decide first and write later.
    static func safeURIPlan(bytes: UnsafeBufferPointer<UInt8>) -> (prefixed: Bool, length: Int)? {
        if case .link(let prefixed, let length) = decision(bytes: bytes) { return (prefixed, length) }
        return nil
    }

    /// Why a link is shown as plain text rather than linked.
    public enum Refusal: Sendable, Equatable {
        /// It is empty or starts with a space or a control character.
        case blank
        /// Its scheme is not one of `allowedSchemes` (`javascript:`, `data:`, `file:`).
        case scheme
        /// It has no scheme and does not start with a plain host name.
        case host
        /// It is longer than `maxLength` bytes once encoded.
        case length

        /// The reason as the end of a sentence (`… is shown without its link: …`).
        public var reason: String {
            switch self {
            case .blank: "it is empty or starts with a space or a control character"
            case .scheme: "only http, https, tg, mailto and tel links are written"
            case .host: "it has no scheme and does not start with a host name"
            case .length: "it is longer than \(LinkPolicy.maxLength) bytes once percent-encoded"
            }
        }
    }

    /// Why `link` is shown as plain text, or nil when it becomes a link (`safeURI`). Most
    /// links start with a lower-case scheme msgfmt links and are too short to pass the
    /// limit even with every byte encoded: those are taken on sight.
    public static func refusal(of link: String) -> Refusal? {
        var link = link
        return link.withUTF8 { bytes in
            if bytes.count &* 3 <= maxLength, startsWithLinkedScheme(bytes) { return nil }
            if case .refused(let refusal) = decision(bytes: bytes) { return refusal }
            return nil
        }
    }

    /// True when `bytes` start with `https://`, `http://`, `tg://`, `mailto:` or `tel:`,
    /// in lower case.
    @inline(__always)
    private static func startsWithLinkedScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch bytes.first {
        case UInt8(ascii: "h"): return bytes.starts(withASCII: "https://") || bytes.starts(withASCII: "http://")
        case UInt8(ascii: "t"): return bytes.starts(withASCII: "tg://") || bytes.starts(withASCII: "tel:")
        case UInt8(ascii: "m"): return bytes.starts(withASCII: "mailto:")
        default: return false
        }
    }

    /// What becomes of a link: the one decision `safeURIPlan` and `refusal(of:)` read.
    private enum Decision {
        case link(prefixed: Bool, length: Int)
        case refused(Refusal)
    }

    @inline(__always)
    private static func decision(bytes: UnsafeBufferPointer<UInt8>) -> Decision {
        guard let first = bytes.first, first > 0x20, first != 0x7F else { return .refused(.blank) }
        var prefixed = false
        switch scheme(of: bytes) {
        case .allowed:
            break
        case .refused:
            return .refused(.scheme)
        case .none:
            guard isPlainHost(bytes) else { return .refused(.host) }
            prefixed = true
        }
        // Every byte takes one, and each one encoded two more (`%XX`).
        var length = (prefixed ? httpPrefix.utf8CodeUnitCount : 0) &+ bytes.count
        forEachEncoded(bytes) { _, _ in length &+= 2 }
        if length > maxLength { return .refused(.length) }
        return .link(prefixed: prefixed, length: length)
    }

    /// Writes the safe URI of the link in `bytes` at `out`, as `safeURIPlan` planned it
    /// (`prefixed`; `out` has room for its length); returns the bytes written.
    static func writeSafeURI(bytes: UnsafeBufferPointer<UInt8>, prefixed: Bool, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var o = 0
        if prefixed {
            for byte in UnsafeBufferPointer(start: httpPrefix.utf8Start, count: httpPrefix.utf8CodeUnitCount) {
                out[o] = byte
                o &+= 1
            }
        }
        guard let source = bytes.baseAddress else { return o }
        // The kept bytes before each encoded one are copied in one go.
        var copied = 0
        forEachEncoded(bytes) { i, byte in
            (out + o).update(from: source + copied, count: i &- copied)
            o &+= i &- copied
            out[o] = 0x25  // %
            out[o &+ 1] = hexDigit(byte >> 4)
            out[o &+ 2] = hexDigit(byte & 0xF)
            o &+= 3
            copied = i &+ 1
        }
        (out + o).update(from: source + copied, count: bytes.count &- copied)
        return o &+ bytes.count &- copied
    }

    /// Calls `body` with the offset and value of each byte of `bytes` that is
    /// percent-encoded, in order: a space, a control, anything beyond ASCII, quotes, angle
    /// brackets, backslash and backtick (every other byte is printable ASCII, written as
    /// it is); the kept runs between them are passed over sixteen bytes at a time
    /// (CByteScan).
    @inline(__always)
    private static func forEachEncoded(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, UInt8) -> Void) {
        guard let base = bytes.baseAddress else { return }
        let end = bytes.count
        var i = msgfmt_byte_scan_uri_escape(base, 0, end)
        while i < end {
            body(i, base[i])
            i = msgfmt_byte_scan_uri_escape(base, i &+ 1, end)
        }
    }

    /// What a link without a scheme is given.
    private static let httpPrefix: StaticString = "http://"

    /// The upper-case hex digit of `value` (0–15).
    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 &+ value : 0x37 &+ value
    }

    private enum SchemeCheck { case allowed, refused, none }

    /// True when `link` begins with a scheme, allowed or not (`mailto:`, `javascript:`),
    /// rather than a host (`example.com:8080/path` has none): such a link is never given
    /// `http://` in front.
    static func hasScheme(_ link: UnsafeBufferPointer<UInt8>) -> Bool {
        scheme(of: link) != .none
    }

    /// Looks for `scheme:` before the first `/`, `?` or `#`.
    private static func scheme(of bytes: UnsafeBufferPointer<UInt8>) -> SchemeCheck {
        guard let colon = bytes.firstIndex(where: { $0 == 0x3A || $0 == 0x2F || $0 == 0x3F || $0 == 0x23 }),
            bytes[colon] == 0x3A
        else { return .none }
        let name = UnsafeBufferPointer(rebasing: bytes[..<colon])
        let wellFormed =
            !name.isEmpty && isLetter(name[0])
            && name.allSatisfy { isLetter($0) || isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
        guard wellFormed else { return .refused }
        if isAllowedScheme(name) { return .allowed }
        // `example.com:8080/path` is a host and port, not a scheme.
        var end = colon + 1
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        if end > colon + 1, end == bytes.count || bytes[end] == 0x2F || bytes[end] == 0x3F || bytes[end] == 0x23,
            isPlainHost(name)
        {
            return .none
        }
        return .refused
    }

    /// True when `name` (letters, digits, `+`, `-`, `.`) is one of `allowedSchemes`, in
    /// any case.
    private static func isAllowedScheme(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        // Lower-casing by `| 0x20` leaves digits, `+`, `-` and `.` as they are.
        if name.count <= 8 {
            var key: UInt64 = 0
            for (i, byte) in name.enumerated() { key |= UInt64(byte | 0x20) << (8 * UInt64(i)) }
            switch key {
            case 0x7074_7468, 0x73_7074_7468, 0x6774, 0x6F74_6C69_616D, 0x6C_6574: return true
            default: break
            }
        }
        let lower = String(decoding: name.lazy.map { $0 | 0x20 }, as: UTF8.self)
        return allowedSchemes.contains(lower)
    }

    /// True when the part before the first `/`, `?`, `#` or `:` is a plausible host name:
    /// letters, digits, `-`, `.`, `_`, `~` and non-ASCII letters, not starting with `.`.
    private static func isPlainHost(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = 0
        var ascii = true
        while end < bytes.count {
            let b = bytes[end]
            if b == 0x2F || b == 0x3F || b == 0x23 || b == 0x3A { break }
            if b >= 0x80 { ascii = false }
            end += 1
        }
        let host = UnsafeBufferPointer(rebasing: bytes[..<end])
        guard let first = host.first, first != 0x2E, first != 0x2D else { return false }
        if ascii { return host.allSatisfy(isHostASCII) }
        let text = String(decoding: host, as: UTF8.self)
        return text.unicodeScalars.allSatisfy { s in
            if s.value < 0x80 { return isHostASCII(UInt8(s.value)) }
            return s.properties.isAlphabetic || s.properties.numericType != nil
        }
    }

    @inline(__always)
    private static func isHostASCII(_ b: UInt8) -> Bool {
        isLetter(b) || isDigit(b) || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E
    }

    @inline(__always)
    private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    @inline(__always)
    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
