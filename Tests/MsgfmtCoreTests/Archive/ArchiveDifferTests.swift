import Testing

@testable import MsgfmtCore

/// The differ on small exports: each kind of change, the range rule, chats, failures.
@Suite struct ArchiveDifferTests {
    typealias E = ArchiveTestExport
    static let t0: Int64 = 1_704_067_200

    /// Messages 1…n of chat 9, an hour apart, with texts "message i".
    static func chat(_ ids: ClosedRange<Int64>, name: String = "Chat", id: Int64? = 9) -> E.Chat {
        E.Chat(id: id, name: name, messages: ids.map { E.message($0, date: t0 + $0 * 3600, text: "message \($0)") })
    }

    static func diff(_ old: E, _ new: E) throws -> ArchiveDiff {
        ArchiveDiffer.diff(old: try old.index(), new: try new.index())
    }

    static func kinds(_ diff: ArchiveDiff) -> [String] {
        diff.chats.flatMap { chat in chat.changes.map { "\($0.kind.rawValue) \($0.id)" } }
    }

    @Test func eachKindOfChange() throws {
        let old = E(chat: Self.chat(1...5))
        var new = E(chat: Self.chat(1...6))
        new.chats[0].messages.remove(at: 2)  // message 3
        new.chats[0].messages[1] = new.chats[0].messages[1].setting("text", .string("message 2, edited"))
        let diff = try Self.diff(old, new)
        #expect(Self.kinds(diff) == ["edited 2", "deleted 3", "added 6"])
        var expected = DiffStats()
        expected.added = 1
        expected.deleted = 1
        expected.edited = 1
        expected.unchanged = 3
        #expect(diff.stats == expected)
    }

    @Test func sameExportHasNoDifferences() throws {
        let export = E(chat: Self.chat(1...20))
        for layout in [E.Layout.telegram, .compact, .reversedKeys, .asciiOnly] {
            let diff = ArchiveDiffer.diff(old: try export.index(), new: try export.index(layout))
            #expect(diff.isEmpty && diff.chats.isEmpty, "\(layout)")
            #expect(diff.stats.unchanged == 20)
        }
    }

    /// A later export that starts later does not reach the older messages: they are out
    /// of range, not deleted; a message missing inside its range is deleted.
    @Test func messagesOutsideTheNewRangeAreNotDeleted() throws {
        let old = E(chat: Self.chat(1...10))
        var new = E(chat: Self.chat(4...12))
        new.chats[0].messages.remove(at: 3)  // message 7
        let diff = try Self.diff(old, new)
        #expect(Self.kinds(diff) == ["deleted 7", "added 11", "added 12"])
        #expect(diff.stats.outOfRange == 3)
        #expect(diff.stats.unchanged == 6)
    }

    /// A chat the new export lacks is out of range; chats are matched by id whatever their
    /// names; the same message id in two chats is two messages.
    @Test func chatsAreMatchedById() throws {
        let old = E(account: [Self.chat(1...3, name: "A", id: 1), Self.chat(1...3, name: "B", id: 2), Self.chat(1...2, name: "C", id: 3)])
        let new = E(account: [Self.chat(1...3, name: "B renamed", id: 2), Self.chat(1...4, name: "A", id: 1)])
        let diff = try Self.diff(old, new)
        #expect(diff.chats.map(\.info.name) == ["A"])
        #expect(Self.kinds(diff) == ["added 4"])
        #expect(diff.stats.outOfRange == 2)
        #expect(diff.stats.unchanged == 6)
    }

    /// A message that cannot be decoded is reported, counted as failed and compared with
    /// nothing: it is neither deleted nor added.
    @Test func failedMessagesAreNotCompared() throws {
        let old = E(chat: Self.chat(1...4))
        var new = E(chat: Self.chat(1...4))
        new.chats[0].messages[1] = new.chats[0].messages[1].setting("date_unixtime", .string("yesterday"))
        var diagnostics: [Diagnostic] = []
        let newIndex = try new.index { diagnostics.append($0) }
        let diff = ArchiveDiffer.diff(old: try old.index(), new: newIndex)
        #expect(diff.isEmpty)
        #expect(diff.stats.failed == 1 && diff.stats.unchanged == 3)
        #expect(diagnostics.map(\.location.messageID) == [2])
        #expect(diagnostics.first?.severity == .error)
    }

    /// A message so broken its id is unknown is counted as failed, located by its byte
    /// offset; it cannot be matched, so the old message it replaced shows as deleted.
    @Test func unidentifiedMessagesAreCounted() throws {
        var new = E(chat: Self.chat(1...3))
        new.chats[0].messages[1] = .array([.number("1")])
        var diagnostics: [Diagnostic] = []
        let diff = ArchiveDiffer.diff(old: try E(chat: Self.chat(1...3)).index(), new: try new.index { diagnostics.append($0) })
        #expect(diff.stats.failed == 1)
        #expect(Self.kinds(diff) == ["deleted 2"])
        #expect(diagnostics.first?.location.byteOffset != nil)
    }

    /// An id twice in one chat: a warning, the first one compared.
    @Test func repeatedIdsKeepTheFirst() throws {
        var new = E(chat: Self.chat(1...3))
        new.chats[0].messages.append(E.message(2, date: Self.t0 + 4 * 3600, text: "impostor"))
        var diagnostics: [Diagnostic] = []
        let diff = ArchiveDiffer.diff(old: try E(chat: Self.chat(1...3)).index(), new: try new.index { diagnostics.append($0) })
        #expect(diff.isEmpty)
        #expect(diagnostics.map(\.severity) == [.warning])
    }

    /// A chat without an id is matched by its name.
    @Test func chatsWithoutIdsAreMatchedByName() throws {
        let old = E(chat: Self.chat(1...3, name: "Nameless", id: nil))
        let new = E(chat: Self.chat(1...4, name: "Nameless", id: nil))
        #expect(Self.kinds(try Self.diff(old, new)) == ["added 4"])
    }

    /// Changes are ordered by date, then id.
    @Test func changesAreOrderedByDate() throws {
        let old = E(chat: Self.chat(1...6))
        var new = old
        new.chats[0].messages[4] = new.chats[0].messages[4].setting("text", .string("five"))
        new.chats[0].messages[1] = new.chats[0].messages[1].setting("text", .string("two"))
        new.chats[0].messages.append(E.message(100, date: Self.t0 + 3 * 3600 + 60, text: "late id, early date"))
        #expect(Self.kinds(try Self.diff(old, new)) == ["edited 2", "added 100", "edited 5"])
    }
}
