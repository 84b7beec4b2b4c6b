/// One block of a chat's search index: up to `SearchIndexWriter.blockSize` consecutive
/// messages, kept in memory until the block is full and then written as data files: the
/// messages' metadata (`m`), their texts in files of `SearchIndexWriter.textChunk`
/// messages (`t`), and the terms with the messages that have them, split into
/// `SearchIndexWriter.buckets` files by the term's first character, so a query loads
/// only the buckets of its own terms and the texts of the messages it shows.
struct SearchBlock {
    /// The chat's number of the block's first message.
    let first: Int
    private(set) var count = 0
    private var terms: [[UInt16]: [Int]] = [:]
    private var ids: [UInt8] = []
    private var pages: [UInt8] = []
    private var times: [UInt8] = []
    private var who: [UInt8] = []
    private var features: [UInt8] = []
    private var senders: [String: Int] = [:]
    private var senderList: [(name: String, id: String)] = []
    /// The texts and notes of each chunk of `SearchIndexWriter.textChunk` messages.
    private var texts: [JSONWriter] = []
    private var notes: [JSONWriter] = []
    private var last = (id: Int64(0), page: 0, minutes: Int64(0))
    /// Bytes of message text the block covers (UTF-8).
    private(set) var textBytes = 0

    init(first: Int) {
        self.first = first
    }

    /// Adds the next message, which is on page `page` (0-based) of its chat.
    mutating func add(_ record: SearchRecord, page: Int) {
        let n = count
        for term in record.terms { terms[term, default: []].append(n) }
        SearchCode.append(signed: record.id &- last.id, to: &ids)
        SearchCode.append(UInt64(max(0, page - last.page)), to: &pages)
        SearchCode.append(signed: record.minutes - last.minutes, to: &times)
        let key = record.sender + "\u{0}" + record.fromID
        let sender: Int
        if let known = senders[key] {
            sender = known
        } else {
            sender = senderList.count
            senders[key] = sender
            senderList.append((record.sender, record.fromID))
        }
        SearchCode.append(UInt64(sender), to: &who)
        SearchCode.append(UInt64(record.features), to: &features)
        if n % SearchIndexWriter.textChunk == 0 {
            texts.append(JSONWriter())
            texts[texts.count - 1].raw("[")
            notes.append(JSONWriter())
            notes[notes.count - 1].raw("{")
        } else {
            texts[texts.count - 1].comma()
        }
        texts[texts.count - 1].string(record.text)
        if !record.note.isEmpty {
            if notes[notes.count - 1].bytes.count > 1 { notes[notes.count - 1].comma() }
            notes[notes.count - 1].key(String(n % SearchIndexWriter.textChunk))
            notes[notes.count - 1].string(record.note)
        }
        textBytes += record.text.utf8.count
        last = (record.id, page, record.minutes)
        count += 1
    }

    /// The block's data files: name (`m0.js`, `t0.js`, `t1.js`, …, `i0_3.js`) and contents, each a
    /// call of the script's `msgfmtSearch.load` with the chat's folder, the file's name
    /// and its data. Term buckets without terms are left out.
    func files(chat: String, block: Int, buckets: Int) -> [(name: String, bytes: [UInt8])] {
        var out: [(String, [UInt8])] = []
        var meta = JSONWriter()
        meta.raw("{")
        meta.key("first"); meta.number(first)
        meta.comma(); meta.key("count"); meta.number(count)
        for (key, value) in [("ids", ids), ("pages", pages), ("times", times), ("who", who), ("features", features)] {
            meta.comma(); meta.key(key); meta.string(String(decoding: value, as: UTF8.self))
        }
        meta.comma(); meta.key("senders"); meta.raw("[")
        for (i, s) in senderList.enumerated() {
            if i > 0 { meta.comma() }
            meta.raw("["); meta.string(s.name); meta.comma(); meta.string(s.id); meta.raw("]")
        }
        meta.raw("]}")
        out.append(file(chat, "m\(block)", meta.bytes))
        for (c, chunk) in texts.enumerated() {
            var text = chunk
            text.raw("]")
            var note = notes[c]
            note.raw("}")
            let body = Array("{\"texts\":".utf8) + text.bytes + Array(",\"notes\":".utf8) + note.bytes + Array("}".utf8)
            out.append(file(chat, "t\(first / SearchIndexWriter.textChunk + c)", body))
        }
        var sorted = Array(terms.keys)
        sorted.sort { $0.lexicographicallyPrecedes($1) }
        var bucketData = [[UInt8]](repeating: [], count: buckets)
        for term in sorted {
            let k = Int(term[0]) % buckets
            if !bucketData[k].isEmpty { bucketData[k].append(UInt8(ascii: "|")) }
            bucketData[k].append(contentsOf: String(decoding: term, as: UTF16.self).utf8)
            bucketData[k].append(UInt8(ascii: " "))
            var previous = -1
            for n in terms[term] ?? [] {
                SearchCode.append(UInt64(n - previous - 1), to: &bucketData[k])
                previous = n
            }
        }
        for (k, data) in bucketData.enumerated() where !data.isEmpty {
            var w = JSONWriter()
            w.string(String(decoding: data, as: UTF8.self))
            out.append(file(chat, "i\(block)_\(k)", w.bytes))
        }
        return out
    }

    /// `msgfmtSearch.load("chat_001","m0",DATA);`
    private func file(_ chat: String, _ name: String, _ data: [UInt8]) -> (String, [UInt8]) {
        var w = JSONWriter()
        w.raw("msgfmtSearch.load(")
        w.string(chat); w.comma(); w.string(name); w.comma()
        return ("\(name).js", w.bytes + data + Array(");\n".utf8))
    }
}
