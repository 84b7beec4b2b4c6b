/// One block of a chat's search index: up to `SearchIndexWriter.blockSize` consecutive
/// messages, kept in memory until the block is full and then written as data files. A
/// query loads only what it needs: the term files of its own words, a column of the whole
/// block only for an operator that asks about it, and the chunks of the messages it shows.
/// - `iB_K`: the words (and spaceless pairs) in bucket K (`SearchBlock.bucket(of:)`),
///   sorted, each with the block's messages that have it; `pB_K`: the same for the pairs
///   of words (`SearchTerms`), which only phrases look up;
/// - `fB` (`has:` features), `wB` (senders, for `from:`), `dB` (local times, for
///   `before:`, `after:` and to merge chats newest first): one column of the block each;
/// - `cC`: chunk C of `SearchIndexWriter.chunkSize` messages (numbered in the chat): ids
///   (decimal strings, exact), pages, times, senders, texts and notes, for the results a
///   page of them shows and for checking phrases.
struct SearchBlock {
    /// The chat's number of the block's first message.
    let first: Int
    private(set) var count = 0
    private var terms = SearchTermTable()
    private var times: [UInt8] = []
    private var who: [UInt8] = []
    private var features: [UInt8] = []
    /// Each sender's number in `senderList`, by name and `from_id`; and the last
    /// message's, which the next one most often shares.
    private var senders: [Sender: Int] = [:]
    private var senderList: [(name: String, id: String)] = []
    private var lastSender: (Sender, Int)?
    private var lastMinutes = Int64(0)
    /// The chunks of the block not handed out yet (`takeFullChunks`), the last one maybe
    /// still filling.
    private var chunks: [SearchChunk] = []
    /// How many of the block's chunks were handed out already.
    private var chunksTaken = 0

    init(first: Int) {
        self.first = first
    }

    /// A sender as `from:` tells senders apart: the name the transcript shows and the
    /// `from_id`.
    private struct Sender: Hashable {
        var name: String
        var id: String
    }

    /// The term file of a term: by its first character for scripts written without spaces
    /// (a query of one such character finds its pairs in the same file); else by its first
    /// two UTF-16 units, the first choosing a row of `rows` files, so a one-letter query
    /// loads one row.
    static func bucket(of term: [UInt16]) -> Int {
        term.withUnsafeBufferPointer { bucket(of: $0) }
    }

    /// `bucket(of:)` of the units in place.
    static func bucket(of term: UnsafeBufferPointer<UInt16>) -> Int {
        let buckets = SearchIndexWriter.buckets
        let rows = SearchIndexWriter.bucketRows
        let scalar = UTF16Text.scalar(in: term, at: 0).scalar
        if FoldedText.isSpaceless(scalar) { return Int(scalar.value) % buckets }
        let second = term.count > 1 ? Int(term[1]) : 0
        return Int(term[0]) % rows * (buckets / rows) + second % (buckets / rows)
    }

    /// Adds the next message, which is on page `page` (0-based) of its chat.
    mutating func add(_ record: SearchRecord, page: Int) {
        let n = count
        terms.prefetch(record.terms)
        terms.add(record.terms, message: n)
        SearchCode.append(signed: record.minutes - lastMinutes, to: &times)
        lastMinutes = record.minutes
        let key = Sender(name: record.sender, id: record.fromID)
        let sender: Int
        if let (last, number) = lastSender, last == key {
            sender = number
        } else if let known = senders[key] {
            sender = known
        } else {
            sender = senderList.count
            senders[key] = sender
            senderList.append((record.sender, record.fromID))
        }
        lastSender = (key, sender)
        SearchCode.append(UInt64(sender), to: &who)
        SearchCode.append(UInt64(record.features), to: &features)
        if (first + n) % SearchIndexWriter.chunkSize == 0 || chunks.isEmpty { chunks.append(SearchChunk()) }
        chunks[chunks.count - 1].add(record, page: page)
        count += 1
    }

    /// The files of the chunks that are full (all but the one filling), taken out of the
    /// block: a chunk does not depend on the rest of the block, so it need not wait in
    /// memory for the block to end.
    mutating func takeFullChunks(chat: String) -> [(name: String, bytes: [UInt8])] {
        guard chunks.count > 1 else { return [] }
        var out: [(String, [UInt8])] = []
        for c in 0..<(chunks.count - 1) { out.append(chunkFile(chat, c)) }
        chunksTaken += chunks.count - 1
        chunks.removeFirst(chunks.count - 1)
        return out
    }

    /// Hands the block's data files to `emit` one at a time, so only one is in memory at
    /// once: name (`i0_3.js`, `f0.js`, `w0.js`, `d0.js`, `c0.js`, …) and contents, each a
    /// call of the script's `msgfmtSearch.load` with the chat's folder, the file's name and
    /// its data. Term buckets without terms are left out. The block's terms are let go on
    /// the way (`SearchTermTable.drainSorted`).
    mutating func writeFiles(chat: String, block: Int, emit: ((name: String, bytes: [UInt8])) -> Void) {
        var column = JSONWriter()
        column.string(String(decoding: features, as: UTF8.self))
        emit(file(chat, "f\(block)", column.takeBytes()))
        column.string(String(decoding: times, as: UTF8.self))
        emit(file(chat, "d\(block)", column.takeBytes()))
        var w = JSONWriter()
        w.raw("{\"who\":")
        w.string(String(decoding: who, as: UTF8.self))
        w.raw(",\"senders\":[")
        for (i, s) in senderList.enumerated() {
            if i > 0 { w.comma() }
            w.raw("["); w.string(s.name); w.comma(); w.string(s.id); w.raw("]")
        }
        w.raw("]}")
        emit(file(chat, "w\(block)", w.takeBytes()))
        for c in chunks.indices { emit(chunkFile(chat, c)) }
        // Term files one at a time: the terms come bucket by bucket (pairs of words,
        // `first second`, in files of their own, `pB_K`, so a query of words does not load
        // them), each file written once its bucket's terms are done.
        let buckets = SearchIndexWriter.buckets(forBlockOf: count)
        var bucket = -1
        var data: [UInt8] = []
        func emitBucket() {
            guard !data.isEmpty else { return }
            var t = JSONWriter()
            t.string(String(decoding: data, as: UTF8.self))
            data.removeAll(keepingCapacity: true)
            emit(file(chat, (bucket < buckets ? "i" : "p") + "\(block)_\(bucket % buckets)", t.takeBytes()))
        }
        var terms = self.terms
        self.terms = SearchTermTable()
        let fileOf = { (term: UnsafeBufferPointer<UInt16>) in
            (buckets == 1 ? 0 : Self.bucket(of: term)) + (term.contains(0x20) ? buckets : 0)
        }
        terms.drainSorted(groupedBy: fileOf) { k, term, messages in
            if k != bucket {
                emitBucket()
                bucket = k
            }
            if !data.isEmpty { data.append(UInt8(ascii: "|")) }
            data.appendBytes(upTo: term.count * 3) { out in
                UTF16Text.encodeUTF8(term, into: UnsafeMutableBufferPointer(start: out, count: term.count * 3))
            }
            data.append(UInt8(ascii: " "))
            // The gaps between the messages' numbers, each under 65 536, so at most four
            // digits each: written in one go.
            data.appendBytes(upTo: messages.count * 4) { out in
                var written = 0
                var previous = -1
                for n in messages {
                    written += SearchCode.write(UInt64(Int(n) - previous - 1), to: out + written)
                    previous = Int(n)
                }
                return written
            }
        }
        emitBucket()
    }

    /// The file of chunk `c` of those not handed out yet, numbered in the chat.
    private func chunkFile(_ chat: String, _ c: Int) -> (name: String, bytes: [UInt8]) {
        file(chat, "c\(first / SearchIndexWriter.chunkSize + chunksTaken + c)", chunks[c].data())
    }

    /// `msgfmtSearch.load("chat_001","f0",DATA);`
    private func file(_ chat: String, _ name: String, _ data: [UInt8]) -> (name: String, bytes: [UInt8]) {
        var w = JSONWriter()
        w.raw("msgfmtSearch.load(")
        w.string(chat); w.comma(); w.string(name); w.comma()
        var bytes = w.takeBytes()
        bytes.reserveCapacity(bytes.count + data.count + 3)
        bytes.append(contentsOf: data)
        bytes.append(contentsOf: [0x29, 0x3B, 0x0A])  // ");\n"
        return ("\(name).js", bytes)
    }
}
