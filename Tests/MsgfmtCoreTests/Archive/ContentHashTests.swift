import Foundation
import Testing

@testable import MsgfmtCore

/// The content hash: FNV-1a 128 as published, independent of how the export spells a
/// message, and sensitive to everything a message says.
@Suite struct ContentHashTests {
    static let clock = ExportClock(timeZone: "UTC")!

    /// The published FNV-1a 128 values for "" and "a".
    @Test func hasherIsFNV1a128() {
        var h = ContentHasher()
        #expect(h.hash.description == "6c62272e07bb014262b821756295c58d")
        h.add(byte: UInt8(ascii: "a"))
        #expect(h.hash.description == "d228cb696f1a8caf78912b704e4a8964")
        h = ContentHasher()
        h.add(bytes: Array("foobar".utf8))
        #expect(h.hash.description == "343e1662793c64bf6f0d3597ba446f18")
    }

    @Test func descriptionRoundTrips() {
        let hash = ContentHash(high: 0x0123_4567_89AB_CDEF, low: 0xF)
        #expect(hash.description == "0123456789abcdef000000000000000f")
        #expect(ContentHash(hash.description) == hash)
        #expect(ContentHash("xyz") == nil)
    }

    /// A message with text parts, entities, a reply, a forward and media.
    static let rich = ArchiveTestExport.message(
        7, date: 1_704_067_200, text: "",
        extra: [
            (
                "text",
                .array([.string("Hello "), .object([("type", .string("bold")), ("text", .string("wörld 🌍"))]), .string("\nline two")])
            ),
            (
                "text_entities",
                .array([
                    .object([("type", .string("plain")), ("text", .string("Hello "))]),
                    .object([("type", .string("bold")), ("text", .string("wörld 🌍"))]),
                    .object([("type", .string("plain")), ("text", .string("\nline two"))]),
                ])
            ),
            ("reply_to_message_id", .number("3")),
            ("forwarded_from", .string("Bob")),
            ("photo", .string("photos/p.jpg")), ("width", .number("1280")), ("height", .number("720")),
            ("reactions", .array([.object([("type", .string("emoji")), ("count", .number("2")), ("emoji", .string("👍"))])])),
        ])

    static func hash(_ value: JSONValue, scope: ContentHash.Scope = .content) throws -> ContentHash {
        ContentHash.of(try ExportMessageDecoder.decode(value, clock: clock), scope: scope)
    }

    /// The same message written in every layout hashes the same: the bytes differ, the
    /// content does not.
    @Test func hashIgnoresLayout() throws {
        let service = JSONValue.object([
            ("id", .number("8")), ("type", .string("service")), ("date_unixtime", .string("1704067300")),
            ("actor", .string("Alice")), ("actor_id", .string("user1")), ("action", .string("invite_members")),
            ("members", .array([.string("Bob"), .string("Ünal")])), ("inviter", .object([("b", .number("1")), ("a", .null)])),
        ])
        let export = ArchiveTestExport(chat: .init(id: 9, name: "Chat", messages: [Self.rich, service]))
        var hashes: [Set<ContentHash>] = [[], []]
        var texts: Set<String> = []
        for layout in [ArchiveTestExport.Layout.telegram, .compact, .reversedKeys, .asciiOnly] {
            let entries = try #require(export.index(layout).chats.first?.entries)
            #expect(entries.count == 2)
            for (k, entry) in entries.enumerated() { hashes[k].insert(entry.hash) }
            texts.insert(export.json(layout))
        }
        #expect(texts.count == 4)
        #expect(hashes.map(\.count) == [1, 1])
    }

    /// Each change of what the message says changes the hash.
    @Test(arguments: [
        (
            "text_entities",
            JSONValue.array([
                .object([("type", .string("plain")), ("text", .string("Hello "))]),
                .object([("type", .string("bold")), ("text", .string("world 🌍"))]),
                .object([("type", .string("plain")), ("text", .string("\nline two"))]),
            ])
        ),
        (
            "text_entities",
            JSONValue.array([
                .object([("type", .string("plain")), ("text", .string("Hello "))]),
                .object([("type", .string("italic")), ("text", .string("wörld 🌍"))]),
                .object([("type", .string("plain")), ("text", .string("\nline two"))]),
            ])
        ),
        (
            "text_entities",
            JSONValue.array([
                .object([("type", .string("plain")), ("text", .string("Hello wörld 🌍\nline two"))])
            ])
        ),
        ("edited_unixtime", JSONValue.string("1704067300")),
        ("date_unixtime", JSONValue.string("1704067201")),
        ("from_id", JSONValue.string("user2")),
        ("reply_to_message_id", JSONValue.number("4")),
        ("forwarded_from", JSONValue.string("Carol")),
        ("via_bot", JSONValue.string("@gif")),
        ("width", JSONValue.number("1920")),
        ("type", JSONValue.string("service")),
    ])
    func contentChangesChangeTheHash(field: String, value: JSONValue) throws {
        #expect(try Self.hash(Self.rich) != Self.hash(Self.rich.setting(field, value)), "\(field)")
    }

    /// Reactions and whether the export included the file are not content; the local
    /// `date` string follows the exporting machine's zone. `appearance` counts reactions.
    @Test func volatileFieldsAreNotContent() throws {
        let base = try Self.hash(Self.rich)
        let moreReactions = Self.rich.setting("reactions", .array([]))
        #expect(try Self.hash(moreReactions) == base)
        #expect(try Self.hash(moreReactions, scope: .appearance) != Self.hash(Self.rich, scope: .appearance))
        #expect(
            try Self.hash(Self.rich.setting("photo", .string("(File not included. Change data exporting settings to download.)"))) == base)
        #expect(try Self.hash(Self.rich.setting("date", .string("2024-01-01T03:00:00"))) == base)
    }

    /// A renamed sender renames every message of theirs: with the sender's id known, the
    /// name is not content (but is appearance); without an id, the name is all there is.
    @Test func senderNamesCountOnlyWithoutAnId() throws {
        let renamed = Self.rich.setting("from", .string("Alicia"))
        #expect(try Self.hash(renamed) == Self.hash(Self.rich))
        #expect(try Self.hash(renamed, scope: .appearance) != Self.hash(Self.rich, scope: .appearance))
        let anonymous = Self.rich.removing("from_id")
        #expect(try Self.hash(anonymous.setting("from", .string("Alicia"))) != Self.hash(anonymous))
    }

    /// Service messages: the action's own fields count, local dates and paths do not.
    @Test func serviceActionsHashTheirFields() throws {
        let photo = JSONValue.object([
            ("id", .number("5")), ("type", .string("service")), ("date", .string("2024-01-01T00:00:00")),
            ("date_unixtime", .string("1704067200")), ("actor", .string("Alice")), ("actor_id", .string("user1")),
            ("action", .string("edit_group_photo")), ("photo", .string("(File not included. Change data exporting settings to download.)")),
            ("width", .number("640")), ("height", .number("640")), ("text", .string("")),
        ])
        let base = try Self.hash(photo)
        #expect(try Self.hash(photo.setting("action", .string("delete_group_photo"))) != base)
        #expect(try Self.hash(photo.setting("width", .number("320"))) != base)
        #expect(try Self.hash(photo.setting("actor_id", .string("user2"))) != base)
        #expect(try Self.hash(photo.setting("date", .string("2024-01-01T05:00:00"))) == base)
        #expect(try Self.hash(photo.setting("photo", .string("photos/photo_1.jpg"))) == base)
        #expect(try Self.hash(photo.setting("title", .string("New name"))) != base)
    }
}
