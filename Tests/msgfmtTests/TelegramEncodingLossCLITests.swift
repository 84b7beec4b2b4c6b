import Foundation
import Testing

/// `--to markdown-v2` and `--to telegram-html` say, in a located warning each, what they
/// write as plain text or leave out (a link to a URL Telegram refuses, a custom emoji
/// without a valid id, a quote MarkdownV2 cannot start mid-line); `--strict` fails such a
/// message; the formats that keep everything say nothing.
@Suite struct TelegramEncodingLossCLITests {
    static let line =
        #"{"text":"click here\nquote mid","entities":[{"type":"text_link","offset":0,"length":5,"url":"javascript:alert(1)"},"#
        + #"{"type":"custom_emoji","offset":6,"length":4,"custom_emoji_id":"abc"},{"type":"blockquote","offset":13,"length":5}]}"#

    @Test func markdownV2SaysWhatItLeavesOut() throws {
        let run = try Binary.run(["--from", "bot-api", "--to", "markdown-v2"], stdin: "{\"text\":\"fine\"}\n" + Self.line + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "fine\nclick here\nquote mid\n")
        let warnings = run.stderr.split(separator: "\n").map(String.init)
        #expect(
            warnings == [
                "msgfmt: warning: <stdin>:2: text_link entity at offset 0, length 5, is written as plain text in --to markdown-v2: Telegram refuses its URL",
                "msgfmt: warning: <stdin>:2: custom_emoji entity at offset 6, length 4, is written as plain text in --to markdown-v2: Telegram refuses its custom emoji id",
                "msgfmt: warning: <stdin>:2: blockquote entity at offset 13, length 5, is left out of --to markdown-v2: a quote there covers whole lines",
            ], "\(run.stderr)")
        let strict = try Binary.run(["--from", "bot-api", "--to", "markdown-v2", "--strict"], stdin: Self.line + "\n")
        #expect(strict.status == 1)
        #expect(strict.stdout.isEmpty)
        #expect(strict.stderr.contains("msgfmt: error: <stdin>:1: text_link entity at offset 0"), "\(strict.stderr)")
    }

    @Test func telegramHTMLSaysWhatItLeavesOut() throws {
        let run = try Binary.run(["--from", "bot-api", "--to", "telegram-html", "--jobs", "2"], stdin: Self.line + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "click here\nqu<blockquote>ote m</blockquote>id\n")
        let warnings = run.stderr.split(separator: "\n")
        #expect(warnings.count == 2, "\(run.stderr)")
        #expect(warnings.allSatisfy { $0.contains("is written as plain text in --to telegram-html: Telegram refuses its") })
    }

    /// `--to bot-api` keeps what Telegram refuses, as the normalized message has it, but
    /// for a time format, which it leaves out; each gets a warning.
    @Test func botAPISaysWhatTelegramWouldRefuse() throws {
        let time =
            #"{"text":"at noon","entities":[{"type":"date_time","offset":3,"length":4,"unix_time":1700000000,"date_time_format":"zz"}]}"#
        let run = try Binary.run(["--from", "bot-api", "--to", "bot-api"], stdin: Self.line + "\n" + time + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""url":"javascript:alert(1)""#) && run.stdout.contains(#""custom_emoji_id":"abc""#))
        #expect(!run.stdout.contains("date_time_format"), "\(run.stdout)")
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                "msgfmt: warning: <stdin>:1: text_link entity at offset 0, length 5, is kept in --to bot-api, but Telegram refuses its URL",
                "msgfmt: warning: <stdin>:1: custom_emoji entity at offset 6, length 4, is kept in --to bot-api, but Telegram refuses its custom emoji id",
                "msgfmt: warning: <stdin>:2: date_time entity at offset 3, length 4, loses its date_time_format in --to bot-api: Telegram refuses it",
            ], "\(run.stderr)")
    }

    @Test(arguments: ["html", "json"])
    func formatsThatKeepTheEntitiesSayNothing(_ format: String) throws {
        let run = try Binary.run(["--from", "bot-api", "--to", format], stdin: Self.line + "\n")
        #expect(run.status == 0)
        #expect(!run.stderr.contains("plain text in"), "\(run.stderr)")
    }
}
