import Testing

@testable import MsgfmtCore

/// Date formats are read as tdlib's `get_date_flags` reads them and written back as the
/// Bot API writes tdlib's flags.
@Suite struct DateTimeFormatTests {
    @Test func canonicalSpellings() {
        let cases: [(String, String?)] = [
            ("r", "r"), ("R", "r"), ("", ""), ("w", "w"), ("W", "w"), ("Td", "dT"), ("TdW", "wdT"), ("tT", "t"),
            ("dD", "d"), ("DDww", "wD"), ("wDT", "wDT"), ("rt", nil), ("rr", nil), ("x", nil), (" r", nil), ("tr", nil),
        ]
        for (format, canonical) in cases {
            #expect(DateTimeFormat.canonical(format) == canonical, "\(format)")
            #expect(DateTimeFormat.isValid(format) == (canonical != nil), "\(format)")
        }
    }

    @Test func everyLetterSequenceUpToThreeIsAccepted() {
        let letters = ["t", "T", "d", "D", "w", "W"]
        for a in letters {
            for b in letters {
                for c in letters { #expect(DateTimeFormat.isValid(a + b + c)) }
            }
        }
    }
}
