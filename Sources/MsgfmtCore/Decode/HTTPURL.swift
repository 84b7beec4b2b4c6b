/// A URL as tdlib's `parse_url` reads it: `[http[s]://][userinfo@]host[:port][rest]`, with
/// `http` when the scheme is missing, the host lower-cased (ASCII only), the port's leading
/// zeros dropped, and the rest (path, query and fragment together) kept as written but for
/// trailing spaces, with a `/` in front and bytes up to U+0020 percent-encoded.
struct HTTPURL: Equatable {
    var isHTTPS: Bool
    var userinfo: ArraySlice<UInt8>
    /// The host as written (its letters in either case).
    var writtenHost: ArraySlice<UInt8>
    var isIPv6: Bool
    /// The port written in the URL; 0 when none is.
    var specifiedPort: Int
    /// Everything after the host and port as written, trailing blanks dropped.
    var writtenRest: ArraySlice<UInt8>

    /// The host, lower-cased (ASCII only).
    var host: [UInt8] { writtenHost.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 } }

    /// Everything after the host and port, with a `/` in front and bytes up to U+0020
    /// percent-encoded; made only when asked for (checking a link needs none of it).
    var rest: [UInt8] {
        var path: [UInt8] = []
        path.reserveCapacity(writtenRest.count + 1)
        if writtenRest.first != 0x2F { path.append(0x2F) }
        for byte in writtenRest {
            if byte <= 0x20 {
                path.append(0x25)
                path.append(Self.hexDigit(byte >> 4))
                path.append(Self.hexDigit(byte & 0x0F))
            } else {
                path.append(byte)
            }
        }
        return path
    }

    /// The URL in tdlib's canonical form (`HttpUrl::get_url`).
    var text: String {
        var bytes = Array((isHTTPS ? "https://" : "http://").utf8)
        if !userinfo.isEmpty { bytes += userinfo + [UInt8(ascii: "@")] }
        bytes += host
        if specifiedPort > 0 { bytes += Array(":\(specifiedPort)".utf8) }
        bytes += rest
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses `url`; nil where tdlib reports an error.
    static func parse(_ url: ArraySlice<UInt8>) -> HTTPURL? {
        let bytes = Array(url)
        let n = bytes.count
        var start = 0
        var isHTTPS = false
        let schemeEnd = bytes.firstIndex(where: isSchemeStop) ?? n
        if bytes[schemeEnd...].starts(with: "://".utf8) {
            let scheme = bytes[..<schemeEnd]
            if TelegramURLPayload.lowerCaseEquals(scheme, "https") {
                isHTTPS = true
            } else if !TelegramURLPayload.lowerCaseEquals(scheme, "http") {
                return nil
            }
            start = schemeEnd + 3
        }
        let authorityEnd = bytes[start...].firstIndex { $0 == 0x2F || $0 == 0x3F || $0 == 0x23 } ?? n

        var colon = authorityEnd - 1
        while colon > start, bytes[colon] != 0x3A, bytes[colon] != 0x5D, bytes[colon] != 0x40 { colon -= 1 }
        var port = 0
        var userinfoHostEnd = authorityEnd
        if colon > start, bytes[colon] == 0x3A {
            var digits = bytes[(colon + 1)..<authorityEnd]
            while digits.count > 1, digits.first == 0x30 { digits = digits.dropFirst() }
            guard let value = TelegramInteger.strict(String(decoding: digits, as: UTF8.self), as: Int32.self),
                value > 0, value <= 65535
            else { return nil }
            port = Int(value)
            userinfoHostEnd = colon
        }
        let userinfoHost = bytes[start..<userinfoHostEnd]
        let at = userinfoHost.lastIndex(of: 0x40)
        let userinfo = at.map { bytes[start..<$0] } ?? []
        let host = at.map { bytes[($0 + 1)..<userinfoHostEnd] } ?? userinfoHost

        var isIPv6 = false
        if host.first == 0x5B, host.last == 0x5D {
            guard host.count > 2, IPv6Address.isValid(host.dropFirst().dropLast()) else { return nil }
            isIPv6 = true
        }
        if host.isEmpty || host.elementsEqual([0x2E]) { return nil }

        var rest = bytes[authorityEnd...]
        while let last = rest.last, last == 0x20 || last == 0x09 || last == 0x0D || last == 0x0A || last == 0x00 || last == 0x0B {
            rest = rest.dropLast()
        }

        if isIPv6 {
            for byte in host.dropFirst().dropLast() {
                guard byte == 0x3A || byte == 0x2E || isHexDigit(byte) else { return nil }
            }
        } else {
            guard isValidPart(host, allowingColon: false), isValidPart(userinfo, allowingColon: true) else { return nil }
        }
        return HTTPURL(
            isHTTPS: isHTTPS, userinfo: userinfo, writtenHost: host, isIPv6: isIPv6, specifiedPort: port, writtenRest: rest)
    }

    /// True for the bytes that end a scheme, `:/?#@[]`.
    private static func isSchemeStop(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "["),
            UInt8(ascii: "]"):
            true
        default: false
        }
    }

    /// True for the punctuation RFC 3986 allows in a host or userinfo besides letters and
    /// digits, `.-_!$,~*'();&+=`.
    private static func isPartPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: ","),
            UInt8(ascii: "~"), UInt8(ascii: "*"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ";"),
            UInt8(ascii: "&"), UInt8(ascii: "+"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    /// The upper-case hex digit of `value` (0…15).
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x37 + value
    }

    /// True when every byte of `part` is a letter, a digit, allowed punctuation (`:` too
    /// when `allowingColon`), a `%` with two hex digits, or part of a non-ASCII character.
    private static func isValidPart(_ part: ArraySlice<UInt8>, allowingColon: Bool) -> Bool {
        var i = part.startIndex
        while i < part.endIndex {
            let byte = part[i]
            if isAlphanumeric(byte) || isPartPunctuation(byte) || byte >= 0x80 || (allowingColon && byte == 0x3A) {
                i += 1
            } else if byte == 0x25, i + 2 < part.endIndex, isHexDigit(part[i + 1]), isHexDigit(part[i + 2]) {
                i += 3
            } else {
                return false
            }
        }
        return true
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
}
