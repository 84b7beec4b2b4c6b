import Foundation
import Testing

/// Black-box tests of Bot API input: every Update either renders its message or is
/// counted and noted, and media messages render a placeholder in every format.
@Suite struct BotAPIInputTests {
    static let callbackQuery =
        #"{"update_id":1,"callback_query":{"id":"4382","from":{"id":1,"is_bot":false,"first_name":"A"},"message":{"message_id":9,"date":1700000000,"chat":{"id":1,"type":"private"},"text":"Pick one","reply_markup":{"inline_keyboard":[[{"text":"A","callback_data":"a"}]]}},"data":"a"}}"#

    @Test func callbackQueryRendersTheBotsMessage() throws {
        let result = try Binary.run(["--to", "text", "--stats"], stdin: Self.callbackQuery)
        #expect(result.status == 0)
        #expect(result.stdout == "Pick one\n")
        #expect(result.stderr == "msgfmt: read 1, rendered 1, failed 0\n")
    }

    /// A JSON Lines line that holds several messages (a `getUpdates` response per poll, an
    /// array) names the message beside the line in every diagnostic — the decoder's, the
    /// normalizer's and the link warnings — on one thread or several (the lines after the
    /// first two go to the workers undecoded).
    @Test func aLineOfSeveralMessagesNamesEachInItsDiagnostics() throws {
        let bad = #"{"message_id":12,"text":"hi","entities":[{"type":"bold","offset":5,"length":3}]}"#
        let link = #"{"message_id":13,"text":"x","entities":[{"type":"text_link","offset":0,"length":1,"url":"javascript:x"}]}"#
        let lines = [
            #"{"text":"one"}"#, #"{"text":"two"}"#,
            #"{"ok":true,"result":[{"update_id":1,"message":"# + bad + #"},{"update_id":2,"message":{"message_id":14,"text":5}}]}"#,
            "[" + link + "]",
            bad,
        ]
        let expected = [
            "msgfmt: warning: <stdin>:3, message 12, entity 0: bold entity starts at 5, past the end of the text (2 UTF-16 units); dropped",
            #"msgfmt: error: <stdin>:3, message 14: "text" must be a string, not a number"#,
            "msgfmt: warning: <stdin>:4, message 13: text_link entity at offset 0, length 1, is shown without its link in --to html: only http, https, tg, mailto and tel links are written",
            "msgfmt: warning: <stdin>:5, entity 0: bold entity starts at 5, past the end of the text (2 UTF-16 units); dropped",
        ]
        for jobs in ["1", "2"] {
            let run = try Binary.run(["--to", "html", "--jobs", jobs], stdin: lines.joined(separator: "\n") + "\n")
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").map(String.init) == expected, "--jobs \(jobs): \(run.stderr)")
        }
    }

    /// Values written one after another over several lines each (`jq .`, not `jq -c`) are
    /// read one at a time, located by the line each starts on; a broken one costs only its
    /// own message, the next starting at a line's first column.
    @Test func prettyPrintedValuesOneAfterAnotherAreEachRead() throws {
        let input = """
            {
              "message_id": 1,
              "text": "one"
            }
            {
              "message_id": 2,
              "text": "two",
              "entities": [{"type": "bold", "offset": 0, "length": 9}]
            }
            {
              "message_id": 3,
              "text": "three",
              "entities": [
            }
            {
              "message_id": 4,
              "text": "four"
            }

            """
        let result = try Binary.run(["--to", "text", "--stats"], stdin: input)
        #expect(result.status == 1)
        #expect(result.stdout == "one\n\ntwo\n\nfour\n")
        #expect(
            result.stderr
                == "msgfmt: warning: <stdin>:5, entity 0: bold entity ends at 9, past the end of the text (3 UTF-16 units); "
                + "clamped\nmsgfmt: error: <stdin>:14:1: invalid JSON: unexpected character '}'\n"
                + "msgfmt: read 4, rendered 3, failed 1\n",
            "\(result.stderr)")
    }

    /// An empty pipe (or one of blank lines) holds no message: nothing is written, and
    /// `--stats` reads none; `--from text` still takes it as one empty text.
    @Test func blankInputHoldsNoMessage() throws {
        for input in ["", "\n\n", " \t\r\n"] {
            let result = try Binary.run(["--to", "text", "--stats"], stdin: input)
            #expect(result.status == 0 && result.stdout.isEmpty, "\(input.debugDescription): \(result.stdout.debugDescription)")
            #expect(result.stderr == "msgfmt: read 0, rendered 0, failed 0\n")
        }
        let text = try Binary.run(["--from", "text", "--to", "text", "--stats"], stdin: "")
        #expect(text.stderr == "msgfmt: read 1, rendered 1, failed 0\n")
    }

    @Test func updatesWithoutAMessageAreCountedAndNotedOnce() throws {
        let input = [
            #"{"update_id":2,"inline_query":{"id":"q","from":{"id":1},"query":"x","offset":""}}"#,
            #"{"update_id":3,"poll":{"id":"p","question":"?","options":[]}}"#,
            #"{"update_id":4,"inline_query":{"id":"r","from":{"id":1},"query":"y","offset":""}}"#,
            #"{"update_id":5,"edited_channel_post":{"message_id":5,"date":1,"text":"edited"}}"#,
        ].joined(separator: "\n")
        let result = try Binary.run(["--to", "text", "--stats"], stdin: input)
        #expect(result.status == 0)
        #expect(result.stdout == "edited\n")
        #expect(
            result.stderr == """
                msgfmt: note: <stdin>: skipped 3 updates without a message (2 inline_query, 1 poll)
                msgfmt: read 4, rendered 1, failed 0, skipped 3

                """)
        let quiet = try Binary.run(["--to", "text"], stdin: input)
        #expect(quiet.stderr == "msgfmt: note: <stdin>: skipped 3 updates without a message (2 inline_query, 1 poll)\n")
    }

    static let photo = #"{"message_id":5,"photo":[{"file_id":"x","file_unique_id":"y","width":90,"height":90,"file_size":1000}]}"#

    @Test(arguments: ["ansi", "text", "html", "json", "bot-api", "markdown-v2", "telegram-html"])
    func mediaWithoutACaptionRendersInEveryFormat(_ to: String) throws {
        let result = try Binary.run(["--to", to, "--color", "never"], stdin: Self.photo)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("error"))
        switch to {
        case "ansi", "text": #expect(result.stdout == "[Photo 90×90 · 1000 B]\n")
        case "html":
            #expect(result.stdout.contains(#"<div class="msgfmt-media" data-kind="photo" dir="auto"><i>[Photo 90×90 · 1000 B]</i></div>"#))
        case "json": #expect(result.stdout.contains(#""media":{"kind":"photo","title":"Photo 90×90","status":"1000 B","details":[]}"#))
        case "bot-api": #expect(result.stdout == #"{"message_id":5,"text":"","entities":[]}"# + "\n")
        default: #expect(result.stdout == "\n")
        }
        if ["bot-api", "markdown-v2", "telegram-html"].contains(to) {
            #expect(
                result.stderr
                    == "msgfmt: note: <stdin>: 1 message has media, which --to \(to) does not re-encode; only the text or caption is written\n"
            )
        } else {
            #expect(result.stderr.isEmpty)
        }
    }

    @Test func captionsComeBelowTheirPlaceholder() throws {
        let input =
            #"{"message_id":6,"document":{"file_name":"report.pdf","file_size":2048},"caption":"Q3 numbers","caption_entities":[{"type":"bold","offset":0,"length":2}]}"#
        let text = try Binary.run(["--to", "text"], stdin: input)
        #expect(text.stdout == "[File report.pdf · 2 KB]\nQ3 numbers\n")
        let markdown = try Binary.run(["--to", "markdown-v2"], stdin: input)
        #expect(markdown.stdout == "*Q3* numbers\n")
    }

    /// `render --from tdesktop` shows an export message's media as `msgfmt export` does.
    @Test func exportMediaRendersToo() throws {
        let export =
            #"{"name":"C","type":"personal_chat","id":1,"messages":[{"id":1,"type":"message","date":"2024-01-01T00:00:00","date_unixtime":"1704067200","from":"A","from_id":"user1","media_type":"voice_message","duration_seconds":7,"text":""}]}"#
        let result = try Binary.run(["--from", "tdesktop", "--to", "text"], stdin: export)
        #expect(result.status == 0)
        #expect(result.stdout == "[Voice message 0:07]\n")
    }
}
