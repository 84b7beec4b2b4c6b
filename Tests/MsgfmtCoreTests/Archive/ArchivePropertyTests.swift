import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

/// The differ on random pairs of exports made from one another by adding, editing and
/// deleting messages (and dropping chats, starting later, rewriting the layout):
/// diff(A, A) is empty, the changes are exactly the ones made, and applying diff(A, B)
/// to A gives B's identities and contents.
@Suite struct ArchivePropertyTests {
    typealias E = ArchiveTestExport
    static let seed = ProcessInfo.processInfo.environment["MSGFMT_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
    static let words = ["hello", "мир", "世界", "🙂", "archive", "שלום", "a", "edited", "x_y", "42"]

    /// What the generator did to one identity.
    enum Made: Equatable { case added, edited, deleted, same }

    struct Pair {
        var old: E
        var new: E
        var made: [MessageIdentity: Made] = [:]
    }

    static func text(_ rng: inout SeededGenerator) -> String {
        (0..<(1 + rng.below(8))).map { _ in words[rng.below(words.count)] }.joined(separator: rng.below(5) == 0 ? "\n" : " ")
    }

    /// A message: plain text, or text parts with an entity; sometimes already edited.
    static func message(_ id: Int64, date: Int64, _ rng: inout SeededGenerator) -> JSONValue {
        var extra: [(String, JSONValue)] = []
        if rng.below(3) == 0 {
            let a = text(&rng)
            let b = text(&rng)
            extra.append(
                (
                    "text_entities",
                    .array([
                        .object([("type", .string("plain")), ("text", .string(a + " "))]),
                        .object([("type", .string(["bold", "italic", "code", "spoiler"][rng.below(4)])), ("text", .string(b))]),
                    ])
                ))
        }
        if rng.below(4) == 0 { extra.append(("edited_unixtime", .string(String(date + 30)))) }
        if rng.below(5) == 0 { extra.append(("reply_to_message_id", .number(String(max(1, id - 1))))) }
        let sender = rng.below(3)
        return E.message(
            id, date: date, from: ["Alice", "Bob", "Dana"][sender], fromID: "user\(sender + 1)", text: text(&rng), extra: extra)
    }

    static func pair(_ rng: inout SeededGenerator) -> Pair {
        var chats: [E.Chat] = []
        for c in 0..<(1 + rng.below(3)) {
            var id: Int64 = Int64(rng.below(5))
            var date: Int64 = 1_704_067_200 + Int64(rng.below(1000))
            let messages = (0..<rng.below(30)).map { _ -> JSONValue in
                id += 1 + Int64(rng.below(3))
                date += Int64(rng.below(4000))
                return message(id, date: date, &rng)
            }
            chats.append(E.Chat(id: Int64(100 + c), name: "Chat \(c)", messages: messages))
        }
        let old = chats.count == 1 && rng.below(2) == 0 ? E(chat: chats[0]) : E(account: chats)
        var pair = Pair(old: old, new: old)
        var newChats: [E.Chat] = []
        for chat in old.chats {
            if rng.below(8) == 0 { continue }  // the later export lacks the chat
            var kept = chat
            kept.messages = []
            var skip = rng.below(4) == 0 ? rng.below(max(1, chat.messages.count / 2)) : 0  // starts later
            // An export that starts later starts at a date: it does not split messages sent
            // at the same second, or the ones it leaves out would lie within its range.
            func date(_ i: Int) -> String? { chat.messages[i]["date_unixtime"]?.stringValue }
            while skip > 0, date(skip - 1) == date(skip) { skip -= 1 }
            for (i, m) in chat.messages.enumerated() {
                let identity = MessageIdentity(chat: .id(chat.id!), id: m["id"]!.int64Value!)
                if i < skip { continue }
                switch rng.below(10) {
                case 0:
                    pair.made[identity] = .deleted
                case 1:
                    pair.made[identity] = .edited
                    kept.messages.append(
                        m.setting("text", .string(text(&rng) + " (changed)")).setting("edited_unixtime", .string("1800000000")))
                case 2:
                    // Reactions are not content: the message is the same.
                    kept.messages.append(
                        m.setting(
                            "reactions", .array([.object([("type", .string("emoji")), ("count", .number("3")), ("emoji", .string("🔥"))])])))
                default:
                    kept.messages.append(m)
                }
            }
            var id = (chat.messages.last?["id"]?.int64Value ?? 0)
            var date = (chat.messages.last.flatMap { Int64($0["date_unixtime"]?.stringValue ?? "") } ?? 1_704_067_200)
            for _ in 0..<rng.below(4) {
                id += 1 + Int64(rng.below(3))
                date += Int64(1 + rng.below(4000))
                kept.messages.append(message(id, date: date, &rng))
                pair.made[MessageIdentity(chat: .id(chat.id!), id: id)] = .added
            }
            newChats.append(kept)
        }
        pair.new.chats = newChats.isEmpty ? [E.Chat(id: 999, name: "Other", messages: [])] : newChats
        if !pair.new.account, pair.new.chats.count > 1 { pair.new.account = true }
        return pair
    }

    /// identity → hash of an index's decodable messages.
    static func contents(_ index: ArchiveIndex) -> [MessageIdentity: ContentHash] {
        var map: [MessageIdentity: ContentHash] = [:]
        for chat in index.chats {
            for e in chat.entries where !e.failed { map[MessageIdentity(chat: chat.key, id: e.id)] = e.hash }
        }
        return map
    }

    @Test(arguments: 0..<4)
    func diffRecoversTheChangesMade(chunk: Int) throws {
        let seed = Self.seed &+ UInt64(chunk)
        var rng = SeededGenerator(seed: seed)
        let layouts: [E.Layout] = [.telegram, .compact, .reversedKeys, .asciiOnly]
        for round in 0..<150 {
            let pair = Self.pair(&rng)
            let note = Comment(rawValue: "seed \(seed) (MSGFMT_SEED=\(Self.seed)), round \(round)")
            let a = try pair.old.index()
            let b = try pair.new.index(layouts[rng.below(layouts.count)])
            let same = ArchiveDiffer.diff(old: a, new: try pair.old.index(layouts[rng.below(layouts.count)]))
            #expect(same.isEmpty && same.chats.isEmpty, note)

            let diff = ArchiveDiffer.diff(old: a, new: b)
            var state = Self.contents(a)
            var deleted: Set<MessageIdentity> = []
            for chat in diff.chats {
                for change in chat.changes {
                    let identity = MessageIdentity(chat: chat.key, id: change.id)
                    switch change.kind {
                    case .added:
                        #expect(pair.made[identity] == .added, note)
                        state[identity] = change.new?.hash
                    case .edited:
                        #expect(pair.made[identity] == .edited, note)
                        state[identity] = change.new?.hash
                    case .deleted:
                        #expect(pair.made[identity] == .deleted, note)
                        state[identity] = nil
                        deleted.insert(identity)
                    }
                }
            }
            let target = Self.contents(b)
            // What is left over is what B does not reach: out of range, never deleted.
            let unreached = Set(state.keys).subtracting(target.keys)
            #expect(unreached.count == diff.stats.outOfRange, note)
            for identity in unreached {
                let chat = b.chat(identity.chat)
                let date = a.chat(identity.chat)?.entry(id: identity.id)?.date ?? 0
                #expect(chat.map { !$0.covers(date) } ?? true, note)
                state[identity] = nil
            }
            #expect(state == target, note)
            let found = Dictionary(
                uniqueKeysWithValues: diff.chats.flatMap { chat in
                    chat.changes.map { (MessageIdentity(chat: chat.key, id: $0.id), $0.kind) }
                })
            for (identity, made) in pair.made {
                switch made {
                case .added: #expect(found[identity] == .added, note)
                case .edited: #expect(found[identity] == .edited, note)
                case .deleted: #expect(found[identity] == .deleted || unreached.contains(identity), note)
                case .same: break
                }
            }
            // Every message of A is unchanged, edited, deleted or out of range; every
            // message of B unchanged, edited or added.
            let s = diff.stats
            #expect(s.unchanged + s.edited + s.deleted + s.outOfRange == Self.contents(a).count, note)
            #expect(s.unchanged + s.edited + s.added == target.count, note)
        }
    }
}
