/// Builds the HTML site's search index while the site is written, in message order, and
/// hands out its data files as soon as they are complete, so memory holds one block of
/// one chat at a time however large the export.
///
/// The files, under `search/` of the site (each a script that calls `msgfmtSearch.load`,
/// since browsers load scripts from disk but refuse `fetch()` there):
/// - `search/CHAT/mB.js`: block B's messages: ids, pages, local times, senders, `has:`
///   features;
/// - `search/CHAT/tC.js`: the texts of messages C × `textChunk` …, for phrases and
///   snippets;
/// - `search/CHAT/iB_K.js`: their terms whose first UTF-16 unit is K modulo `buckets`,
///   sorted, each with the block's messages that have it;
/// - `search/chats.js`: every chat with its folder, name, message count and blocks.
struct SearchIndexWriter {
    /// Messages per block: fewer, larger files load faster in a browser.
    static let blockSize = 32768
    /// Messages per text file: a query loads the texts of the messages it shows.
    static let textChunk = 1024
    /// Term files per block.
    static let buckets = 8

    /// What the index says about one chat.
    private struct Chat {
        var folder: String
        var name: String
        var count = 0
    }

    /// Writes a file under the site (a path like `search/chat_001/m0.js`, whose folders
    /// it creates).
    private let emit: (String, [UInt8]) -> Void
    private var chats: [Chat] = []
    private var block: SearchBlock?
    /// Bytes written and bytes of message text covered, for the README's measurements.
    private(set) var indexBytes = 0
    private(set) var storeBytes = 0
    private(set) var textBytes = 0

    /// Creates a writer that passes each finished file to `emit`.
    init(emit: @escaping (String, [UInt8]) -> Void) {
        self.emit = emit
    }

    /// A chat begins; its files go to `search/FOLDER/`.
    mutating func beginChat(folder: String, name: String) {
        flush()
        chats.append(Chat(folder: folder, name: name))
    }

    /// Adds the next message of the current chat, shown on page `page` (0-based).
    mutating func add(_ record: SearchRecord, page: Int) {
        guard !chats.isEmpty else { return }
        let n = chats[chats.count - 1].count
        if block == nil { block = SearchBlock(first: n) }
        block?.add(record, page: page)
        chats[chats.count - 1].count += 1
        if let b = block, b.count >= Self.blockSize { flush() }
    }

    /// The current chat ended (its name may have changed with fields after the messages).
    mutating func endChat(name: String) {
        flush()
        if !chats.isEmpty { chats[chats.count - 1].name = name }
    }

    /// Writes `search/chats.js`.
    mutating func finish() {
        flush()
        var w = JSONWriter()
        w.raw("msgfmtSearch.load(\"\",\"chats\",{\"blockSize\":")
        w.number(Self.blockSize)
        w.raw(",\"textChunk\":")
        w.number(Self.textChunk)
        w.raw(",\"buckets\":")
        w.number(Self.buckets)
        w.raw(",\"chats\":[")
        for (i, chat) in chats.enumerated() {
            if i > 0 { w.comma() }
            w.raw("{"); w.key("folder"); w.string(chat.folder)
            w.comma(); w.key("name"); w.string(chat.name)
            w.comma(); w.key("count"); w.number(chat.count)
            w.raw("}")
        }
        w.raw("]});\n")
        emit("search/chats.js", w.bytes)
    }

    /// Writes the current block's files, if it has messages.
    private mutating func flush() {
        guard let b = block, let chat = chats.last else { return }
        block = nil
        guard b.count > 0 else { return }
        textBytes += b.textBytes
        for file in b.files(chat: chat.folder, block: b.first / Self.blockSize, buckets: Self.buckets) {
            if file.name.hasPrefix("i") { indexBytes += file.bytes.count } else { storeBytes += file.bytes.count }
            emit("search/\(chat.folder)/\(file.name)", file.bytes)
        }
    }
}
