import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

/// The merge plan on random pairs of exports made from one another (see
/// `ArchivePropertyTests`): it does not depend on the order of the exports, holds every
/// identity once, by date then id, in the newer export's version, and marks exactly the
/// messages the newer export deleted.
@Suite struct ArchiveMergeTests {
    typealias P = ArchivePropertyTests

    @Test(arguments: 0..<2)
    func planIsIndependentOfOrderAndFindsTheDeletions(chunk: Int) throws {
        let seed = P.seed &+ 1000 &+ UInt64(chunk)
        var rng = SeededGenerator(seed: seed)
        for round in 0..<150 {
            let pair = P.pair(&rng)
            let note = Comment(rawValue: "seed \(seed) (MSGFMT_SEED=\(P.seed)), round \(round)")
            let a = try pair.old.index()
            let b = try pair.new.index(.compact)
            let policy = [DeletedMessages.keep, .mark, .drop][rng.below(3)]
            let forward = ArchiveMerge.plan([a, b], selects: { _ in true }, policy: policy)
            let backward = ArchiveMerge.plan([b, a], selects: { _ in true }, policy: policy)
            func shape(_ m: ArchiveMerge, sources: [Int]) -> [[String]] {
                m.chats.map { chat in
                    [chat.info.displayName]
                        + chat.entries.map { "\($0.entry.id) \($0.entry.hash) \(sources[$0.source]) \($0.deleted)" }
                }
            }
            #expect(shape(forward, sources: [0, 1]) == shape(backward, sources: [1, 0]), note)
            #expect(forward.deleted == backward.deleted, note)

            let newer = P.contents(b)
            var expected = P.contents(a).merging(newer) { _, new in new }
            var deleted: Set<MessageIdentity> = []
            for chat in a.chats {
                for e in chat.entries where !e.failed {
                    let identity = MessageIdentity(chat: chat.key, id: e.id)
                    if newer[identity] == nil, b.chat(chat.key)?.covers(e.date) == true { deleted.insert(identity) }
                }
            }
            #expect(forward.deleted == deleted.count, note)
            for identity in deleted where pair.made[identity] != .deleted {
                Issue.record("\(identity) found deleted but not deleted; \(note)")
            }
            if policy == .drop { for identity in deleted { expected[identity] = nil } }
            var seen: [MessageIdentity: ContentHash] = [:]
            for chat in forward.chats {
                let key = ChatKey(chat.info)
                let order = chat.entries.map { [$0.entry.date, $0.entry.id] }
                #expect(order == order.sorted { $0.lexicographicallyPrecedes($1) }, note)
                for e in chat.entries {
                    let identity = MessageIdentity(chat: key, id: e.entry.id)
                    #expect(seen[identity] == nil, "\(identity) twice; \(note)")
                    seen[identity] = e.entry.hash
                    #expect(e.deleted == (policy == .mark && deleted.contains(identity)), note)
                }
            }
            #expect(seen == expected, note)
        }
    }

    /// The merge's quick read of id and times agrees with the decoder in every layout, and
    /// gives up (for the decoder to decide) on what it cannot read.
    @Test func quickFieldsAgreeWithTheDecoder() throws {
        var rng = SeededGenerator(seed: P.seed &+ 2000)
        let clock = ExportClock(timeZone: "UTC")!
        var checked = 0
        for _ in 0..<40 {
            let pair = P.pair(&rng)
            for layout in [ArchiveTestExport.Layout.telegram, .compact, .reversedKeys, .asciiOnly] {
                var scanner = ExportScanner(source: ExportByteSource(bytes: pair.new.bytes(layout), name: "t.json"))
                while let event = try scanner.next() {
                    guard case .message(let raw) = event, case .success(let m) = ExportMessageDecoder.decode(raw, clock: clock) else {
                        continue
                    }
                    let quick = QuickMessageFields.read(raw.bytes)
                    #expect(quick?.id == m.id && quick?.date == m.date && quick?.edited == m.edited, "seed \(P.seed)")
                    checked += 1
                }
            }
        }
        #expect(checked > 0)
        for odd in [
            #"{"id": 1.5, "date_unixtime": "1"}"#, #"{"id": 1}"#, #"{"id": 1, "date_unixtime": "x"}"#, #"["id"]"#, #"{"id": 1, "#,
            // An escaped name may spell a name read: the decoder decides.
            #"{"i\u0064": 5, "id": 7, "date_unixtime": 1}"#,
        ] {
            let q = QuickMessageFields.read(Array(odd.utf8))
            #expect(q == nil || q?.date == nil, "\(odd)")
        }
        let nested = QuickMessageFields.read(
            Array(#"{"x": {"id": 9, "s": "}\"{"}, "id": 2, "date_unixtime": 7, "edited_unixtime": "8"}"#.utf8))
        #expect(nested?.id == 2 && nested?.date == 7 && nested?.edited == 8)
        // A member named twice counts the first time, as the decoder counts it.
        // An edit dated only in local time, or an edit time the decoder reads its own way:
        // the decoder decides (found by FuzzExport).
        for local in [
            #"{"id": 22, "date_unixtime": "1709633160", "edited": "2024-03-05T10:10:00"}"#,
            #"{"id": 22, "date_unixtime": "1709633160", "edited_unixtime": "+1709633400"}"#,
        ] {
            #expect(QuickMessageFields.read(Array(local.utf8)) == nil, "\(local)")
        }
        let both = QuickMessageFields.read(
            Array(#"{"id": 22, "date_unixtime": 1, "edited": "2024-03-05T10:10:00", "edited_unixtime": "2"}"#.utf8))
        #expect(both?.edited == 2)
        let twice = QuickMessageFields.read(
            Array(#"{"id": 4, "id": 9, "date_unixtime": 5, "date_unixtime": "x", "edited_unixtime": 6, "edited_unixtime": 8}"#.utf8))
        #expect(twice?.id == 4 && twice?.date == 5 && twice?.edited == 6)
        // Escaped backslashes before a closing quote, brackets and quotes inside strings of
        // nested arrays (past the sixteen bytes the scans test at once), and ends cut
        // inside a string or an escape.
        let long = String(repeating: "x", count: 40)
        let escapes = QuickMessageFields.read(
            Array(
                #"{"t": "\#(long)\\", "e": [{"s": "]\"}[\#(long)"}, ["{\\\"", []]], "id": 3, "date_unixtime": 5, "z": "\#(long)\\\\"}"#
                    .utf8))
        #expect(escapes?.id == 3 && escapes?.date == 5 && escapes?.edited == nil)
        for cut in [#"{"id": 1, "date_unixtime": 2, "t": "\#(long)\"#, #"{"id": 1, "date_unixtime": 2, "e": ["\#(long)]"#] {
            #expect(QuickMessageFields.read(Array(cut.utf8)) == nil, "\(cut)")
        }
    }

    /// The hash a merge keeps of a message's bytes is the same for the same bytes and
    /// changes with any one byte, in the words read eight at a time and in the last few.
    @Test func messageBytesHashSeesEveryByte() {
        var rng = SeededGenerator(seed: P.seed &+ 2100)
        for length in 0..<48 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let hash = MessageBytesHash.of(bytes)
            #expect(MessageBytesHash.of(bytes) == hash)
            #expect(MessageBytesHash.of(bytes + [0]) != hash, "a zero byte appended to \(length) bytes")
            for i in 0..<length {
                var changed = bytes
                changed[i] ^= 1 << UInt8(i % 8)
                #expect(MessageBytesHash.of(changed) != hash, "byte \(i) of \(length)")
            }
        }
    }
}
