import PropertyBased
import Testing

@testable import MsgfmtCore

/// Random hostile text and links never get through the emitters raw.
@Suite struct EmitSafetyPropertyTests {
    /// Characters that attack terminals, HTML and URL parsers, mixed with ordinary ones.
    static let nasty: [Character] = [
        "\u{1B}", "\u{07}", "\u{9B}", "\u{9D}", "\u{7F}", "\u{0}", "\u{85}", "\u{202E}", "\u{2066}", "\u{200F}",
        "<", ">", "&", "\"", "'", "\n", "\t", " ", "%", ":", "/", ";", "#", "?", "=", "\\",
        "j", "a", "v", "s", "c", "r", "i", "p", "t", "h", "A", "1", "é", "你", "👍", "\r\n",
    ]
    static let text = Gen<Character?>.element(of: nasty).map { $0 ?? "a" }.string(of: 0...40)
    static let schemes = Gen<String?>.element(of: [
        "", "http://", "javascript:", "JaVaScRiPt:", "tg://", "data:", " https://", "mailto:", "java\tscript:", "x.org/",
    ]).map { $0 ?? "" }

    /// Strips msgfmt's own SGR and OSC 8 sequences.
    static func strippingOwnEscapes(_ s: String) -> String {
        var out = s
        for pattern in [#"\u{1B}\[[0-9;]*m"#, #"\u{1B}\]8;[^\u{1B}\u{07}]*\u{1B}\\"#] {
            out = out.replacing(try! Regex(pattern), with: "")
        }
        return out
    }

    static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        s != "\n" && DisplaySafety.isUnsafe(s)
    }

    @Test func safeURIsArePrintableAllowedAndShort() async {
        await propertyCheck(count: 1500, input: Self.schemes, Self.text) { scheme, rest in
            guard let uri = LinkPolicy.safeURI(scheme + rest) else { return }
            #expect(uri.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F })
            #expect(uri.utf8.count <= LinkPolicy.maxLength)
            let name = uri.prefix { $0 != ":" }.lowercased()
            #expect(LinkPolicy.allowedSchemes.contains(name))
        }
    }

    @Test func ansiOutputCarriesNoRawControls() async {
        let styles = Gen<Int>.int(in: 0...3)
        await propertyCheck(count: 800, input: Self.text, Self.schemes, styles) { text, scheme, pick in
            let length = text.utf16.count
            let attrs: [StyleAttributes] = [.bold, .spoiler, .textLink, [.code, .italic]]
            let sample = EmitSample(
                text: text, runs: length == 0 ? [] : [(0..<length, Style(attributes: attrs[pick], link: scheme + text))])
            for spoilers in SpoilerMode.allCases {
                var options = StyleOptions.full
                options.spoilers = spoilers
                let out = Self.strippingOwnEscapes(EmitCapture.ansi([sample.rendered()], options))
                #expect(!out.unicodeScalars.contains(where: Self.isUnsafe), "\(out.debugDescription)")
            }
        }
    }

    @Test func htmlOutputHasOnlyItsOwnMarkup() async {
        await propertyCheck(count: 800, input: Self.text, Self.schemes) { text, scheme in
            let length = text.utf16.count
            let sample = EmitSample(
                text: text, runs: length == 0 ? [] : [(0..<length, Style(attributes: [.textLink, .spoiler, .bold], link: scheme + text))])
            let out = EmitCapture.html([sample.rendered()], StyleOptions())
            // Remove msgfmt's own tags; what is left is text, which must hold no markup.
            let own =
                #"</?(div|p|br|strong|span|a|code|pre|blockquote)( (class|role|tabindex|aria-label|data-message-id|rel|href|dir)="[^"<>]*")*>"#
            let rest = out.replacing(try! Regex(own), with: "")
            #expect(!rest.contains("<") && !rest.contains(">"), "\(out.debugDescription)")
            #expect(!rest.unicodeScalars.contains { $0 != "\t" && Self.isUnsafe($0) })
            for match in out.matches(of: try! Regex(#"href="([^"]*)""#)) {
                let href = String(out[match.range]).dropFirst(6).lowercased()
                #expect(["http:", "https:", "tg:", "mailto:"].contains { href.hasPrefix($0) }, "\(href)")
            }
        }
    }
}
