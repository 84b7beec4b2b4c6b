/// Whether a stretch the URL finder collected is an email address or a URL.
extension URLDetector {
    /// `local@domain` in ASCII: the local part is up to 11 pieces of `[A-Za-z0-9_-]`
    /// joined by `.` or `+` (pieces before a joiner under 27 characters, the last one 1–35);
    /// the domain is 2–7 labels, the last 2–8 letters, the others 1–30 of `[A-Za-z0-9_-]`
    /// starting and ending with a letter or digit.
    static func isEmailAddress(_ s: TextScanner, _ range: Range<Int>) -> Bool {
        let units = s.units[range]
        guard let at = units.firstIndex(of: 0x40), at + 1 < range.upperBound else { return false }
        var pieces = 1
        var pieceStart = range.lowerBound
        for i in range.lowerBound..<at {
            let u = units[i]
            if u == 0x2E || u == 0x2B {
                guard i - pieceStart < 27 else { return false }
                pieces += 1
                pieceStart = i + 1
            } else if !isASCIIWordOrMinus(u) {
                return false
            }
        }
        guard pieces < 12, (1...35).contains(at - pieceStart) else { return false }

        let labels = units[(at + 1)...].split(separator: 0x2E, omittingEmptySubsequences: false)
        guard (2...7).contains(labels.count), let tld = labels.last, (2...8).contains(tld.count),
            tld.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A })
        else { return false }
        return labels.dropLast().allSatisfy { label in
            guard let first = label.first, let last = label.last, label.count < 31 else { return false }
            return label.allSatisfy(isASCIIWordOrMinus) && isASCIIAlphanumeric(first) && isASCIIAlphanumeric(last)
        }
    }

    /// The end of the URL in `range` once a path cut where a bracket closes unopened, then
    /// without trailing `badPathEnds`; nil when it is no URL. The host (after an optional
    /// `http`, `https`, `ftp` or `tonsite` scheme and user info, without a port) must have
    /// two or more labels, each 1–63 UTF-8 bytes and not ending in `-`, and be an IPv4
    /// address or have a non-digit; its TLD must be two or more characters, a well-formed
    /// `xn--` name, or else free of `_` and `-` and, without a scheme, a known TLD
    /// (`KnownTLDs`); the label before the TLD must have no `_`. `teiegram.org` is never
    /// a URL.
    static func validURLEnd(_ s: TextScanner, _ range: Range<Int>) -> Int? {
        var hostStart = range.lowerBound
        let hasScheme = ["http://", "https://", "ftp://", "tonsite://"].contains {
            $0.utf8.count <= range.count && s.matches($0, at: range.lowerBound)
        }
        if hasScheme { hostStart = s.units[range].firstIndex(of: 0x3A)! + 3 }
        let pathStart = s.units[hostStart..<range.upperBound].firstIndex { $0 == 0x2F || $0 == 0x3F || $0 == 0x23 } ?? range.upperBound
        if let at = s.units[hostStart..<pathStart].firstIndex(of: 0x40) { hostStart = at + 1 }
        let hostEnd = s.units[hostStart..<pathStart].lastIndex(of: 0x3A) ?? pathStart
        let host = s.units[hostStart..<hostEnd]
        if host.count == 12, s.matches("teiegram.org", at: hostStart) { return nil }

        let end = cutPath(s, pathStart..<range.upperBound)
        let labels = host.split(separator: 0x2E, omittingEmptySubsequences: false)
        for label in labels {
            guard let last = label.last, last != 0x2D, s.utf8Count(label.startIndex..<label.endIndex) < 64 else { return nil }
        }
        guard labels.count > 1 else { return nil }
        if labels.count == 4, labels.allSatisfy(isIPv4Byte) { return end }
        guard host.contains(where: { $0 != 0x2E && !TextScanner.isASCIIDigit($0) }) else { return nil }

        let tld = labels[labels.count - 1]
        let tldText = String(decoding: tld, as: UTF16.self)
        guard tldText.unicodeScalars.count > 1 else { return nil }
        if tld.starts(with: "xn--".utf16) {
            guard tld.count > 5, tld.dropFirst(4).allSatisfy(isASCIIAlphanumeric) else { return nil }
        } else {
            guard !tld.contains(0x5F), !tld.contains(0x2D) else { return nil }
            if !hasScheme, !KnownTLDs.contains(Substring(tldText)) { return nil }
        }
        return labels[labels.count - 2].contains(0x5F) ? nil : end
    }

    /// The end of `path` cut where a `)`, `]` or `}` closes without opening, then without
    /// trailing `badPathEnds`.
    private static func cutPath(_ s: TextScanner, _ path: Range<Int>) -> Int {
        var depth = (round: 0, square: 0, curly: 0)
        var end = path.upperBound
        for i in path {
            switch s.units[i] {
            case 0x28: depth.round += 1
            case 0x5B: depth.square += 1
            case 0x7B: depth.curly += 1
            case 0x29: depth.round -= 1
            case 0x5D: depth.square -= 1
            case 0x7D: depth.curly -= 1
            default: continue
            }
            if depth.round < 0 || depth.square < 0 || depth.curly < 0 {
                end = i
                break
            }
        }
        while end > path.lowerBound, badPathEnds.contains(s.units[end - 1]) { end -= 1 }
        return end
    }

    /// A label of an IPv4 address: 1–3 ASCII digits, at most 255, no leading zero.
    private static func isIPv4Byte(_ label: ArraySlice<UInt16>) -> Bool {
        guard (1...3).contains(label.count), label.allSatisfy(TextScanner.isASCIIDigit) else { return false }
        if label.count > 1, label.first == 0x30 { return false }
        return Int(String(decoding: label, as: UTF16.self))! <= 255
    }

    private static func isASCIIWordOrMinus(_ u: UInt16) -> Bool { TextScanner.isASCIIWord(u) || u == 0x2D }

    private static func isASCIIAlphanumeric(_ u: UInt16) -> Bool { TextScanner.isASCIIWord(u) && u != 0x5F }
}
