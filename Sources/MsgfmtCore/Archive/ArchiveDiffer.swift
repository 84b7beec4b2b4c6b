/// Compares two indexed exports by message identity: a merge of each chat's id-sorted
/// entries, in time linear in the number of messages.
public enum ArchiveDiffer {
    /// The differences from `old` to `new`. Only chats `selects` accepts are compared
    /// (their messages are counted nowhere else).
    ///
    /// A message only in `new` is added. A message only in `old` is deleted when `new`
    /// has its chat and the message's date lies within the dates of that chat's messages
    /// in `new`; otherwise `new` does not reach it and it is out of range. A message in
    /// both is edited when the content hashes differ. A message that either export could
    /// not decode is counted as failed and not compared.
    public static func diff(old: ArchiveIndex, new: ArchiveIndex, selects: (ExportChatInfo) -> Bool = { _ in true }) -> ArchiveDiff {
        var diff = ArchiveDiff()
        for chat in new.chats where selects(chat.info) {
            var changes: [ArchiveChange] = []
            diff.stats.failed += chat.unidentified + (old.chat(chat.key)?.unidentified ?? 0)
            compare(old.chat(chat.key), chat, into: &changes, stats: &diff.stats)
            if !changes.isEmpty {
                changes.sort { ($0.date, $0.id) < ($1.date, $1.id) }
                diff.chats.append(ArchiveDiff.Chat(key: chat.key, info: chat.info, changes: changes))
            }
        }
        for chat in old.chats where new.chat(chat.key) == nil && selects(chat.info) {
            diff.stats.failed += chat.unidentified
            for entry in chat.entries {
                if entry.failed { diff.stats.failed += 1 } else { diff.stats.outOfRange += 1 }
            }
        }
        return diff
    }

    /// Merges one chat's entries from both exports (both sorted by id).
    private static func compare(_ old: ArchiveChat?, _ new: ArchiveChat, into changes: inout [ArchiveChange], stats: inout DiffStats) {
        let before = old?.entries ?? []
        let after = new.entries
        var i = 0
        var j = 0
        while i < before.count || j < after.count {
            if j >= after.count || (i < before.count && before[i].id < after[j].id) {
                let entry = before[i]
                i += 1
                if entry.failed {
                    stats.failed += 1
                } else if new.covers(entry.date) {
                    stats.deleted += 1
                    changes.append(ArchiveChange(kind: .deleted, id: entry.id, old: entry, new: nil))
                } else {
                    stats.outOfRange += 1
                }
            } else if i >= before.count || after[j].id < before[i].id {
                let entry = after[j]
                j += 1
                if entry.failed {
                    stats.failed += 1
                } else {
                    stats.added += 1
                    changes.append(ArchiveChange(kind: .added, id: entry.id, old: nil, new: entry))
                }
            } else {
                let (a, b) = (before[i], after[j])
                i += 1
                j += 1
                if a.failed || b.failed {
                    stats.failed += (a.failed ? 1 : 0) + (b.failed ? 1 : 0)
                } else if a.hash == b.hash {
                    stats.unchanged += 1
                } else {
                    stats.edited += 1
                    changes.append(ArchiveChange(kind: .edited, id: a.id, old: a, new: b))
                }
            }
        }
    }
}
