import Foundation
import TestSupport
import Testing

@_spi(Testing) @testable import MsgfmtCore

@Suite struct ExportScannerTests {
    private func summary(_ events: [ExportEvent]) -> [String] {
        events.map { e in
            switch e {
            case .personalInformation(let v): "me \(v["user_id"]?.int64Value ?? -1)"
            case .chatStart(let c): "start \(c.name ?? "-") \(c.id ?? -1) left=\(c.left)"
            case .chatEnd(let c): "end \(c.name ?? "-") \(c.type ?? "-")"
            case .message(let raw): "msg \(raw.index) " + String(decoding: raw.bytes, as: UTF8.self)
            case .keptPage, .keptSearchBlock, .keepCheck: "kept"
            }
        }
    }

    @Test func singleChatShape() throws {
        let json = #"{"name": "Solo", "type": "personal_chat", "id": 7, "messages": [{"id": 1, "text": "a}]"}, {"id": 2, "text": "\"{["}]}"#
        let s = summary(try ExportTestSupport.events(Array(json.utf8)))
        #expect(
            s == [
                "start Solo 7 left=false", #"msg 0 {"id": 1, "text": "a}]"}"#, #"msg 1 {"id": 2, "text": "\"{["}"#,
                "end Solo personal_chat",
            ])
    }

    @Test func wholeAccountShapeWithLeftChats() throws {
        let s = summary(try ExportTestSupport.events(try ExportTestSupport.fixture("kinds/result.json")))
        #expect(s.first == "me 1000")
        #expect(s.contains("start Kinds \u{1} Group 4000000001 left=false"))
        #expect(s.contains("start Old group 4000000002 left=true"))
        #expect(s.filter { $0.hasPrefix("msg") }.count == 39)
        #expect(!s.contains { $0.contains("999") }, "contacts are skipped")
    }

    @Test func fieldsAfterMessagesReachChatEnd() throws {
        let json = #"{"messages": [{"id": 1}], "name": "Late", "id": 9}"#
        let s = summary(try ExportTestSupport.events(Array(json.utf8)))
        #expect(s == ["start - -1 left=false", #"msg 0 {"id": 1}"#, "end Late -"])
    }

    /// A chat name with a byte that is not UTF-8 keeps the rest of the name, the byte shown
    /// as U+FFFD, rather than the chat losing its name to `Chat 46`.
    @Test func aNameWithABadByteKeepsTheRest() throws {
        let bytes = Array(#"{"name": "Team "#.utf8) + [0xFF] + Array(#" chat", "id": 46, "messages": [{"id": 1}]}"#.utf8)
        let s = summary(try ExportTestSupport.events(bytes))
        #expect(s == ["start Team \u{FFFD} chat 46 left=false", #"msg 0 {"id": 1}"#, "end Team \u{FFFD} chat -"])
    }

    @Test(arguments: [1, 2, 3, 7, 64, 4096])
    func chunkBoundariesDoNotMatter(chunk: Int) throws {
        let bytes = try ExportTestSupport.fixture("kinds/result.json")
        let whole = summary(try ExportTestSupport.events(bytes))
        #expect(summary(try ExportTestSupport.events(bytes, chunkSize: chunk)) == whole)
    }

    @Test func truncatedFileIsAnError() throws {
        let bytes = try ExportTestSupport.fixture("kinds/result.json")
        #expect(throws: ExportReadError.self) { try ExportTestSupport.events(Array(bytes.prefix(bytes.count / 2))) }
        do {
            _ = try ExportTestSupport.events(Array(bytes.prefix(200)))
            Issue.record("expected an error")
        } catch let error as ExportReadError {
            #expect(error == .truncated(byteOffset: 200))
            #expect(error.message.contains("truncated"))
        }
    }

    @Test func nonExportsAreRejected() {
        for text in ["", "[1, 2]", #"{"a": 1}"#, "42"] {
            #expect(throws: ExportReadError.self, "\(text)") { try ExportTestSupport.events(Array(text.utf8)) }
        }
        #expect(throws: ExportReadError.self) { try ExportTestSupport.events(Array(#"{"messages": []} x"#.utf8)) }
        #expect(throws: ExportReadError.self) { try ExportTestSupport.events(Array(#"{"messages": [}"#.utf8)) }
    }

    /// A pretty-printed chat (as Telegram Desktop writes it) whose message 2 lost its
    /// closing brace, message 4 a quote and message 6 (the last) its closing brace.
    static let damaged = """
        {
         "name": "D",
         "messages": [
          {
           "id": 1,
           "date_unixtime": "1",
           "text": "one"
          },
          {
           "id": 2,
           "date_unixtime": "1",
           "text": "two"
          ,
          {
           "id": 3,
           "date_unixtime": "1",
           "text": "three"
          },
          {
           "id": 4,
           "date_unixtime": "1",
           "text": "four
          },
          {
           "id": 5,
           "date_unixtime": "1",
           "text": "five"
          },
          {
           "id": 6,
           "date_unixtime": "1",
           "text": "six"
         ]
        }
        """

    @Test(arguments: [1, 3, 5, 16, 4096])
    func damagedMessagesDoNotSwallowTheirNeighbours(chunk: Int) throws {
        let events = try ExportTestSupport.events(Array(Self.damaged.utf8), chunkSize: chunk)
        let raws = events.compactMap { if case .message(let raw) = $0 { return raw } else { return nil } }
        #expect(raws.count == 6)
        let clock = ExportClock(timeZone: "UTC")!
        var good: [Int64] = []
        var bad: [Int64?] = []
        for raw in raws {
            switch ExportMessageDecoder.decode(raw, clock: clock) {
            case .success(let m): good.append(m.id)
            case .failure(let f): bad.append(f.id)
            }
        }
        #expect(bad == [2, 4, 6])
        #expect(good == [1, 3, 5])
    }

    /// A pretty-printed chat whose message 2 holds a raw line feed in a string, the line
    /// after it at column 0 (and one at the message's depth): the string goes on past it,
    /// so only that message is unreadable, for its control character, and message 3 and
    /// the chat's end are still read, by the message loop and the byte-by-byte steps.
    static let rawLineFeed = """
        {
         "name": "N",
         "messages": [
          {
           "id": 1,
           "date_unixtime": "1",
           "text": "one"
          },
          {
           "id": 2,
           "date_unixtime": "1",
           "text": [
            "a line [ one
        line } two
            ", "x"
           ]
          },
          {
           "id": 3,
           "date_unixtime": "1",
           "text": "three"
          }
         ]
        }
        """

    @Test(arguments: [nil, 1, 3, 16])
    func rawLineFeedInAStringLosesOnlyItsMessage(chunk: Int?) throws {
        let bytes = Array(Self.rawLineFeed.utf8)
        let events = try ExportTestSupport.events(bytes, chunkSize: chunk)
        let raws = events.compactMap { if case .message(let raw) = $0 { return raw } else { return nil } }
        #expect(raws.count == 3)
        #expect(summary(events).last == "end N -")
        let clock = ExportClock(timeZone: "UTC")!
        let outcomes = raws.map { raw -> String in
            switch ExportMessageDecoder.decode(raw, clock: clock) {
            case .success(let m): "\(m.id)"
            case .failure(let f): "\(f.id ?? -1): \(f.error.message)"
            }
        }
        #expect(outcomes == ["1", "2: invalid JSON at byte 69 of the message: control character in a string must be escaped", "3"])
        #expect(ExportScannerReference.agrees(bytes, chunkSize: chunk))
    }

    /// A file that ends inside a message hands out what there is of it (which the decoder
    /// reports by its id) before saying the file is truncated.
    @Test(arguments: [1, 7, 4096])
    func messageCutOffByTheEndOfTheFileIsHandedOut(chunk: Int) throws {
        let text = #"{"name": "T", "messages": [{"id": 1, "date_unixtime": "1", "text": "a"}, {"id": 2, "date_unixtime": "1", "text": "b"#
        var scanner = ExportScanner(source: ExportByteSource(bytes: Array(text.utf8), name: "t", chunkSize: chunk))
        var raws: [RawExportMessage] = []
        do {
            while let event = try scanner.next() {
                if case .message(let raw) = event { raws.append(raw) }
            }
            Issue.record("expected an error")
        } catch {
            #expect(error == .truncated(byteOffset: text.utf8.count))
        }
        #expect(raws.map(\.index) == [0, 1])
        let cut = try #require(raws.last)
        let start = text.utf8.count - #"{"id": 2, "date_unixtime": "1", "text": "b"#.utf8.count
        #expect(cut.byteOffset == start && cut.bytes.count == text.utf8.count - start)
        guard case .failure(let failure) = ExportMessageDecoder.decode(cut, clock: ExportClock(timeZone: "UTC")!) else {
            Issue.record("the cut-off message decoded")
            return
        }
        #expect(failure.id == 2)
    }

    @Test func emptyChatStillStartsAndEnds() throws {
        let json = #"{"chats": {"list": [{"name": "Empty", "id": 3}]}}"#
        #expect(summary(try ExportTestSupport.events(Array(json.utf8))) == ["start Empty 3 left=false", "end Empty -"])
    }
}

@Suite struct TDesktopReaderTests {
    @Test func decodeItemsGivesBodiesAndFailuresInOrder() throws {
        let bytes = SyntheticExport.chat(count: 20, corrupt: [5])
        let items = TDesktopReader.decodeItems(InputFile(name: "r.json", bytes: bytes))
        #expect(items.count == 20)
        guard case .failure(let d) = items[4] else { Issue.record("item 5 should fail"); return }
        #expect(d.location.messageID == 5)
        guard case .message(let m, _) = items[0] else { Issue.record("item 1 should decode"); return }
        #expect(m.id == 1 && m.text == "message number 1")
        #expect(TDesktopReader.looksLikeExport(bytes))
        #expect(!TDesktopReader.looksLikeExport(Array(#"{"message_id": 1, "text": "x"}"#.utf8)))
    }

    @Test func truncatedExportEndsWithAFailure() {
        let bytes = SyntheticExport.chat(count: 20)
        let items = TDesktopReader.decodeItems(InputFile(name: "r.json", bytes: Array(bytes.prefix(bytes.count - 40))))
        guard case .failure(let d)? = items.last else { Issue.record("expected a failure"); return }
        #expect(d.message.contains("truncated"))
    }
}

/// The scanner's loop through a message's body against its byte-by-byte steps
/// (`ExportScannerReference`): the same events, messages and errors on exports that are
/// pretty-printed or compact, whole or damaged in every way `export-corrupt.py` damages
/// them (lost braces and quotes, bare words, escapes at chunk boundaries), read whole and
/// a few bytes at a time.
@Suite struct ExportScannerFastPathTests {
    static func export(seed: UInt64, pretty: Bool) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        let pieces = [
            "\"text\": \"a \\\"quoted\\\" \\\\ word\"", "\"text\": [\"x\", {\"type\": \"bold\", \"text\": \"}]{\"}]",
            "\"photo\": \"photos/a b.jpg\"", "\"reactions\": [{\"emoji\": \"🙂\", \"count\": 2}]", "\"text\": \"\"",
            "\"text\": \"line\\nbreak\"", "\"edited\": \"2024-01-01T00:00:00\"", "\"text\": \"{[(\"",
            // Spread over lines indented deeper, as Telegram Desktop writes arrays.
            "\"text_entities\": [\n    {\n     \"type\": \"plain\",\n     \"text\": \"a } b ] c\"\n    }\n   ]",
            "\"text\": [\n    \"long enough to take whole words of eight bytes\",\n    {\n     \"type\": \"bold\"\n    }\n   ]",
            // The same damaged: a bracket never closed, or closed twice, on lines of its own.
            "\"text\": [\n    \"never closed\",\n    \"x\"", "\"text\": [\n    \"closed twice\"\n   ]\n   ]",
            // A part never closed, then its array closed at the message's own indentation:
            // a `]` there ends the message only when the depth counted over the lines
            // before says every other bracket is closed.
            "\"text\": [\n    {\n     \"type\": \"bold\"\n  ] }",
        ]
        // Pretty-printed fields start on a line of their own, mostly indented by three spaces
        // (deeper than the message's two), sometimes deeper, with tabs or carriage returns,
        // or as shallow as the message.
        let indents = ["   ", "   ", "   ", "           ", "\t ", "\r\n   ", "   \t", "  ", ""]
        let damages = ["", "\"", "{", "}", "]", "[", "\\", "x", ",", ":", "\n"]
        var messages: [String] = []
        for id in 1...(3 + rng.below(12)) {
            var fields = ["\"id\": \(id)", "\"type\": \"message\"", "\"date_unixtime\": \"\(1_700_000_000 + id)\""]
            for _ in 0..<rng.below(4) { fields.append(pieces[rng.below(pieces.count)]) }
            if rng.below(4) == 0 {
                let i = rng.below(fields.count)
                var field = Array(fields[i])
                let at = rng.below(field.count + 1)
                field.insert(contentsOf: damages[rng.below(damages.count)], at: at)
                fields[i] = String(field)
            }
            var joined = fields[0]
            for field in fields.dropFirst() {
                joined += (pretty ? ",\n" + indents[rng.below(indents.count)] : ", ") + field
            }
            // Now and then a pretty message opens with a field on its first line (brackets
            // counted before any line is passed over).
            let head = !pretty ? "{" : rng.below(4) == 0 ? "  {" + pieces[rng.below(pieces.count)] + ",\n   " : "  {\n   "
            messages.append(head + joined + (pretty ? "\n  }" : "}"))
        }
        let body = messages.joined(separator: pretty ? ",\n" : ",")
        let text = pretty ? "{\n \"name\": \"Chat\",\n \"messages\": [\n\(body)\n ]\n}\n" : "{\"name\":\"Chat\",\"messages\":[\(body)]}"
        return Array(text.utf8)
    }

    /// `ExportScanner.jump`, as `export --update` of a site uses it: from the chat's start to
    /// the end of any whole message, the scan goes on as one that read every byte up to it.
    @Test(arguments: [nil, 7, 64])
    func jumpsAgreeWithScanningEveryByte(chunk: Int?) {
        var jumps = 0
        for seed in UInt64(0)..<400 {
            for pretty in [true, false] {
                let bytes = Self.export(seed: seed, pretty: pretty)
                let agreeing = ExportScannerReference.agreeingJumps(bytes, chunkSize: chunk)
                #expect(agreeing != nil, "seed \(seed), pretty \(pretty)")
                jumps += agreeing ?? 0
            }
        }
        // Most generated messages are whole, so thousands of jumps are tried.
        #expect(jumps > 3000, "\(jumps) jumps")
    }

    /// A `]` at a message's own indentation ends it when its depth is one: the depth its
    /// first line left (two here) and the lines passed over (closing one) counted up to it.
    @Test(arguments: [nil, 1, 7])
    func closingBracketAtTheMessageIndentationCountsTheLinesPassedOver(chunk: Int?) {
        let text =
            "{\n \"name\": \"C\",\n \"messages\": [\n  {\"text\": [\n    \"a\"\n    ],\n  ] ,\n   \"id\": 1\n  },\n  {\n   \"id\": 2\n  }\n ]\n}\n"
        let bytes = Array(text.utf8)
        let fast = ExportScannerReference.summary(bytes, chunkSize: chunk, byteByByte: false)
        #expect(fast == ExportScannerReference.summary(bytes, chunkSize: chunk, byteByByte: true))
        // The first message ends at that bracket (29 bytes from its brace).
        #expect(fast.contains { $0.hasPrefix("message 0 ") && $0.split(separator: " ")[4] == "29" }, "\(fast)")
    }

    @Test(arguments: [nil, 1, 7, 64])
    func messageLoopAgreesWithTheByteByByteSteps(chunk: Int?) {
        for seed in UInt64(0)..<1000 {
            for pretty in [true, false] {
                let bytes = Self.export(seed: seed, pretty: pretty)
                let fast = ExportScannerReference.summary(bytes, chunkSize: chunk, byteByByte: false)
                let reference = ExportScannerReference.summary(bytes, chunkSize: chunk, byteByByte: true)
                let first = zip(fast, reference).first { $0 != $1 }
                let same = fast == reference
                #expect(
                    same,
                    "seed \(seed), pretty \(pretty): \(first.map { "\($0.0.prefix(90)) | \($0.1.prefix(90))" } ?? "lengths \(fast.count) \(reference.count)")"
                )
            }
        }
    }
}
