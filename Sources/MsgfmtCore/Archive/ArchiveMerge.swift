/// The plan of a merge of several exports, made from their indexes alone: which chats the
/// merged transcript has, in which order, and for each message which export's version is
/// written and whether it was deleted. The result depends on the set of exports, not on
/// the order they are given in.
///
/// - Exports are ranked by recency: the latest date or edit time they show (`asOf`), ties
///   broken by their `fingerprint`.
/// - A message appears once; the version of the most recent export holding it (decodable)
///   wins. Messages are ordered by date, then id.
/// - A message is deleted when some export has its chat, covers its date (between the
///   chat's first and last date there) and lacks it. Telegram never reuses an id, so an
///   export that spans the date but lacks the message was made after it was deleted.
/// - Chats come in the most recent export's order, then those only older exports have;
///   each chat's name and fields come from the most recent export holding it.
/// - A message that no export could decode is left out (the indexer reported it).
public struct ArchiveMerge: Sendable {
    /// One chat of the merged transcript.
    public struct Chat: Sendable {
        /// What the most recent export holding the chat says about it.
        public var info: ExportChatInfo
        /// Its messages, by date then id.
        public var entries: [MergedEntry]
    }

    /// The chats, in order.
    public var chats: [Chat] = []
    /// The exporting account's `from_id`, from the most recent export that names one.
    public var owner: String?
    /// Messages found deleted (whatever `--deleted` does with them).
    public var deleted = 0
    /// Messages of the chats kept that no export could read (reported when indexed,
    /// counted as read and failed by `--stats`): those not read far enough to know their
    /// id, in every export, and those whose every version failed.
    public var unreadable = 0

    /// Plans the merge of `indexes` (one per file, as given), keeping the chats `selects`
    /// accepts; `policy` drops deleted messages or keeps them, marked or not.
    public static func plan(_ indexes: [ArchiveIndex], selects: (ExportChatInfo) -> Bool, policy: DeletedMessages) -> ArchiveMerge {
        let ranked = indexes.indices.sorted { a, b in
            let x = indexes[a]
            let y = indexes[b]
            if x.asOf != y.asOf { return x.asOf > y.asOf }
            if x.fingerprint != y.fingerprint { return x.fingerprint > y.fingerprint }
            return a < b
        }
        var merge = ArchiveMerge()
        merge.owner = ranked.lazy.compactMap { indexes[$0].owner }.first
        var seen = Set<ChatKey>()
        for source in ranked {
            for chat in indexes[source].chats where !seen.contains(chat.key) {
                seen.insert(chat.key)
                var info = chat.info
                info.ordinal = merge.chats.count
                guard selects(info) else { continue }
                let holders = ranked.compactMap { i in indexes[i].chat(chat.key).map { (source: i, chat: $0) } }
                let (entries, deleted, failed) = Self.messages(of: holders, policy: policy)
                merge.deleted += deleted
                merge.unreadable += failed + holders.reduce(0) { $0 + $1.chat.unidentified }
                merge.chats.append(Chat(info: info, entries: entries))
            }
        }
        return merge
    }

    /// One chat's merged messages from the exports holding it (most recent first), how
    /// many were found deleted, and how many had no version that could be read.
    static func messages(of holders: [(source: Int, chat: ArchiveChat)], policy: DeletedMessages) -> (
        [MergedEntry], deleted: Int, failed: Int
    ) {
        // Every version of every message, grouped by id with the most recent export first.
        var versions: [(rank: Int, entry: ArchiveEntry)] = []
        versions.reserveCapacity(holders.reduce(0) { $0 + $1.chat.entries.count })
        for (rank, holder) in holders.enumerated() {
            for entry in holder.chat.entries { versions.append((rank, entry)) }
        }
        versions.sort { ($0.entry.id, $0.rank) < ($1.entry.id, $1.rank) }
        // At most one entry per version, reserved at once: growing by doubling would hold
        // the old array beside the new one at the largest step.
        var merged: [MergedEntry] = []
        merged.reserveCapacity(versions.count)
        var deletedCount = 0
        var failedCount = 0
        var start = 0
        while start < versions.count {
            var end = start + 1
            while end < versions.count, versions[end].entry.id == versions[start].entry.id { end += 1 }
            defer { start = end }
            guard let winner = versions[start..<end].first(where: { !$0.entry.failed }) else {
                failedCount += 1
                continue
            }
            let date = winner.entry.date
            let deleted = holders.indices.contains { rank in
                holders[rank].chat.covers(date) && !versions[start..<end].contains { $0.rank == rank }
            }
            if deleted {
                deletedCount += 1
                if policy == .drop { continue }
            }
            merged.append(
                MergedEntry(source: holders[winner.rank].source, entry: winner.entry, deleted: deleted && policy == .mark))
        }
        versions = []
        merged.sort { ($0.entry.date, $0.entry.id) < ($1.entry.date, $1.entry.id) }
        return (merged, deletedCount, failedCount)
    }
}
