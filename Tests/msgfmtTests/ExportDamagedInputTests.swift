import Foundation
import Testing

/// `msgfmt export` on exports damaged the ways a QA pass found mishandled: a raw line feed
/// inside a string, a file cut off inside a message, members of the wrong type and
/// thumbnail paths outside the export folder. Each loses only what is damaged, and says so
/// with the message's place.
@Suite struct ExportDamagedInputTests {
    /// A pretty-printed message as Telegram Desktop writes it, at the indentation of a
    /// whole-account export's messages; `extra` are lines of members added at the end.
    static func message(_ id: Int, text: String, extra: [String] = []) -> String {
        let members = [
            "\"id\": \(id)", "\"type\": \"message\"", "\"date\": \"2024-01-02T10:0\(id):00\"",
            "\"date_unixtime\": \"\(1_704_189_600 + 60 * id)\"", "\"from\": \"Bob\"", "\"from_id\": \"user2\"",
            "\"text\": \"\(text)\"",
            "\"text_entities\": [\n       {\n        \"type\": \"plain\",\n        \"text\": \"\(text)\"\n       }\n      ]",
        ]
        return "     {\n" + (members + extra).map { "      " + $0 }.joined(separator: ",\n") + "\n     }"
    }

    /// A whole-account export of the chats given as (name, messages).
    static func account(_ chats: [(String, [String])]) -> String {
        let list = chats.enumerated().map { i, chat in
            "   {\n    \"name\": \"\(chat.0)\",\n    \"type\": \"personal_chat\",\n    \"id\": \(10 + i),\n    \"messages\": [\n"
                + chat.1.joined(separator: ",\n") + "\n    ]\n   }"
        }
        return "{\n \"about\": \"x\",\n \"chats\": {\n  \"about\": \"x\",\n  \"list\": [\n" + list.joined(separator: ",\n")
            + "\n  ]\n }\n}\n"
    }

    static func write(_ text: String, in dir: URL, name: String = "result.json") throws -> URL {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    static func export(_ input: URL, _ arguments: [String]) throws -> Binary.Result {
        try Binary.run(["export", input.path, "--time-zone", "UTC", "--progress", "never"] + arguments)
    }

    /// A raw line feed inside a string (the next line at column 0, as an editor leaves it):
    /// only its message fails, for its control character, and every other message and
    /// chat is exported, by `export`, a merge and `diff` alike.
    @Test func rawLineFeedInAStringLosesOnlyItsMessage() throws {
        let dir = try ExportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = [Self.message(1, text: "ok 1"), Self.message(2, text: "line one\nline two"), Self.message(3, text: "ok 3")]
        let second = [Self.message(1, text: "ok 4"), Self.message(2, text: "ok 5"), Self.message(3, text: "ok 6")]
        let input = try Self.write(Self.account([("First", first), ("Second", second)]), in: dir)
        let text = try String(contentsOf: input, encoding: .utf8)
        let place = try ExportFilePlaces.place(ofMessage: 2, in: input)
        let result = try Self.export(input, ["--to", "text", "--stats"])
        #expect(result.status == 1)
        for shown in ["ok 1", "ok 3", "== Second", "ok 4", "ok 5", "ok 6"] {
            #expect(result.stdout.contains(shown), "\(shown): \(result.stdout)")
        }
        let errors = result.stderr.split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors.count == 1, "\(result.stderr)")
        #expect(errors.first?.contains("\(input.path):\(place): invalid JSON") == true, "\(result.stderr)")
        #expect(errors.first?.contains("control character in a string must be escaped") == true, "\(result.stderr)")
        #expect(result.stderr.hasSuffix("msgfmt: chats 2, read 6, written 5, filtered 0, failed 1\n"), "\(result.stderr)")

        // A merge of the export with itself reads it through the quick readers.
        let copy = try Self.write(text, in: dir, name: "copy.json")
        let merged = try Binary.run(["export", input.path, copy.path, "--to", "text", "--time-zone", "UTC", "--progress", "never"])
        #expect(merged.status == 1, "\(merged.stderr)")
        for shown in ["ok 1", "ok 3", "ok 4", "ok 6"] { #expect(merged.stdout.contains(shown), "\(shown): \(merged.stdout)") }
        #expect(!merged.stderr.contains("malformed"), "\(merged.stderr)")

        let edited = try Self.write(text.replacingOccurrences(of: "ok 5", with: "ok five"), in: dir, name: "edited.json")
        // (`diff` says trouble, status 2, for a message it could not read.)
        let diff = try Binary.run(["diff", input.path, edited.path, "--to", "text", "--time-zone", "UTC"])
        #expect(diff.status == 2, "\(diff.stderr)")
        #expect(diff.stdout.contains("five"), "\(diff.stdout)")
        #expect(diff.stderr.split(separator: "\n").filter { $0.contains("error:") }.count == 2, "\(diff.stderr)")
        #expect(!diff.stderr.contains("malformed"), "\(diff.stderr)")
    }

    /// A file that ends inside a message whose id was read: the message is reported by its
    /// id and counted as failed, so read = written + filtered + failed.
    @Test func messageCutOffByTheEndOfTheFileIsCountedAsFailed() throws {
        let dir = try ExportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = Self.account([("T", [Self.message(1, text: "ok 1"), Self.message(2, text: "ok 2")])])
        let cut = String(whole[..<whole.range(of: "\"text\": \"ok 2\"")!.lowerBound]) + "\"text\": \"o"
        let input = try Self.write(cut, in: dir)
        let place = try ExportFilePlaces.place(ofMessage: 2, in: input)
        let result = try Self.export(input, ["--to", "text", "--stats"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("ok 1"))
        #expect(result.stderr.contains("error: \(input.path):\(place): "), "\(result.stderr)")
        #expect(result.stderr.contains("the file is truncated"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("msgfmt: chats 1, read 2, written 1, filtered 0, failed 1\n"), "\(result.stderr)")
    }

    /// Members of the wrong type are reported with the message's place, each saying what
    /// the member should be; the message is still written without it. A `text` that is not
    /// shown is an error (exit status 1), the others warnings.
    @Test func wrongTypesAreReportedAndTheRestIsShown() throws {
        let dir = try ExportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let messages = [
            Self.message(1, text: "ok 1", extra: ["\"photo\": 123"]),
            Self.message(2, text: "ok 2", extra: ["\"reply_to_message_id\": \"x\""]),
            Self.message(3, text: "ok 3").replacingOccurrences(of: "\"text\": \"ok 3\",", with: "\"text\": 42,"),
            Self.message(4, text: "ok 4").replacingOccurrences(of: "\"type\": \"message\"", with: "\"type\": null"),
            Self.message(5, text: "ok 5", extra: ["\"file\": \"files/a.txt\"", "\"file_size\": \"big\""]),
        ]
        let input = try Self.write(Self.account([("W", messages)]), in: dir)
        for format in ["text", "json"] {
            let result = try Self.export(input, ["--to", format, "--stats"])
            #expect(result.status == 1, "\(format): \(result.stderr)")
            let expected = [
                (1, "warning", "field photo should be a string, found a number"),
                (2, "warning", "field reply_to_message_id should be an integer, found \"x\""),
                (3, "error", "field text should be a string or an array, found a number"),
                (4, "warning", "field type should be a string, found null"),
                (5, "warning", "field file_size should be an integer, found \"big\""),
            ]
            for (id, severity, text) in expected {
                let place = try ExportFilePlaces.place(ofMessage: id, in: input)
                #expect(result.stderr.contains("msgfmt: \(severity): \(input.path):\(place): \(text)\n"), "\(format): \(result.stderr)")
            }
            #expect(result.stderr.contains("msgfmt: chats 1, read 5, written 5, filtered 0, failed 0\n"), "\(format): \(result.stderr)")
            for shown in ["ok 1", "ok 2", "ok 4", "ok 5"] { #expect(result.stdout.contains(shown), "\(format): \(shown)") }
        }
    }

    /// A thumbnail path that is absolute or climbs out of the export folder is refused with
    /// the warning other media paths get, and never linked.
    @Test func refusedThumbnailPathsAreWarnedAbout() throws {
        let dir = try ExportCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("export/video_files")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data([0]).write(to: folder.appendingPathComponent("v.mp4"))
        try Data([0]).write(to: folder.appendingPathComponent("ok_thumb.jpg"))
        let thumbnails = ["video_files/ok_thumb.jpg", "../outside_thumb.jpg", "/etc/x_thumb.jpg"]
        let messages = thumbnails.enumerated().map { i, thumbnail in
            Self.message(
                i + 1, text: "v",
                extra: ["\"file\": \"video_files/v.mp4\"", "\"thumbnail\": \"\(thumbnail)\"", "\"media_type\": \"video_file\""])
        }
        let input = try Self.write(Self.account([("TH", messages)]), in: dir.appendingPathComponent("export"))
        let result = try Self.export(input, ["--to", "json", "--stats"])
        #expect(result.status == 0, "\(result.stderr)")
        for (id, thumbnail) in [(2, "../outside_thumb.jpg"), (3, "/etc/x_thumb.jpg")] {
            let place = try ExportFilePlaces.place(ofMessage: id, in: input)
            #expect(
                result.stderr.contains(
                    "msgfmt: warning: \(input.path):\(place): media path refused (outside the export folder): \(thumbnail)\n"),
                "\(result.stderr)")
        }
        #expect(result.stderr.components(separatedBy: "media path refused").count == 3, "\(result.stderr)")
        let hrefs = result.stdout.components(separatedBy: "\"thumbnail_href\":").dropFirst().map { $0.prefix(4) }
        #expect(hrefs.count == 3 && hrefs[0] != "null" && hrefs[1] == "null" && hrefs[2] == "null", "\(result.stdout)")
    }
}
