import TestSupport
import Testing

@testable import MsgfmtCore

@Suite struct LinkPolicyTests {
    @Test(arguments: [
        ("https://example.com/a b", "https://example.com/a%20b"),
        ("HTTP://Example.com", "HTTP://Example.com"),
        ("tg://user?id=42", "tg://user?id=42"),
        ("mailto:a@b.org", "mailto:a@b.org"),
        ("tel:+123", "tel:+123"),
        ("example.com/x?q=\"1\"", "http://example.com/x?q=%221%22"),
        ("example.com:8080/x", "http://example.com:8080/x"),
        ("https://пример.рф/", "https://%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84/"),
        ("https://x.org/\u{1B}]0;t\u{07}", "https://x.org/%1B]0;t%07"),
    ])
    func allowsAndEncodes(link: String, expected: String) {
        #expect(LinkPolicy.safeURI(link) == expected)
    }

    @Test(arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
        "java\nscript:x", "\u{1}javascript:x", "javascript&#58;alert(1)", "&#106;avascript:alert(1)",
        "data:text/html,<script>", "vbscript:msgbox", "file:///etc/passwd", "", "//evil.com",
        "/relative", ".hidden", "\u{202E}https://x.org", "jav%61script:x",
    ])
    func refuses(link: String) {
        #expect(LinkPolicy.safeURI(link) == nil)
        #expect(LinkPolicy.refusal(of: link) != nil)
    }

    /// Why a link is refused, which the warnings of the outputs that link say.
    @Test(arguments: [
        ("javascript:alert(1)", LinkPolicy.Refusal.scheme), ("data:text/html,x", .scheme), ("jav%61script:x", .scheme),
        ("java\tscript:alert(1)", .scheme), ("", .blank), (" https://x.org", .blank), ("\u{1}https://x.org", .blank),
        ("/relative", .host), ("//evil.com", .host), (".hidden", .host), ("\u{202E}https://x.org", .scheme),
        ("https://x.org/" + String(repeating: "a", count: 2070), .length),
        ("https://x.org/" + String(repeating: " ", count: 700), .length),
    ])
    func namesWhyItRefuses(link: String, refusal: LinkPolicy.Refusal) {
        #expect(LinkPolicy.refusal(of: link) == refusal)
        #expect(LinkPolicy.safeURI(link) == nil)
    }

    /// `refusal(of:)` and `safeURI` make one decision: a reason exactly when there is no
    /// URI, on random links of scheme-like, host-like and path pieces.
    @Test func refusesExactlyWhatItDoesNotLink() {
        let pieces = [
            "http", "https", "tg", "mailto", "tel", "javascript", "data", ":", "//", "/", "?", "#", "example.com", "x",
            "8080", " ", "\t", "\u{1}", "é", "%61", "-", ".", "+", "@",
        ]
        var rng = SeededGenerator(seed: 0x2083)
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...8, using: &rng)
            let link = (0..<count).map { _ in pieces.randomElement(using: &rng)! }.joined()
            #expect((LinkPolicy.refusal(of: link) == nil) == (LinkPolicy.safeURI(link) != nil), "\(link.debugDescription)")
        }
    }

    /// The URI against a byte-by-byte spelling of it: every byte that is printable ASCII
    /// other than quotes, angle brackets, backslash and backtick as it is, every other one
    /// as `%XX`, on random paths long and short (the runs between encoded bytes are
    /// copied in one go, found sixteen bytes at a time).
    @Test func encodesEachByteAsTheReferenceDoes() {
        func reference(_ link: String) -> String {
            var out = ""
            for byte in link.utf8 {
                let kept = byte > 0x20 && byte < 0x7F && ![0x22, 0x27, 0x3C, 0x3E, 0x5C, 0x60].contains(byte)
                out += kept ? String(UnicodeScalar(byte)) : "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
            return out
        }
        let pieces = [
            "a", "Z", "0", "/", "?", "=", "&", "#", "%", " ", "\"", "'", "<", ">", "\\", "`", "~", "é", "\u{7F}", "\t", "\u{1}", "😀",
        ]
        var rng = SeededGenerator(seed: 0x0511)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...60, using: &rng)
            let path = (0..<count).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let link = "https://x.org/" + path
            #expect(LinkPolicy.safeURI(link) == reference(link), "\(link.debugDescription)")
        }
    }

    @Test func capsTheLength() {
        let base = "https://x.org/"
        let fits = base + String(repeating: "a", count: LinkPolicy.maxLength - base.utf8.count)
        #expect(LinkPolicy.safeURI(fits) == fits)
        #expect(LinkPolicy.safeURI(fits + "a") == nil)
        #expect(LinkPolicy.refusal(of: fits) == nil)
        #expect(LinkPolicy.refusal(of: fits + "a") == .length)
        // Encoding counts: 700 × "é" is 4200 bytes once percent-encoded.
        #expect(LinkPolicy.safeURI(base + String(repeating: "é", count: 700)) == nil)
    }
}
