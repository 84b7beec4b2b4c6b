import Testing

@testable import MsgfmtCore

/// `LinkChecker` gives what tdlib's `get_link_user_id` and `check_link` give (each answer
/// below is tdlib's, tdjson 1.8.69).
@Suite struct LinkCheckerTests {
    static let cases: [(String, LinkChecker.Target)] = [
        ("example.com", .url("http://example.com/")),
        ("HTTPS://A.COM:080/p?q#f", .url("https://a.com:80/p?q#f")),
        ("Http://a.com", .url("http://a.com/")),
        ("httpS://a.com/x", .url("https://a.com/x")),
        ("HTTP://A.com:0080", .url("http://a.com:80/")),
        ("htt://a.com", .invalid),
        ("httpss://a.com", .invalid),
        ("http://a.com/x y\t", .url("http://a.com/x%20y")),
        ("http://a.com/a\u{1}b", .url("http://a.com/a%01b")),
        ("http://a.com?q", .url("http://a.com/?q")),
        ("http://a.com#f", .url("http://a.com/#f")),
        ("http://user:pass@example.com", .url("http://user:pass@example.com/")),
        ("mailto:x@y.com", .url("http://mailto:x@y.com/")),
        ("http://пример.рф/путь", .url("http://пример.рф/путь")),
        ("http://Ex_Ample.com/", .url("http://ex_ample.com/")),
        ("http://[::1]:80/", .url("http://[::1]:80/")),
        ("http://[::FFFF:1.2.3.4]/", .url("http://[::ffff:1.2.3.4]/")),
        ("http://a.com:65535", .url("http://a.com:65535/")),
        ("tonsite://a.b.ton", .url("tonsite://a.b.ton/")),
        ("TG:resolve?domain=a b", .url("tg://resolve?domain=a%20b")),
        ("tg://resolve", .url("tg://resolve/")),
        ("ton://wallet/x", .url("ton://wallet/x")),
        ("tg://user?ID=5", .user(5)),
        ("tg://user/?x=1&id=1099511627775#f", .user(1_099_511_627_775)),
        ("tg://user?id=0", .url("tg://user?id=0")),
        ("tg://user?id=1099511627776", .url("tg://user?id=1099511627776")),
        ("tg://user?id=05", .url("tg://user?id=05")),
        ("", .invalid),
        ("http://a b.com/", .invalid),
        ("http://a.com:0/", .invalid),
        ("http://a.com:/", .invalid),
        ("http://a.com:65536/", .invalid),
        ("http://a%2.com/", .invalid),
        ("http://a b@example.com/", .invalid),
        ("ftp://a.com/", .invalid),
        ("localhost", .invalid),
        ("http://[1::2::3]/", .invalid),
        ("http://[::1.2.3]/", .invalid),
        ("http://[fe80::1%eth0]/", .invalid),
        ("http://[1:2:3:4:5:6:7::8]/", .invalid),
        ("http://./", .invalid),
        ("ton://a.b", .invalid),
        ("tg://ü", .invalid),
        ("tg://x:80", .invalid),
        ("tg://user@x", .invalid),
        ("tg:http://x.com", .invalid),
        ("tg:https://x.com", .invalid),
    ]

    @Test(arguments: cases.indices)
    func checksAsTdlib(_ index: Int) {
        let (raw, expected) = Self.cases[index]
        #expect(LinkChecker.check(raw) == expected, "\(raw)")
        #expect(LinkChecker.accepts(raw) == (expected != .invalid), "\(raw)")
    }

    /// The plain web links `isPlainWebLink` takes at once are the links the full parse
    /// accepts, on generated links near its shape (schemes, hosts and what follows them
    /// drawn from pieces that pass and pieces that do not) and on every case above.
    @Test func plainWebLinksAreWhatTheFullParseAccepts() {
        let schemes = ["http://", "https://", "HTTP://", "httpS://", "htt://", "http:/", "tg://", "", "http://u@", "https://u:p@"]
        let hosts = [
            "a.com", "example.org", "x-y.z", "localhost", "a-b", ".", "..", "a", "a.", ".a", "-.-", "a_b.com", "пример.рф", "[::1]", "",
            "a b.c", "A.COM", "1.2.3.4",
        ]
        let tails = ["", "/", "/p?q#f", "?q", "#f", ":80", ":80/x", "@b.com", "%41", " ", "/x y", "\u{1}", "/пр", ":", "]"]
        var taken = 0
        var links = Self.cases.map(\.0)
        for scheme in schemes {
            for host in hosts {
                for tail in tails { links.append(scheme + host + tail) }
            }
        }
        for link in links {
            let full = LinkChecker.acceptsByParsing(link)
            if LinkChecker.isPlainWebLink(link) {
                taken += 1
                #expect(full, "\(link.debugDescription) taken at once but refused in full")
            }
            #expect(LinkChecker.accepts(link) == full, "\(link.debugDescription)")
        }
        // The quick path is taken at all (and not only by a few of the links).
        #expect(taken > 100)
    }

    @Test func ipv6AddressesFollowInetPton() {
        for valid in ["::", "::1", "1:2:3:4:5:6:7:8", "1::", "1:2:3:4:5:6:1.2.3.4", "::ffff:0.0.0.0", "ABCD::ef"] {
            #expect(IPv6Address.isValid(Array(valid.utf8)[...]), "\(valid)")
        }
        for invalid in ["", ":1", "1:", "1:2:3:4:5:6:7", "12345::", "::01.2.3.4", "::1.2.3.256", "1:2:3:4:5:6:7:1.2.3.4", ":::"] {
            #expect(!IPv6Address.isValid(Array(invalid.utf8)[...]), "\(invalid)")
        }
    }

    @Test func integersAreReadAsTdlibReadsThem() {
        #expect(TelegramInteger.strict("-9223372036854775808", as: Int64.self) == .min)
        for text in ["", "+5", "05", "-0", "9223372036854775808", " 5", "5 "] {
            #expect(TelegramInteger.strict(text, as: Int64.self) == nil, "\(text)")
        }
        #expect(TelegramInteger.lenientInt32("12abc") == 12)
        #expect(TelegramInteger.lenientInt32("4294967297") == 1)
        #expect(TelegramInteger.lenientInt32("2147483648") == .min)
        #expect(TelegramInteger.lenientInt32("-5") == -5)
        #expect(TelegramInteger.lenientInt32("x") == 0)
    }
}
