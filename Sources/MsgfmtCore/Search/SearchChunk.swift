/// What the site's search keeps of a few consecutive messages
/// (`SearchIndexWriter.chunkSize`) to show them as results and to check phrases in them:
/// ids as decimal strings (exact however large), pages and local times in `SearchCode`,
/// senders by number into the chunk's list of names, texts, and the notes of messages
/// without text.
struct SearchChunk {
    private var ids: [String] = []
    private var pages: [UInt8] = []
    private var times: [UInt8] = []
    private var who: [UInt8] = []
    private var senders: [String: Int] = [:]
    private var names: [String] = []
    private var texts = JSONWriter()
    private var notes = JSONWriter()
    private var count = 0
    private var last = (page: 0, minutes: Int64(0))

    /// Adds the next message, on page `page`.
    mutating func add(_ record: SearchRecord, page: Int) {
        ids.append(String(record.id))
        SearchCode.append(UInt64(max(0, page - last.page)), to: &pages)
        SearchCode.append(signed: record.minutes - last.minutes, to: &times)
        last = (page, record.minutes)
        let sender: Int
        if let known = senders[record.sender] {
            sender = known
        } else {
            sender = names.count
            senders[record.sender] = sender
            names.append(record.sender)
        }
        SearchCode.append(UInt64(sender), to: &who)
        if count > 0 { texts.comma() }
        texts.json(record.quotedText)
        if !record.note.isEmpty {
            if !notes.bytes.isEmpty { notes.comma() }
            notes.key(String(count))
            notes.string(record.note)
        }
        count += 1
    }

    /// The chunk as a JSON object.
    func data() -> [UInt8] {
        var w = JSONWriter()
        w.raw("{\"ids\":")
        w.string(ids.joined(separator: " "))
        for (key, value) in [("pages", pages), ("times", times), ("who", who)] {
            w.comma(); w.key(key); w.string(String(decoding: value, as: UTF8.self))
        }
        w.raw(",\"senders\":[")
        for (i, name) in names.enumerated() {
            if i > 0 { w.comma() }
            w.string(name)
        }
        w.raw("],\"texts\":[")
        return w.bytes + texts.bytes + Array("],\"notes\":{".utf8) + notes.bytes + Array("}}".utf8)
    }
}
