/// Checks terminal output bytes for anything a message could have smuggled in: every ESC
/// must open one of msgfmt's own sequences — SGR `ESC [ digits/semicolons m` or an OSC 8
/// hyperlink `ESC ] 8 ; printable-ASCII ESC \` — and there is no BEL, no other C0 control
/// than newline and tab, no C1 control and no bidi override or isolate.
public enum TerminalOutputScan {
    /// The problems found, each naming its byte offset; empty when the output is clean.
    public static func violations(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        var i = 0
        let n = bytes.count
        while i < n, problems.count < 10 {
            let b = bytes[i]
            if b == 0x1B {
                if let end = ownSequenceEnd(bytes, at: i) {
                    i = end
                    continue
                }
                problems.append("foreign escape sequence at byte \(i): \(preview(bytes, i))")
            } else if b < 0x20, b != 0x0A, b != 0x09 {
                problems.append("control byte 0x\(String(b, radix: 16)) at byte \(i)")
            } else if b == 0x7F {
                problems.append("DEL at byte \(i)")
            } else if b == 0xC2, i + 1 < n, (0x80...0x9F).contains(bytes[i + 1]) {
                problems.append("C1 control at byte \(i)")
            } else if b == 0xE2, i + 2 < n, isBidiControl(bytes[i + 1], bytes[i + 2]) {
                problems.append("bidi control at byte \(i)")
            }
            i += 1
        }
        return problems
    }

    /// `bytes` without msgfmt's own SGR and OSC 8 sequences (anything else is kept).
    public static func withoutOwnSequences(_ bytes: [UInt8]) -> [UInt8] {
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x1B, let end = ownSequenceEnd(bytes, at: i) {
                i = end
            } else {
                kept.append(bytes[i])
                i += 1
            }
        }
        return kept
    }

    /// The index after the msgfmt sequence starting at `start` (an ESC), or nil.
    private static func ownSequenceEnd(_ bytes: [UInt8], at start: Int) -> Int? {
        let n = bytes.count
        guard start + 1 < n else { return nil }
        var i = start + 2
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            while i < n, (bytes[i] >= 0x30 && bytes[i] <= 0x39) || bytes[i] == 0x3B { i += 1 }
            return i < n && bytes[i] == UInt8(ascii: "m") ? i + 1 : nil
        case UInt8(ascii: "]"):
            guard i + 1 < n, bytes[i] == UInt8(ascii: "8"), bytes[i + 1] == UInt8(ascii: ";") else { return nil }
            i += 2
            while i < n, bytes[i] >= 0x20, bytes[i] < 0x7F { i += 1 }
            return i + 1 < n && bytes[i] == 0x1B && bytes[i + 1] == UInt8(ascii: "\\") ? i + 2 : nil
        default:
            return nil
        }
    }

    /// U+202A–U+202E and U+2066–U+2069 from their second and third UTF-8 bytes.
    private static func isBidiControl(_ b1: UInt8, _ b2: UInt8) -> Bool {
        (b1 == 0x80 && (0xAA...0xAE).contains(b2)) || (b1 == 0x81 && (0xA6...0xA9).contains(b2))
    }

    private static func preview(_ bytes: [UInt8], _ i: Int) -> String {
        bytes[i..<min(bytes.count, i + 12)].map { $0 < 0x20 || $0 > 0x7E ? "\\x" + String($0, radix: 16) : String(UnicodeScalar($0)) }
            .joined()
    }
}
