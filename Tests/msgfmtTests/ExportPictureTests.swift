import Foundation
import TestSupport
import Testing

/// `export --to svg|png` through the binary: one file per message named by date and id,
/// or one stacked picture; sender names on the first bubble of a group, times, `--me`'s
/// messages on the right; what a chat shows around the text (forward and via-bot lines,
/// reply quotes, media placeholders, reactions); `--width` in pixels; hostile names kept
/// out of the markup; the usage errors of pixel widths where output counts cells. Pinned
/// to DejaVu Sans.
@Suite struct ExportPictureTests {
    static let pinned = ["--font", "DejaVu Sans", "--time-zone", "UTC", "--theme", "dark"]
    static var teamChat: String { PackagePaths.root.appendingPathComponent("examples/team-chat.json").path }

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-export-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A one-chat export of `messages` (JSON objects).
    static func export(_ messages: [String]) -> String {
        #"{"name": "Chat", "type": "personal_chat", "id": 7, "messages": ["# + messages.joined(separator: ",") + "]}"
    }

    static func message(_ id: Int, from: String, fromID: String, unix: Int, text: String) -> String {
        #"{"id": \#(id), "type": "message", "date_unixtime": "\#(unix)", "from": \#(from), "from_id": "\#(fromID)", "text": \#(text)}"#
    }

    /// `-o DIR` writes one PNG per message, named so they sort by date and id, and
    /// `--stats` counts them.
    @Test func oneFilePerMessageSortedByDateAndID() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let result = try Binary.run(["export", Self.teamChat, "--to", "png", "--stats", "-o", out.path] + Self.pinned)
        #expect(result.status == 0, "\(result.stderr)")
        let all = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(all.first == ".msgfmt-output", "the folder is marked as msgfmt's")
        let names = Array(all.dropFirst())
        #expect(names.count == 6)
        #expect(names.first == "2023-12-30_100000-1.png")
        #expect(names.allSatisfy { $0.wholeMatch(of: #/\d{4}-\d\d-\d\d_\d{6}-\d+\.png/#) != nil })
        #expect(result.stderr.contains("written 6"), "\(result.stderr)")
        for name in names {
            let image = RGBAImage(png: try Data(contentsOf: out.appendingPathComponent(name)))
            #expect(image != nil, "\(name) is not a PNG")
        }
    }

    /// `-o team.png` writes the one picture `--stack -o FILE` writes; `-o shots/` (a trailing
    /// slash) a folder of pictures even when its name ends in `.png`.
    @Test func outputNamedLikeAPictureIsOneFile() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let stacked = dir.appendingPathComponent("stacked")
        let named = dir.appendingPathComponent("team.png")
        let folder = dir.appendingPathComponent("shots.png")
        for (output, stack) in [(stacked.path, true), (named.path, false), (folder.path + "/", false)] {
            let result = try Binary.run(["export", Self.teamChat, "--to", "png", "-o", output] + (stack ? ["--stack"] : []) + Self.pinned)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try Data(contentsOf: named) == Data(contentsOf: stacked))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        #expect(names.count == 6)
    }

    /// Pictures drawn on several threads, batch after batch, are the files one thread
    /// writes, byte for byte, also where scripts share fallback fonts' characters (the
    /// danda of Bengali and Devanagari); a message sent twice in a second gets `-2`.
    @Test func threadsWriteTheFilesOneThreadWrites() throws {
        var messages: [String] = []
        let scripts = ["好 🙂", "নমস্কার।", "नमस्ते।", "สวัสดี ሰላም"]
        for i in 1...90 {
            let (from, id) = i % 3 == 0 ? (#""Bob""#, "user2") : (#""Alice""#, "user1")
            let text = "\"message \(i) \(scripts[(i * 7) % scripts.count])\""
            messages.append(Self.message(i, from: from, fromID: id, unix: 1_704_103_200 + 30 * i, text: text))
        }
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("result.json")
        try Self.export(messages).write(to: file, atomically: true, encoding: .utf8)
        var outputs: [[String: Data]] = []
        for jobs in ["1", "3"] {
            let out = dir.appendingPathComponent("out-\(jobs)")
            let result = try Binary.run(["export", file.path, "--to", "png", "--jobs", jobs, "-o", out.path] + Self.pinned)
            #expect(result.status == 0, "\(result.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
            outputs.append(Dictionary(uniqueKeysWithValues: try names.map { ($0, try Data(contentsOf: out.appendingPathComponent($0))) }))
        }
        #expect(outputs[0].count == 90)
        #expect(outputs[0]["2024-01-01_100030-1.png"] != nil, "\(outputs[0].keys.sorted().prefix(3))")
        #expect(outputs[1] == outputs[0], "the same files with three threads")
    }

    /// The name is on the first bubble of a group only, each bubble has its time, and
    /// `--me`'s messages are drawn on the right without a name.
    @Test func namesTimesAndOutgoingBubbles() throws {
        let input = Self.export([
            Self.message(1, from: #""Alice""#, fromID: "user1", unix: 1_704_103_200, text: #""hello there""#),
            Self.message(2, from: #""Alice""#, fromID: "user1", unix: 1_704_103_260, text: #""second""#),
            Self.message(3, from: #""Bob""#, fromID: "user2", unix: 1_704_103_320, text: #""mine""#),
        ])
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("result.json")
        try input.write(to: file, atomically: true, encoding: .utf8)
        let result = try Binary.run(["export", file.path, "--to", "svg", "--me", "2"] + Self.pinned)
        #expect(result.status == 0, "\(result.stderr)")
        let svg = result.stdout
        #expect(svg.components(separatedBy: ">Alice</text>").count - 1 == 1)
        #expect(!svg.contains(">Bob</text>"))
        for time in ["10:00", "10:01", "10:02"] { #expect(svg.contains(">\(time)</text>"), "no \(time)") }
        // The day's chip first, centered; the outgoing bubble at the right edge of the stack.
        let groups = svg.matches(of: #/<g transform="translate\(([0-9.]+) ([0-9.]+)\)">/#).map { Double($0.1) ?? 0 }
        #expect(groups.count == 4)
        #expect(groups.first ?? 0 > 0)
        #expect(groups.dropFirst().prefix(2) == [0, 0])
        #expect(groups.last ?? 0 > groups.first ?? 0)
        #expect(Self.texts(svg).first == "1 January 2024")
    }

    /// A stacked picture heads each day with a chip holding its date, above the day's
    /// first message (a service message's chip too) and above each chat's first, and a
    /// stack of two chats heads each with its name's chip; every chip is centered, and the
    /// bubble after one shows its sender. Pictures of their own (`-o DIR`) have no day
    /// chip. (A stack of one chat, as in the tests above and below, has no name's chip.)
    @Test func stackedPicturesHeadEachDayWithAChip() throws {
        let first = Self.export([
            Self.message(1, from: #""Alice""#, fromID: "user1", unix: 1_704_103_200, text: #""late on the first""#),
            // 2024-01-02 begins with a pin: the day's chip goes above the pin's.
            #"{"id": 2, "type": "service", "date_unixtime": "1704189600", "actor": "Ann", "actor_id": "user1", "action": "pin_message", "message_id": 1, "text": ""}"#,
            Self.message(3, from: #""Alice""#, fromID: "user1", unix: 1_704_189_660, text: #""next morning""#),
            Self.message(4, from: #""Alice""#, fromID: "user1", unix: 1_704_189_720, text: #""and more""#),
        ])
        let second =
            #"{"name": "Other", "type": "personal_chat", "id": 8, "messages": ["#
            + Self.message(5, from: #""Bob""#, fromID: "user2", unix: 1_704_189_780, text: #""same day, other chat""#) + "]}"
        let whole = #"{"chats": {"list": ["# + first + "," + second + "]}}"
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("result.json")
        try whole.write(to: file, atomically: true, encoding: .utf8)
        let result = try Binary.run(["export", file.path, "--to", "svg", "--stack"] + Self.pinned)
        #expect(result.status == 0, "\(result.stderr)")
        // A bubble draws its text, then the name above it, then the time.
        let texts = Self.texts(result.stdout)
        #expect(
            texts == [
                "Chat", "1 January 2024", "late on the first", "Alice", "10:00", "2 January 2024", "Ann pinned a message · 10:00",
                "next morning", "Alice", "10:01", "and more", "10:02", "Other", "2 January 2024", "same day, other chat", "Bob",
                "10:03",
            ], "\(texts)")
        // Each chip (a group that starts with its pill, where bubbles start with a path)
        // is centered: the pill's middle is the stack's, to the pixel.
        let width = try #require(result.stdout.firstMatch(of: #/<svg [^>]*width="([0-9.]+)"/#).flatMap { Double($0.1) })
        let pills = result.stdout.matches(
            of: #/<g transform="translate\(([0-9.]+) [0-9.]+\)">\n<rect x="([0-9.]+)" y="[0-9.]+" width="([0-9.]+)"/#)
        // Two chats: each headed by its name's chip, then its day's.
        #expect(pills.count == 6)
        for pill in pills {
            let middle = (Double(pill.1) ?? 0) + (Double(pill.2) ?? 0) + (Double(pill.3) ?? 0) / 2
            #expect(abs(middle - width / 2) <= 1, "\(pill.0) in \(width)")
        }
        let out = dir.appendingPathComponent("each")
        let each = try Binary.run(["export", file.path, "--to", "svg", "-o", out.path] + Self.pinned)
        #expect(each.status == 0, "\(each.stderr)")
        for name in try FileManager.default.contentsOfDirectory(atPath: out.path) where name.hasSuffix(".svg") {
            let svg = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
            #expect(!Self.texts(svg).contains { $0.hasSuffix("2024") }, "\(name)")
        }
    }

    /// A channel post is headed by the channel and its author, as the terminal's bubbles
    /// head it, and a message a merge finds deleted (`--deleted mark`) says so by its time.
    @Test func postAuthorsAndDeletedMessages() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let post =
            #"{"id": 1, "type": "message", "date_unixtime": "1704103200", "from": "News", "from_id": "channel9", "#
            + #""author": "Alice", "text": "first post"}"#
        let second = Self.message(2, from: #""News""#, fromID: "channel9", unix: 1_704_103_260, text: #""second post""#)
        let third = Self.message(3, from: #""News""#, fromID: "channel9", unix: 1_704_103_320, text: #""third post""#)
        // The newer export reaches past the second post and lacks it: deleted.
        try Self.export([post, second, third]).write(to: dir.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        try Self.export([post, third]).write(to: dir.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
        let result = try Binary.run(["export", "old.json", "new.json", "--to", "svg", "--deleted", "mark"] + Self.pinned, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let texts = Self.texts(result.stdout)
        #expect(texts.contains("News (Alice)"), "\(texts)")
        #expect(texts.contains("10:00") && texts.contains("deleted 10:01") && texts.contains("10:02"), "\(texts)")
    }

    /// A message too tall to draw (more lines than 16 384 pixels hold) is an error about
    /// that message, counted failed; the other pictures are written (exit 1), by export and
    /// by render alike.
    @Test func aMessageTooTallToDrawCostsOnlyItself() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tall = (0..<900).map { "l\($0)" }.joined(separator: "\\n")
        let input = Self.export([
            Self.message(1, from: #""Alice""#, fromID: "user1", unix: 1_704_103_200, text: #""short""#),
            Self.message(2, from: #""Alice""#, fromID: "user1", unix: 1_704_103_260, text: "\"\(tall)\""),
            Self.message(3, from: #""Alice""#, fromID: "user1", unix: 1_704_103_320, text: #""after""#),
        ])
        try input.write(to: dir.appendingPathComponent("result.json"), atomically: true, encoding: .utf8)
        let export = try Binary.run(["export", "result.json", "--to", "png", "-o", "out", "--stats"] + Self.pinned, in: dir)
        #expect(export.status == 1, "\(export.stderr)")
        #expect(export.stderr.contains("result.json:message 2: not drawn: its picture would be taller than 16384 pixels"))
        #expect(export.stderr.hasSuffix("read 3, written 2, filtered 0, failed 1\n"), "\(export.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).sorted()
        #expect(files == [".msgfmt-output", "2024-01-01_100000-1.png", "2024-01-01_100200-3.png"])
        let lines = [
            "{\"message_id\":1,\"text\":\"short\"}", "{\"message_id\":2,\"text\":\"\(tall)\"}", "{\"message_id\":3,\"text\":\"after\"}",
        ]
        let render = try Binary.run(
            ["--to", "png", "-o", "pictures", "--stats", "--font", "DejaVu Sans"], stdin: lines.joined(separator: "\n"), in: dir)
        #expect(render.status == 1, "\(render.stderr)")
        #expect(render.stderr.contains("<stdin>:message 2: not drawn") && render.stderr.hasSuffix("read 3, rendered 2, failed 1\n"))
        let pictures = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("pictures").path).sorted()
        #expect(pictures == [".msgfmt-output", "message-1.png", "message-3.png"])
    }

    /// A right-to-left name is drawn right to left, and a short right-to-left message gets
    /// a bubble as narrow as its text (its line was aligned to the right of the box it was
    /// laid out in, and the bubble took the whole box).
    @Test func rightToLeftNamesAndShortMessages() throws {
        let input = Self.export([
            Self.message(1, from: #""שרה כהן""#, fromID: "user1", unix: 1_704_103_200, text: #""שלום""#),
            Self.message(2, from: #""Alice""#, fromID: "user2", unix: 1_704_103_260, text: #""hi""#),
        ])
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("result.json")
        try input.write(to: file, atomically: true, encoding: .utf8)
        let result = try Binary.run(["export", file.path, "--to", "svg", "-o", dir.appendingPathComponent("out").path] + Self.pinned)
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path)
            .filter { $0.hasSuffix(".svg") }.sorted()
        #expect(files.count == 2)
        let svg = try String(contentsOf: dir.appendingPathComponent("out/" + files[0]), encoding: .utf8)
        #expect(svg.contains(#"direction="rtl" unicode-bidi="embed""#) && svg.contains(">שרה כהן</text>"))
        let name = try #require(svg.firstMatch(of: #/<text [^>]*direction="rtl"[^>]*>שרה כהן</text>/#))
        #expect(name.output.contains("font-weight=\"bold\""))
        func width(_ svg: String) -> Double { svg.firstMatch(of: #/width="([0-9.]+)"/#).flatMap { Double($0.1) } ?? 0 }
        #expect(width(svg) < 200, "\(width(svg))")
    }

    /// `--width` in pixels narrows the bubbles; a bare number counts pixels too.
    @Test func widthInPixelsWraps() throws {
        let narrow = try Binary.run(["export", Self.teamChat, "--to", "svg", "--width", "150px"] + Self.pinned)
        let bare = try Binary.run(["export", Self.teamChat, "--to", "svg", "--width", "150"] + Self.pinned)
        let wide = try Binary.run(["export", Self.teamChat, "--to", "svg"] + Self.pinned)
        #expect(narrow.status == 0 && wide.status == 0, "\(narrow.stderr)\(wide.stderr)")
        #expect(narrow.stdout == bare.stdout)
        func width(_ svg: String) -> Double { svg.firstMatch(of: #/width="([0-9.]+)"/#).flatMap { Double($0.1) } ?? 0 }
        #expect(width(narrow.stdout) < 200)
        #expect(width(wide.stdout) > 300)
    }

    /// A sender name with markup stays text.
    @Test func hostileNamesCannotInjectSVG() throws {
        let input = Self.export([
            Self.message(1, from: #""<script>alert(1)</script>\"'&""#, fromID: "user1", unix: 1_704_103_200, text: #""<svg onload=x>""#)
        ])
        let result = try Binary.run(["export", "-", "--to", "svg"] + Self.pinned, stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("<script"))
        #expect(!result.stdout.contains("<svg onload"))
        #expect(result.stdout.contains("&lt;script&gt;"))
    }

    /// Pixel widths where output counts cells, and -o patterns for pictures, are usage errors.
    @Test(arguments: [
        (["export", "X", "--to", "text", "--width", "200px"], "--width in px"),
        (["export", "X", "--to", "html", "--width", "200px", "-o", "/tmp/never"], "--width in px"),
        (["export", "X", "--to", "png", "-o", "out/{chat}.png"], "placeholders"),
        (["diff", "X", "Y", "--width", "200px"], "--width in px"),
    ])
    func pixelWidthsWhereCellsCountAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let result = try Binary.run(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// A service message is a chip of its own, centered and in italics: what happened and
    /// when, worded as the terminal transcript words it (`--to text`), wrapped when long
    /// and a name in a right-to-left script kept as it is written; with `-o DIR` it gets a
    /// picture of its own like any message, and nothing is noted as left out.
    @Test func serviceMessagesAreDrawnAsChips() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let members = (1...12).map { #""Member Number \#($0)""# }.joined(separator: ", ")
        let input = Self.export([
            Self.message(1, from: #""Ann""#, fromID: "user1", unix: 1_704_103_200, text: #""hello""#),
            #"{"id": 2, "type": "service", "date_unixtime": "1704103260", "actor": "שרה", "actor_id": "user3", "action": "pin_message", "message_id": 1, "text": ""}"#,
            #"{"id": 3, "type": "service", "date_unixtime": "1704103320", "actor": "Bob", "actor_id": "user2", "action": "invite_members", "members": ["#
                + members + #"], "text": ""}"#,
            Self.message(4, from: #""Ann""#, fromID: "user1", unix: 1_704_103_380, text: #""welcome""#),
        ])
        let stacked = try Binary.run(["export", "-", "--to", "svg"] + Self.pinned, stdin: input)
        #expect(stacked.status == 0, "\(stacked.stderr)")
        #expect(!stacked.stderr.contains("not drawn"), "\(stacked.stderr)")
        let texts = Self.texts(stacked.stdout)
        #expect(texts.prefix(4) == ["1 January 2024", "hello", "Ann", "10:00"], "\(texts)")
        // The pin's chip: the Hebrew name is a run of its own, as it is written.
        #expect(texts.dropFirst(4).prefix(2) == ["שרה", " pinned a message · 10:01"], "\(texts)")
        // The invitation wraps: its lines, joined, are the terminal transcript's sentence.
        let sentence =
            "Bob added " + (1...11).map { "Member Number \($0)" }.joined(separator: ", ") + " and Member Number 12 · 10:02"
        let invitation = texts.drop { !$0.hasPrefix("Bob added") }.prefix { $0 != "welcome" }
        #expect(invitation.count > 1, "\(texts)")
        #expect(invitation.joined(separator: " ") == sentence, "\(invitation)")
        // After a service message the next bubble starts a group: its name is shown.
        #expect(texts.suffix(3) == ["welcome", "Ann", "10:03"], "\(texts)")
        #expect(stacked.stdout.contains("font-style=\"italic\""), "the chips are in italics")
        let out = dir.appendingPathComponent("out")
        let result = try Binary.run(["export", "-", "--to", "svg", "--stats", "-o", out.path] + Self.pinned, stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("not drawn"), "\(result.stderr)")
        #expect(result.stderr.contains("read 4, written 4"), "\(result.stderr)")
        let pictures = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".svg") }
        #expect(pictures.count == 4)
    }

    /// The texts of an SVG's `<text>` elements, in order.
    static func texts(_ svg: String) -> [String] {
        svg.matches(of: #/<text [^>]*>([^<]*)</text>/#).map { String($0.1) }
    }

    /// A poll, a voice message and a sticker without captions, a reply to the poll
    /// forwarded from a channel, a message sent via a bot with reactions: each bubble
    /// shows what the text transcript shows — the placeholder worded as every format words
    /// it with the poll's options, the forward and via-bot lines, the reply quote (the
    /// quoted sender over the preview of the poll), the reactions.
    @Test func mediaRepliesAndForwardsAreDrawn() throws {
        let input = Self.export([
            #"{"id": 1, "type": "message", "date_unixtime": "1704189660", "from": "Bob", "from_id": "user2", "text": "", "poll": {"question": "Ship it?", "closed": false, "total_voters": 3, "answers": [{"text": "yes", "voters": 2, "chosen": true}, {"text": "no", "voters": 1, "chosen": false}]}}"#,
            #"{"id": 2, "type": "message", "date_unixtime": "1704189720", "from": "Bob", "from_id": "user2", "text": "", "file": "voice_messages/a.ogg", "media_type": "voice_message", "mime_type": "audio/ogg", "duration_seconds": 7}"#,
            #"{"id": 3, "type": "message", "date_unixtime": "1704189780", "from": "Bob", "from_id": "user2", "text": "reply + forward", "reply_to_message_id": 1, "forwarded_from": "Some Channel"}"#,
            #"{"id": 4, "type": "message", "date_unixtime": "1704189840", "from": "Ann", "from_id": "user1", "text": "found it", "via_bot": "@gif", "reactions": [{"type": "emoji", "count": 2, "emoji": "👍"}]}"#,
            #"{"id": 5, "type": "message", "date_unixtime": "1704189900", "from": "Ann", "from_id": "user1", "text": "", "file": "stickers/s.webp", "media_type": "sticker", "sticker_emoji": "😀"}"#,
        ])
        let result = try Binary.run(["export", "-", "--to", "svg"] + Self.pinned, stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let texts = Self.texts(result.stdout)
        for text in [
            // The files are named but not there: the placeholders say so, as every transcript does.
            "[Poll: Ship it? · 3 votes]", "  • yes — 2 votes ✓", "  • no — 1 vote", "[Voice message 0:07 · file missing]",
            "Forwarded from Some Channel", "via @gif", "👍 2", "[Sticker 😀 · file missing]", "reply + forward", "found it",
        ] {
            #expect(texts.contains(text), "no \(text) in \(texts)")
        }
        // The quote: the poll's sender, then its preview, above the reply's text.
        let quote = try #require(texts.firstIndex(of: "Poll: Ship it?"), "\(texts)")
        #expect(quote > 0 && texts[quote - 1] == "Bob", "\(texts)")
        #expect(texts.firstIndex(of: "reply + forward").map { $0 > quote } == true, "\(texts)")
        // It is drawn in a band with a bar, as quotes are.
        #expect(result.stdout.contains(##"fill="#71bafa" fill-opacity="0.102""##), "no quote band")
        // The text transcript words them the same.
        let text = try Binary.run(["export", "-", "--to", "text"] + Self.pinned, stdin: input)
        for words in [
            "[Poll: Ship it? · 3 votes]", "• yes — 2 votes ✓", "[Voice message 0:07 · file missing]", "Forwarded from Some Channel",
        ] {
            #expect(text.stdout.contains(words), "text transcript lacks \(words)")
        }
    }

    /// A message without text is never an empty bubble: a voice message is a bubble of its
    /// placeholder (as tall as a one-line message, no empty line for the text), and a
    /// message with nothing at all says so.
    @Test func mediaOnlyMessagesAreNotEmpty() throws {
        let input = Self.export([
            Self.message(1, from: #""Bob""#, fromID: "user2", unix: 1_704_189_600, text: #""hi""#),
            #"{"id": 2, "type": "message", "date_unixtime": "1704189660", "from": "Bob", "from_id": "user2", "text": "", "media_type": "voice_message", "duration_seconds": 7}"#,
            Self.message(3, from: #""Bob""#, fromID: "user2", unix: 1_704_189_720, text: #""ok""#),
            Self.message(4, from: #""Bob""#, fromID: "user2", unix: 1_704_189_780, text: #""""#),
        ])
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let result = try Binary.run(["export", "-", "--to", "svg", "-o", out.path] + Self.pinned, stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".svg") }.sorted()
        try #require(files.count == 4)
        let svgs = try files.map { try String(contentsOf: out.appendingPathComponent($0), encoding: .utf8) }
        #expect(Self.texts(svgs[1]) == ["[Voice message 0:07]", "10:01"], "\(Self.texts(svgs[1]))")
        #expect(Self.texts(svgs[3]) == ["(empty message)", "10:03"], "\(Self.texts(svgs[3]))")
        // The voice message's bubble is as tall as the one-line text after it (no name on either).
        func height(_ svg: String) -> Double? { svg.firstMatch(of: #/height="([0-9.]+)"/#).flatMap { Double($0.1) } }
        #expect(height(svgs[1]) != nil && height(svgs[1]) == height(svgs[2]))
        #expect(height(svgs[0]).map { $0 > height(svgs[2]) ?? 0 } == true, "the first has the name")
    }

    /// A reply to a message the export does not hold says which; a right-to-left preview
    /// reads right to left; a long forward name is cut with the ellipsis to the bubble.
    @Test func quotesOfUnknownAndRightToLeftMessages() throws {
        let input = Self.export([
            Self.message(1, from: #""שרה""#, fromID: "user3", unix: 1_704_189_600, text: #""שלום לכולם""#),
            #"{"id": 2, "type": "message", "date_unixtime": "1704189660", "from": "Bob", "from_id": "user2", "text": "yes", "reply_to_message_id": 1}"#,
            #"{"id": 3, "type": "message", "date_unixtime": "1704189720", "from": "Bob", "from_id": "user2", "text": "where?", "reply_to_message_id": 777, "forwarded_from": "A Channel With An Extremely Long Name That Never Ends"}"#,
        ])
        let result = try Binary.run(["export", "-", "--to", "svg", "--width", "240px"] + Self.pinned, stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let texts = Self.texts(result.stdout)
        #expect(texts.contains("In reply to message 777"), "\(texts)")
        #expect(result.stdout.firstMatch(of: #/<text [^>]*direction="rtl"[^>]*>שלום לכולם</text>/#) != nil)
        #expect(texts.contains { $0.hasPrefix("Forwarded from") && $0.count < 30 }, "\(texts)")
        #expect(texts.contains("…") || texts.contains { $0.hasPrefix("Forwarded from") && $0.hasSuffix("…") }, "\(texts)")
    }
}
