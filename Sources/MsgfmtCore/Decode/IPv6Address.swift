/// The IPv6 address syntax tdlib accepts between a URL's brackets (what glibc's
/// `inet_pton(AF_INET6, …)` takes): eight groups of one to four hex digits, one `::`
/// standing for at least one zero group, and optionally a dotted IPv4 address in place of
/// the last two groups.
enum IPv6Address {
    /// True when `text` is such an address.
    static func isValid(_ text: ArraySlice<UInt8>) -> Bool {
        var i = text.startIndex
        let end = text.endIndex
        guard i < end else { return false }
        if text[i] == 0x3A {
            guard i + 1 < end, text[i + 1] == 0x3A else { return false }
            i += 1
        }
        var groups = 0
        var sawCompression = false
        var digits = 0
        var groupStart = i
        while i < end {
            let byte = text[i]
            i += 1
            if HTTPURL.isHexDigit(byte) {
                digits += 1
                if digits > 4 { return false }
            } else if byte == 0x3A {
                groupStart = i
                if digits == 0 {
                    if sawCompression { return false }
                    sawCompression = true
                    continue
                }
                if i >= end || groups + 1 > 8 { return false }
                groups += 1
                digits = 0
            } else if byte == 0x2E, groups + 2 <= 8, isIPv4(text[groupStart..<end]) {
                groups += 2
                digits = 0
                break
            } else {
                return false
            }
        }
        if digits > 0 {
            if groups + 1 > 8 { return false }
            groups += 1
        }
        return sawCompression ? groups < 8 : groups == 8
    }

    /// Four decimal numbers up to 255 without leading zeros, separated by dots.
    static func isIPv4(_ text: ArraySlice<UInt8>) -> Bool {
        var octets = 0
        var value = 0
        var sawDigit = false
        for byte in text {
            if byte >= 0x30, byte <= 0x39 {
                if sawDigit, value == 0 { return false }
                value = value * 10 + Int(byte - 0x30)
                if value > 255 { return false }
                if !sawDigit {
                    octets += 1
                    if octets > 4 { return false }
                    sawDigit = true
                }
            } else if byte == 0x2E, sawDigit {
                if octets == 4 { return false }
                value = 0
                sawDigit = false
            } else {
                return false
            }
        }
        return octets == 4 && sawDigit
    }
}
