import Foundation
import TestSupport
import Testing

/// `export --update` of a site after an edit in the middle of a chat, black box: the pages
/// after the edited one are found again and kept (the same files, linked from the previous
/// site) unless what they show of other pages changed, and the site is byte-identical to a
/// fresh export.
@Suite struct PageResyncCommandTests {
    /// One message of a test chat.
    struct Message {
        var id: Int
        var date: Int
        var text: String
        var reply: Int?
        /// A pin of this message id (a service message) instead of text.
        var pin: Int?
    }

    /// Writes a one-chat export of `messages` to `chat.json` in `dir`.
    static func write(_ messages: [Message], to dir: URL, separator: String = ",\n") throws {
        let body = messages.map { m in
            var fields = ["\"id\": \(m.id)", "\"date_unixtime\": \"\(m.date)\""]
            if let pin = m.pin {
                fields += ["\"type\": \"service\"", "\"actor\": \"Alice\"", "\"actor_id\": \"user1\"", "\"action\": \"pin_message\""]
                fields += ["\"message_id\": \(pin)", "\"text\": \"\""]
            } else {
                fields += [
                    "\"type\": \"message\"", "\"from\": \"Alice\"", "\"from_id\": \"user\(1 + m.id % 2)\"", "\"text\": \"\(m.text)\"",
                ]
            }
            if let r = m.reply { fields.append("\"reply_to_message_id\": \(r)") }
            return "  {" + fields.joined(separator: ", ") + "}"
        }
        let json =
            "{\"name\": \"History\", \"type\": \"private_group\", \"id\": 77, \"messages\": [\n" + body.joined(separator: separator)
            + "\n]}\n"
        try json.write(to: dir.appendingPathComponent("chat.json"), atomically: true, encoding: .utf8)
    }

    /// `count` messages an hour apart, with `replies` (message → message it answers).
    static func chat(_ count: Int, replies: [Int: Int] = [:]) -> [Message] {
        (1...count).map { n in Message(id: n, date: 1_717_200_000 + n * 3_600, text: "message \(n)", reply: replies[n]) }
    }

    /// The inode of each page of the site's chat folder, by name: a kept page is the
    /// previous site's file, linked.
    static func pageInodes(_ site: URL) throws -> [String: UInt64] {
        let folder = site.appendingPathComponent("chat_001")
        var out: [String: UInt64] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix("messages") {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            out[name] = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value
        }
        return out
    }

    /// Updates `site` in `dir` with `args`, expects it to equal a fresh export, and returns
    /// the update's stderr and the pages kept (by number, 0-based).
    static func update(_ args: [String], in dir: URL, note: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        String, Set<Int>
    ) {
        let site = dir.appendingPathComponent("site")
        let before = try pageInodes(site)
        let run = try exportSite(args, in: dir)
        #expect(run.status == 0, "\(run.stderr) \(note?.rawValue ?? "")", sourceLocation: sourceLocation)
        let after = try pageInodes(site)
        var kept = Set<Int>()
        for (name, inode) in after where before[name] == inode {
            let digits = name.dropFirst("messages".count).dropLast(".html".count)
            kept.insert(digits.isEmpty ? 0 : (Int(digits) ?? 0) - 1)
        }
        let fresh = dir.appendingPathComponent("fresh")
        try? FileManager.default.removeItem(at: fresh)
        let made = try Binary.run(["export", "chat.json", "-o", "fresh"] + args, in: dir)
        #expect(made.status == 0, sourceLocation: sourceLocation)
        #expect(try UpdateCommandTests.tree(site) == UpdateCommandTests.tree(fresh), note, sourceLocation: sourceLocation)
        return (run.stderr, kept)
    }

    static let common = ["--time-zone", "UTC", "--jobs", "2"]

    /// `msgfmt export chat.json -o site --update ARGS` in `dir`.
    static func exportSite(_ args: [String], in dir: URL) throws -> Binary.Result {
        try Binary.run(["export", "chat.json", "-o", "site", "--update"] + args, in: dir)
    }

    /// An edit on the third of ten pages writes that page again and keeps the rest: the
    /// page before (pages by count link to "Next messages", whatever the next one holds)
    /// and the pages after it.
    @Test func pagesAfterAnEditAreKept() throws {
        let dir = try MergeCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var messages = Self.chat(40)
        try Self.write(messages, to: dir)
        let args = Self.common + ["--page-size", "4"]
        #expect(try Self.exportSite(args, in: dir).status == 0)
        messages[9].text += " and some more words"
        try Self.write(messages, to: dir)
        let (stderr, kept) = try Self.update(args, in: dir)
        #expect(stderr.hasPrefix("msgfmt: note: site: 1 of 10 pages written again, 9 kept\n"), "\(stderr)")
        #expect(kept == Set([0, 1, 3, 4, 5, 6, 7, 8, 9]))
    }

    /// A chat cut short after its second page: that page is now the last and has no link
    /// on, so it is written again. When the messages after it are all unreadable instead,
    /// the page, kept with its link on, is found to be the last at the chat's end: the site
    /// is written in full, with a note.
    @Test func aPageThatBecomesTheLastIsWrittenAgain() throws {
        let dir = try MergeCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let messages = Self.chat(40)
        try Self.write(messages, to: dir)
        let args = Self.common + ["--page-size", "4"]
        #expect(try Self.exportSite(args, in: dir).status == 0)
        try Self.write(Array(messages.prefix(8)), to: dir)
        let (_, kept) = try Self.update(args, in: dir)
        #expect(kept == Set([0]), "\(kept.sorted())")
        try Self.write(messages, to: dir)
        #expect(try Self.exportSite(args, in: dir).status == 0)
        let url = dir.appendingPathComponent("chat.json")
        var text = try String(contentsOf: url, encoding: .utf8)
        for m in messages.dropFirst(8) { text = text.replacingOccurrences(of: "\"\(m.date)\"", with: "\"soon\"") }
        try text.write(to: url, atomically: true, encoding: .utf8)
        let update = try Self.exportSite(args, in: dir)
        #expect(update.status == 1)
        #expect(update.stderr.contains("note: site: a page of the previous site could not be kept; writing it in full"), "\(update.stderr)")
        // Each unreadable message is reported once, though the site was written twice.
        let fresh = try Binary.run(["export", "chat.json", "-o", "fresh"] + args, in: dir)
        #expect(fresh.status == 1)
        let errors = update.stderr.split(separator: "\n").filter { $0.hasPrefix("msgfmt: error:") }
        #expect(errors.count == 32 && Set(errors).count == errors.count, "\(update.stderr)")
        #expect(errors == fresh.stderr.split(separator: "\n").filter { $0.hasPrefix("msgfmt: error:") })
        #expect(
            try UpdateCommandTests.tree(dir.appendingPathComponent("site")) == UpdateCommandTests.tree(dir.appendingPathComponent("fresh")))
    }

    /// A page that quotes the edited message, or links to a page whose messages moved, is
    /// written again; the pages around it are kept.
    @Test func aPageQuotingAnEditedMessageIsWrittenAgain() throws {
        let dir = try MergeCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Message 30 (page 7) answers message 10 (page 2); message 35 (page 8) answers 29.
        var messages = Self.chat(40, replies: [30: 10, 35: 29])
        try Self.write(messages, to: dir)
        let args = Self.common + ["--page-size", "4"]
        #expect(try Self.exportSite(args, in: dir).status == 0)
        messages[9].text = "message ten, edited"
        try Self.write(messages, to: dir)
        let (stderr, kept) = try Self.update(args, in: dir)
        #expect(stderr.hasPrefix("msgfmt: note: site: 2 of 10 pages written again, 8 kept\n"), "\(stderr)")
        #expect(kept == Set([0, 1, 3, 4, 5, 6, 8, 9]))
        let page = try String(contentsOf: dir.appendingPathComponent("site/chat_001/messages8.html"), encoding: .utf8)
        #expect(page.contains("message ten, edited"))
    }

    /// A pin's link follows its message: a message deleted and another added keep the
    /// count, but the pinned message moves to another page, so the pin's page is written
    /// again.
    @Test func aPinFollowsItsMessage() throws {
        let dir = try MergeCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Message 34 (page 8) pins message 13 (page 3).
        var messages = Self.chat(40)
        messages[33] = Message(id: 34, date: messages[33].date, text: "", pin: 13)
        try Self.write(messages, to: dir)
        let args = Self.common + ["--page-size", "4"]
        #expect(try Self.exportSite(args, in: dir).status == 0)
        // Message 9 goes and message 1200 comes after 13: message 13 moves to page 2.
        messages.remove(at: 8)
        messages.insert(Message(id: 1_200, date: messages[11].date + 60, text: "new"), at: 12)
        try Self.write(messages, to: dir)
        let (_, kept) = try Self.update(args, in: dir)
        #expect(kept == Set([0, 1, 4, 5, 6, 7, 9]), "\(kept.sorted())")
    }

    /// A page that continued the day of the page before begins that day afresh when the
    /// page before no longer ends on it: it is written again.
    @Test func aDayThatNoLongerContinuesIsWrittenAgain() throws {
        let dir = try MergeCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Twelve messages a day from midnight: message 12 (page 2) and 13 (page 3) begin day 1.
        var messages = (1...40).map { n in Message(id: n, date: 1_717_200_000 + n * 7_200, text: "message \(n)") }
        try Self.write(messages, to: dir)
        let args = Self.common + ["--page-size", "4"]
        #expect(try Self.exportSite(args, in: dir).status == 0)
        messages[11].date = messages[10].date
        try Self.write(messages, to: dir)
        let (_, kept) = try Self.update(args, in: dir)
        #expect(kept == Set([0, 1, 4, 5, 6, 7, 8, 9]), "\(kept.sorted())")
    }

    /// A message that can no longer be read puts every later message one place off: no
    /// page after it is kept, and the export (larger than the scanner reads at a time, so
    /// comparing the pages after it reads the file elsewhere meanwhile) is reported and
    /// written as a fresh export does.
    @Test func anUnreadableMessageKeepsNoPageAfterIt() throws {
        let dir = try MergeCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let filler = String(repeating: "lorem ipsum ", count: 90)
        var messages = (1...1_500).map { n in Message(id: n, date: 1_717_200_000 + n * 600, text: "message \(n) \(filler)") }
        try Self.write(messages, to: dir)
        let args = Self.common + ["--page-size", "100"]
        #expect(try Self.exportSite(args, in: dir).status == 0)
        let size = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("chat.json").path)[.size] as? Int
        #expect((size ?? 0) > 1_500_000)
        messages[299].text = "message 300, now unreadable"
        try Self.write(messages, to: dir)
        let url = dir.appendingPathComponent("chat.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let broken = text.replacingOccurrences(of: "\"\(1_717_200_000 + 300 * 600)\"", with: "\"soon\"")
        #expect(broken != text)
        try broken.write(to: url, atomically: true, encoding: .utf8)
        let before = try Self.pageInodes(dir.appendingPathComponent("site"))
        let update = try Self.exportSite(args, in: dir)
        let fresh = try Binary.run(["export", "chat.json", "-o", "fresh"] + args, in: dir)
        #expect(update.status == 1 && fresh.status == 1)
        // The same error, and the pages kept before it noted.
        let errors = { (run: Binary.Result) in run.stderr.split(separator: "\n").filter { $0.hasPrefix("msgfmt: error:") } }
        #expect(errors(update) == errors(fresh) && errors(update).count == 1, "\(update.stderr)")
        #expect(update.stderr.contains("msgfmt: note: site: 13 of 15 pages written again, 2 kept"), "\(update.stderr)")
        #expect(
            try UpdateCommandTests.tree(dir.appendingPathComponent("site")) == UpdateCommandTests.tree(dir.appendingPathComponent("fresh")))
        let after = try Self.pageInodes(dir.appendingPathComponent("site"))
        #expect(after.filter { before[$0.key] == $0.value }.keys.sorted() == ["messages.html", "messages2.html"])
    }

    /// A site whose only errors are unreadable messages still gets its manifest: the next
    /// update keeps every page but the one such a message falls on, reports the message
    /// again (status 1 again) and comes out as a fresh export does.
    @Test func unreadableMessagesLeaveTheOtherPagesKeepable() throws {
        let dir = try MergeCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.write(Self.chat(40), to: dir)
        let url = dir.appendingPathComponent("chat.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let broken = text.replacingOccurrences(of: "\"\(1_717_200_000 + 15 * 3_600)\"", with: "\"soon\"")
        #expect(broken != text)
        try broken.write(to: url, atomically: true, encoding: .utf8)
        let args = Self.common + ["--page-size", "10"]
        let first = try Self.exportSite(args, in: dir)
        #expect(first.status == 1)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("site/msgfmt-manifest.json").path))
        let before = try Self.pageInodes(dir.appendingPathComponent("site"))
        let second = try Self.exportSite(args, in: dir)
        #expect(second.status == 1)
        let errors = { (run: Binary.Result) in run.stderr.split(separator: "\n").filter { $0.hasPrefix("msgfmt: error:") } }
        #expect(errors(second) == errors(first) && errors(first).count == 1, "\(second.stderr)")
        #expect(second.stderr.contains("msgfmt: note: site: 1 of 4 pages written again, 3 kept"), "\(second.stderr)")
        let after = try Self.pageInodes(dir.appendingPathComponent("site"))
        #expect(after.filter { before[$0.key] == $0.value }.keys.sorted() == ["messages.html", "messages3.html", "messages4.html"])
        let fresh = try Binary.run(["export", "chat.json", "-o", "fresh"] + args, in: dir)
        #expect(fresh.status == 1)
        #expect(
            try UpdateCommandTests.tree(dir.appendingPathComponent("site")) == UpdateCommandTests.tree(dir.appendingPathComponent("fresh")))
    }

    /// Pages by day: an edit keeps the days after it; a day's first message moved to the
    /// day before (its date edited) writes both days again and keeps the days after.
    @Test func pagesByDayAreFoundAgain() throws {
        let dir = try MergeCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Eight messages a day, for six days.
        var messages = (1...48).map { n in Message(id: n, date: 1_717_200_000 + (n - 1) * 10_800, text: "message \(n)") }
        try Self.write(messages, to: dir)
        let args = Self.common + ["--pages", "day"]
        #expect(try Self.exportSite(args, in: dir).status == 0)
        messages[10].text = "an edit on the second day"
        try Self.write(messages, to: dir)
        let (first, kept) = try Self.update(args, in: dir)
        #expect(first.hasPrefix("msgfmt: note: site: 2 of 6 pages written again, 4 kept\n"), "\(first)")
        #expect(kept == Set([2, 3, 4, 5]))
        messages[24].date -= 7_200
        try Self.write(messages, to: dir)
        let (_, later) = try Self.update(args, in: dir)
        #expect(later == Set([0, 1, 4, 5]), "\(later.sorted())")
    }

    /// Pages by day after a message deleted and one added: the days after each are kept,
    /// one message earlier or later than they were.
    @Test func daysAfterADeletionOrAnAdditionAreKept() throws {
        let dir = try MergeCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var messages = (1...48).map { n in Message(id: n, date: 1_717_200_000 + (n - 1) * 10_800, text: "message \(n)") }
        messages[40].reply = 30
        try Self.write(messages, to: dir)
        let args = Self.common + ["--pages", "day"]
        #expect(try Self.exportSite(args, in: dir).status == 0)
        messages.remove(at: 10)
        try Self.write(messages, to: dir)
        let (deleted, kept) = try Self.update(args, in: dir)
        #expect(deleted.hasPrefix("msgfmt: note: site: 2 of 6 pages written again, 4 kept\n"), "\(deleted)")
        #expect(kept == Set([2, 3, 4, 5]))
        messages.insert(Message(id: 1_000, date: messages[25].date + 60, text: "added"), at: 26)
        try Self.write(messages, to: dir)
        let (_, later) = try Self.update(args, in: dir)
        #expect(later == Set([0, 1, 4, 5]), "\(later.sorted())")
    }

    /// Replies quote the 4 096 messages before them: a message deleted between a reply and
    /// the message it answers, 4 097 before it, brings that message into reach, so the
    /// reply's page (shifted by the deletion) shows the quote and is written again; the
    /// pages around it are kept.
    @Test func aQuoteComingIntoReachIsWrittenAgain() throws {
        let dir = try MergeCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 100 messages a day for 50 days; message 4197 (day 41) answers message 100.
        var messages = (1...5_000).map { n in Message(id: n, date: 1_717_200_000 + (n - 1) * 864, text: "m\(n)") }
        messages[4_196].reply = 100
        try Self.write(messages, to: dir)
        let args = Self.common + ["--pages", "day", "--no-search"]
        #expect(try Self.exportSite(args, in: dir).status == 0)
        let page = dir.appendingPathComponent("site/chat_001/messages42.html")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("In reply to this message"))
        messages.remove(at: 1_950)
        try Self.write(messages, to: dir)
        let (_, kept) = try Self.update(args, in: dir)
        #expect(kept == Set(0..<18).union(20..<41).union(42..<50), "\(kept.sorted())")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("<b>Alice</b> m100"))
    }

    /// On random chats with replies near and far and pins, one message edited, deleted or
    /// added at a time anywhere, laid out otherwise now and then: every update equals a
    /// fresh export (by count and by day, with and without search, on one thread and two),
    /// and pages after a page written again are kept at some step.
    @Test(arguments: [
        ["--page-size", "5", "--jobs", "2"], ["--pages", "day", "--jobs", "2"], ["--page-size", "3", "--no-search", "--jobs", "1"],
    ])
    func randomEditsEqualAFreshExport(layout: [String]) throws {
        var rng = SeededGenerator(seed: UpdateCommandTests.seed)
        let dir = try MergeCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var messages: [Message] = []
        var id = 0
        var date = 1_717_200_000
        func add(at index: Int) {
            id += 1
            date += 1 + rng.below(20_000)
            var m = Message(id: id, date: date, text: ["hello", "мир 世界", "🙂 archive", "שלום 42"][rng.below(4)])
            let earlier = messages[..<index]
            if !earlier.isEmpty, rng.below(3) == 0 {
                // A recent message or any message before.
                let pick = rng.below(2) == 0 ? earlier.count - 1 - rng.below(min(6, earlier.count)) : rng.below(earlier.count)
                if rng.below(5) == 0 {
                    m.pin = earlier[earlier.startIndex + pick].id
                } else {
                    m.reply = earlier[earlier.startIndex + pick].id
                }
            }
            messages.insert(m, at: index)
        }
        for _ in 0..<60 { add(at: messages.count) }
        var separator = ",\n"
        try Self.write(messages, to: dir, separator: separator)
        #expect(try Self.exportSite(["--time-zone", "UTC"] + layout, in: dir).status == 0)
        var resynced = false
        for step in 0..<14 {
            let at = rng.below(messages.count)
            switch rng.below(6) {
            case 0: messages.remove(at: at)
            case 1: add(at: messages.count)
            case 2: messages[at].date = messages[max(0, at - 1)].date
            default: if messages[at].pin == nil { messages[at].text += " (edited)" } else { messages[at].text = "" }
            }
            if rng.below(6) == 0 { separator = [",\n", ", ", ",\n\n"][rng.below(3)] }
            try Self.write(messages, to: dir, separator: separator)
            let note = Comment(rawValue: "MSGFMT_SEED=\(UpdateCommandTests.seed), \(layout), step \(step)")
            let before = try Self.pageInodes(dir.appendingPathComponent("site")).count
            let (_, kept) = try Self.update(["--time-zone", "UTC"] + layout, in: dir, note: note)
            if let last = kept.max(), (0..<last).contains(where: { !kept.contains($0) }), last < before { resynced = true }
        }
        #expect(resynced, "no update kept a page after one written again")
    }
}
