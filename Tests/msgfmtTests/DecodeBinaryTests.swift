import Foundation
import Testing

/// Black-box tests of decoding, normalization and re-encoding through the built binary.
@Suite struct DecodeBinaryTests {
    @Test func malformedJSONIsLocated() throws {
        let r = try Binary.run(["--to", "bot-api"], stdin: "{\"text\": \"a\",\n  \"entities\": [}\n")
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("msgfmt: error: <stdin>:2:"))
        #expect(r.stderr.contains("invalid JSON"))
    }

    @Test func badJSONLinesLineDoesNotStopTheOthers() throws {
        let input = "{\"text\":\"one\"}\n{\"text\": oops}\n{\"text\":\"three\"}\n"
        let r = try Binary.run(["--from", "bot-api", "--to", "bot-api", "--stats"], stdin: input)
        #expect(r.status == 1)
        #expect(r.stdout == "{\"text\":\"one\",\"entities\":[]}\n{\"text\":\"three\",\"entities\":[]}\n")
        #expect(r.stderr.contains("<stdin>:2:"))
        #expect(r.stderr.contains("read 3, rendered 2, failed 1"))
    }

    @Test func wrongEntityTypesAreLocatedWarnings() throws {
        let input = """
            {"message_id": 7, "text": "hello world", "entities": [
              {"type": "bold", "offset": 0, "length": 5},
              {"type": "italic", "offset": "3", "length": 2},
              {"type": "underline", "offset": 0, "length": -4},
              {"type": "code", "offset": 6, "length": 99},
              {"type": "strikethrough", "offset": 40, "length": 2}
            ]}
            """
        let r = try Binary.run(["--to", "bot-api"], stdin: input)
        #expect(r.status == 0)
        #expect(
            r.stdout
                == "{\"message_id\":7,\"text\":\"hello world\",\"entities\":[{\"type\":\"bold\",\"offset\":0,\"length\":5},{\"type\":\"code\",\"offset\":6,\"length\":5}]}\n"
        )
        #expect(r.stderr.contains("warning: <stdin>:message 7, entity 1: \"offset\" must be an integer, not a string"))
        #expect(r.stderr.contains("message 7, entity 2: underline entity has negative length -4"))
        #expect(r.stderr.contains("message 7, entity 3: code entity ends at 105"))
        #expect(r.stderr.contains("message 7, entity 4: strikethrough entity starts at 40"))
    }

    /// Normalization warnings about a JSON Lines message name its line, as its decoding
    /// diagnostics do, so two messages with one id are told apart: on one thread and on
    /// several, on stderr and in `--to json`.
    @Test(arguments: ["1", "3"])
    func repairsOfJSONLinesNameTheLine(_ jobs: String) throws {
        let line = { (id: String, text: String) in
            #"{\#(id)"text":"\#(text)","entities":[{"type":"bold","offset":5,"length":1}]}"#
        }
        let input = [line(#""message_id":100,"#, "a"), line("", "b"), "", line(#""message_id":100,"#, "c")].joined(separator: "\n") + "\n"
        let r = try Binary.run(["--to", "text", "--jobs", jobs], stdin: input)
        #expect(r.status == 0)
        let warning = "entity 0: bold entity starts at 5, past the end of the text (1 UTF-16 units); dropped\n"
        #expect(r.stderr == ["1", "2", "4"].map { "msgfmt: warning: <stdin>:\($0), \(warning)" }.joined(), "\(r.stderr)")
        let json = try Binary.run(["--to", "json", "--jobs", jobs], stdin: input)
        #expect(json.stdout.components(separatedBy: #""entity":0,"line":"#).count == 4, "\(json.stdout)")
        #expect(json.stdout.contains(#""entity":0,"line":4}"#))
    }

    @Test func surrogateSplitDropsOnlyThatEntity() throws {
        let input = #"{"text":"a😀b","entities":[{"type":"bold","offset":0,"length":2},{"type":"italic","offset":0,"length":4}]}"#
        let r = try Binary.run(["--to", "bot-api"], stdin: input)
        #expect(r.status == 1)
        #expect(r.stdout == "{\"text\":\"a😀b\",\"entities\":[{\"type\":\"italic\",\"offset\":0,\"length\":4}]}\n")
        #expect(r.stderr.contains("error: <stdin>:1, entity 0: bold entity boundary at UTF-16 offset 2 splits a surrogate pair"))
    }

    @Test func strictTurnsRepairsIntoFailures() throws {
        let input = #"{"text":"abc","entities":[{"type":"bold","offset":0,"length":9}]}"#
        let r = try Binary.run(["--to", "bot-api", "--strict"], stdin: input)
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
    }

    @Test func tenThousandNestedTags() throws {
        let depth = 10_000
        let input = String(repeating: "<b><i>", count: depth / 2) + "x" + String(repeating: "</i></b>", count: depth / 2)
        let file = try HostileInputTests.temporaryFile(Array(input.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let r = try GuardedRun.run(["--from", "html", "--to", "bot-api"], stdin: file)
        #expect(r.status == 0)
        #expect(
            String(decoding: r.stdout, as: UTF8.self)
                == "{\"text\":\"x\",\"entities\":[{\"type\":\"bold\",\"offset\":0,\"length\":1},{\"type\":\"italic\",\"offset\":0,\"length\":1}]}\n"
        )
        #expect(r.crashProblems(limit: 10).isEmpty, "\(r.crashProblems(limit: 10))")
        let unclosed = try Binary.run(["--from", "html", "--to", "bot-api"], stdin: String(repeating: "<b>", count: depth))
        #expect(unclosed.status == 1)
        #expect(unclosed.stderr.contains("Can't find end tag corresponding to start tag \"b\""))
    }

    @Test func fiveMegabyteMessage() throws {
        let line = "word *bold* _it_ " + String(repeating: "plain words in a long line ", count: 40) + "\n"
        let text = String(repeating: line, count: 5_000_000 / line.utf8.count)
        let input = try HostileInputTests.temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let r = try GuardedRun.run(["--from", "markdown-v2", "--to", "telegram-html"], stdin: input)
        #expect(r.status == 0)
        #expect(r.stdout.count > 5_000_000)
        #expect(String(decoding: r.stdout.prefix(64), as: UTF8.self).hasPrefix("word <b>bold</b> <i>it</i> "))
        #expect(r.crashProblems(limit: 20).isEmpty, "\(r.crashProblems(limit: 20))")
    }

    @Test func parseModeErrorsUseTelegramWording() throws {
        let r = try Binary.run(["--from", "markdown-v2", "--to", "bot-api"], stdin: "🏟 🏟_abacaba")
        #expect(r.status == 1)
        #expect(r.stderr == "msgfmt: error: <stdin>:byte 9: Can't find end of Italic entity at byte offset 9\n")
        let html = try Binary.run(["--from", "html", "--to", "bot-api"], stdin: "🏟 🏟&lt;<abac>")
        #expect(html.stderr.contains("Unsupported start tag \"abac\" at byte offset 13"))
    }

    @Test func botAPIShapes() throws {
        let updates =
            #"{"ok":true,"result":[{"update_id":1,"message":{"message_id":10,"text":"hi"}},{"update_id":2,"channel_post":{"message_id":11,"caption":"cap","caption_entities":[{"type":"bold","offset":0,"length":3}]}}]}"#
        let r = try Binary.run(["--to", "bot-api"], stdin: updates)
        #expect(r.status == 0)
        #expect(
            r.stdout
                == "{\"message_id\":10,\"text\":\"hi\",\"entities\":[]}\n{\"message_id\":11,\"text\":\"cap\",\"entities\":[{\"type\":\"bold\",\"offset\":0,\"length\":3}]}\n"
        )
        let array = try Binary.run(["--from", "bot-api", "--to", "bot-api"], stdin: #"[{"text":"a"},{"text":"b"}]"#)
        #expect(array.stdout == "{\"text\":\"a\",\"entities\":[]}\n{\"text\":\"b\",\"entities\":[]}\n")
    }

    @Test func textWithEntitiesAndDetection() throws {
        let r = try Binary.run(
            ["--from", "text", "--entities", #"[{"type":"italic","offset":0,"length":4}]"#, "--detect", "--to", "bot-api"],
            stdin: "see example.com @someone\n")
        #expect(r.status == 0)
        #expect(
            r.stdout
                == "{\"text\":\"see example.com @someone\",\"entities\":[{\"type\":\"italic\",\"offset\":0,\"length\":4},{\"type\":\"url\",\"offset\":4,\"length\":11},{\"type\":\"mention\",\"offset\":16,\"length\":8}]}\n"
        )
    }

    @Test func autoTreatsMarkupAsText() throws {
        let r = try Binary.run(["--to", "bot-api"], stdin: "[not json](x)\n")
        #expect(r.stdout == "{\"text\":\"[not json](x)\",\"entities\":[]}\n")
    }

    @Test func reEncodersRoundTripThroughTheBinary() throws {
        let input =
            #"{"text":"quote\nbold link code","entities":[{"type":"blockquote","offset":0,"length":6},{"type":"bold","offset":6,"length":4},{"type":"text_link","offset":11,"length":4,"url":"https://example.com/"},{"type":"pre","offset":16,"length":4,"language":"sh"}]}"#
        let expected = try Binary.run(["--to", "bot-api"], stdin: input).stdout
        for (to, from) in [("markdown-v2", "markdown-v2"), ("telegram-html", "html")] {
            let encoded = try Binary.run(["--to", to], stdin: input)
            #expect(encoded.status == 0)
            let back = try Binary.run(["--from", from, "--to", "bot-api"], stdin: encoded.stdout)
            #expect(back.stdout == expected, "\(to): \(encoded.stdout)")
        }
    }

    @Test func telegramDesktopExportsAreRenderedMessageByMessage() throws {
        let export = #"""
            {
             "name": "Chat",
             "type": "personal_chat",
             "id": 1,
             "messages": [
              {
               "id": 7,
               "type": "message",
               "date_unixtime": "1700000000",
               "text": [{"type": "bold", "text": "hi"}, " there\x07"],
               "text_entities": [{"type": "bold", "text": "hi"}, {"type": "plain", "text": " there\x07"}]
              },
              {
               "id": 8,
               "type": "message",
               "date_unixtime": "1700000001",
               "text": "second",
               "text_entities": [{"type": "plain", "text": "second"}]
              }
             ]
            }
            """#
        for from in ["auto", "tdesktop"] {
            let r = try Binary.run(["--from", from, "--to", "bot-api"], stdin: export)
            #expect(r.status == 0, "\(from): \(r.stderr)")
            #expect(
                r.stdout == #"""
                    {"message_id":7,"text":"hi there\u0007","entities":[{"type":"bold","offset":0,"length":2}]}
                    {"message_id":8,"text":"second","entities":[]}

                    """#, "\(from)")
        }
    }
}
